#pragma once
// Runs plans on the GPU: every stage on one stream with an event pair around its launch, every stage's output
// kept on the device (so any stage can be displayed, compared or downloaded without re-running). Buffers are
// (re)allocated before the first event is recorded, and the stream is held at a gate (cuda/stream_gate.hpp) until
// every stage is enqueued: a stage's timed window holds its launches and nothing else, not even launch overhead.
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "core/executor.hpp"
#include "cuda/owners.hpp"
#include "cuda/stream_gate.hpp"
#include "cuda/transfer.hpp"

namespace fl::cuda {

class CudaExecutor final : public Executor {
 public:
  CudaExecutor();  // queries the device; throws RuntimeError when there is none

  Backend backend() const override { return Backend::Cuda; }
  const DeviceLimits* limits() const override { return &limits_; }
  void SetInput(const Image& input) override;  // uploads through pinned memory; keeps the host copy
  const Image& input() const override { return host_input_; }
  void Run(const Plan& plan) override;
  bool has_result() const override { return has_result_; }
  void Forget() override { has_result_ = false; }
  const std::vector<double>& stage_ms() const override { return stage_ms_; }
  StageOutput Output(int stage) const override;
  Image Download(int stage) override;
  std::array<float, 4> ReadPixel(int stage, int x, int y) override;
  KernelFacts KernelInfo(const PlannedStage& s) const override;

  DeviceView DeviceOutput(int stage) const;  // the input for -1 or a stage not run
  cudaStream_t stream() const { return stream_.get(); }

 private:
  void CheckDeviceMemory(const Plan& plan) const;  // throws InputError when the new buffers cannot fit
  void Prepare(const Plan& plan);  // buffers, scratch, events and the stage views: no launches
  void Enqueue(const Plan& plan);  // every stage with its event pair on the stream (no wait)

  DeviceLimits limits_;
  Stream stream_;
  StreamGate gate_;
  Transfer transfer_;
  Image host_input_;
  DeviceImage input_;
  bool has_result_ = false;
  std::vector<DeviceImage> buffers_;   // per stage; empty for disabled stages
  std::vector<DeviceView> outputs_;    // per stage (a disabled stage's is its input)
  std::vector<DeviceBuffer> scratch_;  // per stage
  std::vector<Event> starts_, stops_;
  std::vector<double> stage_ms_;
  std::set<std::pair<const VariantSpec*, PixelFormat>> warmed_;  // kernels launched at least once
};

// Enqueues one planned CUDA stage (no checks: the plan made them). The benchmark times exactly this.
void LaunchPlannedStage(const PlannedStage& s, const DeviceView& in, const DeviceView& out, const DeviceView* second,
                        DeviceBuffer& scratch, cudaStream_t stream);

// Plans one CUDA variant on a device image (throws InputError with the reason when it cannot run), allocates
// `out` (when its shape differs) and `scratch` as needed, and launches it. For the tests and the benchmark.
void RunCudaVariant(const DeviceLimits& limits, const FilterSpec& f, const VariantSpec& v, const ParamValues& params,
                    const LaunchConfig& launch, const DeviceView& in, DeviceImage& out, DeviceBuffer& scratch,
                    cudaStream_t stream, const DeviceView* second = nullptr);

// The executor for a backend: CpuExecutor or CudaExecutor.
std::unique_ptr<Executor> MakeExecutor(Backend backend);

}  // namespace fl::cuda
