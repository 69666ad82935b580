#pragma once
// Runs a pipeline on the GPU: every stage on one stream with an event pair around it, every stage's output kept
// on the device (so any stage can be displayed, compared or downloaded without re-running).
#include <set>
#include <utility>
#include <vector>

#include "core/pipeline.hpp"
#include "cuda/owners.hpp"
#include "cuda/transfer.hpp"

namespace fl::cuda {

class PipelineExecutor {
 public:
  explicit PipelineExecutor(const Registry& reg);

  // Uploads the input image (through pinned memory). Keeps it until the next upload.
  void SetInput(const Image& input);
  const DeviceImage& input() const { return input_; }

  // Validates the pipeline (formats, launch configurations against the device limits) and runs it. Throws
  // InputError for a pipeline or configuration that cannot run (nothing is launched), RuntimeError for CUDA
  // failures. Waits for the stream, so stage_ms() is ready when it returns.
  void Run(const Pipeline& p);

  std::size_t stage_count() const { return outputs_.size(); }
  DeviceView StageOutput(std::size_t i) const;  // a disabled stage's output is its input
  const std::vector<float>& stage_ms() const { return stage_ms_; }
  float total_ms() const;
  Image Download(std::size_t stage);
  cudaStream_t stream() const { return stream_.get(); }
  const DeviceLimits& limits() const { return limits_; }

 private:
  // Enqueues every stage with its event pair on the stream (no wait).
  void Enqueue(const std::vector<ResolvedStage>& resolved, const Pipeline& p);

  const Registry& reg_;
  DeviceLimits limits_;
  Stream stream_;
  Transfer transfer_;
  DeviceImage input_;
  std::vector<DeviceImage> buffers_;   // per stage; empty for disabled stages
  std::vector<DeviceView> outputs_;    // per stage
  std::vector<DeviceBuffer> scratch_;  // per stage
  std::vector<Event> starts_, stops_;
  std::vector<float> stage_ms_;
  std::set<std::pair<const VariantSpec*, PixelFormat>> warmed_;  // kernels launched at least once
};

// Checks a stage's launch configuration against the device; throws InputError with the reason.
void ValidateLaunch(const DeviceLimits& limits, const ResolvedStage& r, const Stage& s, const std::string& label);

// Runs one CUDA variant on a device image into `out` (reallocated to the output shape), allocating scratch as
// needed. Validates the configuration first. Used by the executor, the tests and the benchmark.
void RunCudaVariant(const DeviceLimits& limits, const FilterSpec& f, const VariantSpec& v, const ParamValues& params,
                    const LaunchConfig& launch, const DeviceView& in, DeviceImage& out, DeviceBuffer& scratch,
                    cudaStream_t stream, const DeviceView* second = nullptr);

}  // namespace fl::cuda
