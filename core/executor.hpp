#pragma once
// The one interface the lab and the CLI run pipelines through. A CpuExecutor (core/cpu_executor.hpp) and a
// CudaExecutor (cuda/cuda_executor.hpp) implement it; tests use a fake. Stage indices are 0-based; -1 (and any
// index past the last run) means the input.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/plan.hpp"

namespace fl {

// Where a stage's output lives: on the host (CPU executor) or on the device (CUDA executor), with the stream
// (a cudaStream_t as void*) that produced it, so that a consumer (display, comparer) orders its work after it.
struct StageOutput {
  const Image* host = nullptr;
  std::optional<DeviceView> device;
  void* stream = nullptr;
};

// Registers, shared memory and occupancy of a stage's kernel: "" and -1 where unknown (CPU code).
struct KernelFacts {
  std::string text;  // "32 regs, 0.0 KiB smem, 16 blocks/SM, 100% occupancy"
  int registers = -1;
  double occupancy = -1;
  std::string occupancy_explained;  // theoretical: limiter, reason, advice (core/occupancy.hpp); "" unknown
  long resident_blocks = 0;         // blocks resident on the whole device at once; 0 unknown
};

class Executor {
 public:
  virtual ~Executor() = default;
  virtual Backend backend() const = 0;
  // The device's limits (CUDA), nullptr on the CPU: plans for this executor are checked against them.
  virtual const DeviceLimits* limits() const { return nullptr; }

  // Takes a copy of the input (uploads it on CUDA) and forgets the last run.
  virtual void SetInput(const Image& input) = 0;
  virtual const Image& input() const = 0;
  // Runs a plan made for this executor's backend and input shape (throws InputError otherwise, or when the
  // plan has an issue; RuntimeError on a device failure). Waits for the work, so stage_ms() is ready.
  virtual void Run(const Plan& plan) = 0;
  virtual bool has_result() const = 0;
  virtual void Forget() = 0;
  // Per stage of the last run: cudaEvent time on CUDA, wall time on the CPU; 0 for disabled stages.
  virtual const std::vector<double>& stage_ms() const = 0;

  virtual StageOutput Output(int stage) const = 0;
  virtual Image Download(int stage) = 0;
  virtual std::array<float, 4> ReadPixel(int stage, int x, int y) = 0;
  // The kernel facts of a stage of the last run, for the timings and the occupancy explanation.
  virtual KernelFacts KernelInfo(const PlannedStage&) const { return {}; }
};

// The value of one pixel of a host image as up to four floats (out of range: zeros).
std::array<float, 4> HostPixel(const Image& img, int x, int y);

}  // namespace fl
