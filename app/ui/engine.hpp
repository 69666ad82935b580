#pragma once
// The lab's engine: owns the backend (the CUDA pipeline executor, or the CPU one when there is no device), the
// input image and the last good run. The UI never talks to a backend directly.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/ui/app_state.hpp"
#include "core/image.hpp"
#include "core/pipeline.hpp"

namespace fl::cuda {
class PipelineExecutor;
class DisplayConverter;
struct KernelInfo;
}  // namespace fl::cuda

namespace fl::ui {

class Engine {
 public:
  // With Backend::Cuda, creates the executor and measures the copy bandwidth once (a warning instead when the
  // measurement fails). Throws RuntimeError when the CUDA device cannot be used.
  Engine(const Registry& reg, Backend backend);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  Backend backend() const { return backend_; }
  const Registry& registry() const { return reg_; }
  const std::string& device_name() const { return device_name_; }
  const std::optional<DeviceLimits>& limits() const { return limits_; }
  double copy_gbs() const { return copy_gbs_; }
  const std::string& warning() const { return warning_; }

  // Replaces the input (uploading it on CUDA) and forgets the last result: the next Run starts afresh.
  void SetInput(Image input);
  const Image& input() const { return input_; }
  bool has_input() const { return !input_.empty(); }

  // Why `p` cannot run on this input and backend (formats, parameters, launch configurations against the
  // device), naming the stage; nullopt when it can. Launches nothing.
  std::optional<PipelineIssue> Check(const Pipeline& p) const;
  // Runs `p`. On success it becomes the result. Throws InputError / RuntimeError on failure, after restoring the
  // previous result (by re-running it when the failure may have disturbed the device buffers).
  void Run(const Pipeline& p);
  bool has_result() const { return has_result_; }
  const Pipeline& result_pipeline() const { return result_; }
  const std::vector<ResolvedStage>& resolved() const { return resolved_; }
  const std::vector<double>& stage_ms() const { return stage_ms_; }

  // The shape of what `stage` shows (kShowInput: the input).
  ImageShape OutputShape(int stage) const;
  // The output as a host image (downloads on CUDA): for saving, and for the CPU display path.
  Image Download(int stage);
  // The host output without a copy (CPU backend only).
  const Image& HostOutput(int stage) const;
  // One pixel's value (a tiny device read on CUDA).
  std::array<float, 4> ReadPixel(int stage, int x, int y);
  // Registers, shared memory and occupancy of a stage's kernel in the last run, into the report's kernel fields
  // (left unknown on the CPU; the text says why when the query fails).
  void FillKernelInfo(std::size_t stage, StageReport& report);

  // B of the A/B comparison: a second run of the same input with its own executor (CUDA) or host outputs (CPU),
  // so that A's outputs stay as they are. RunB throws like Run; on failure B has no result.
  void RunB(const Pipeline& p);
  void ForgetB() { has_result_b_ = false; }
  bool has_result_b() const { return has_result_b_; }
  const Pipeline& result_b() const { return result_b_; }
  const std::vector<double>& stage_ms_b() const { return stage_ms_b_; }
  ImageShape OutputShapeB(int stage) const;
  Image DownloadB(int stage);
  std::array<float, 4> ReadPixelB(int stage, int x, int y);
  // The device image a stage shows (CUDA only): A's, or B's with `b`.
  DeviceView DeviceOutput(int stage, bool b) const;
  // The host image a stage shows (CPU only): A's, or B's with `b`.
  const Image& HostOutputOf(int stage, bool b) const;

  // The CPU reference chain (every stage's `reference` variant, default launch) of `p` up to and including
  // `stage`, cached: it depends only on the parameters, the enabled flags and the input, so changing variants
  // or launch configurations does not re-run it. Two entries (A's and B's parameters). kShowInput: the input.
  const Image& ReferenceOutput(const Pipeline& p, int stage);

  // CUDA only (nullptr on the CPU): for the display conversion.
  cuda::PipelineExecutor* executor() { return exec_.get(); }
  cuda::DisplayConverter* converter() { return converter_.get(); }

 private:
  void RunUnchecked(const Pipeline& p);

  const Registry& reg_;
  Backend backend_;
  std::string device_name_;
  std::optional<DeviceLimits> limits_;
  double copy_gbs_ = 0;
  std::string warning_;
  std::unique_ptr<cuda::PipelineExecutor> exec_;
  std::unique_ptr<cuda::DisplayConverter> converter_;
  Image input_;
  std::vector<Image> host_outputs_;  // CPU backend
  bool has_result_ = false;
  Pipeline result_;
  std::vector<ResolvedStage> resolved_;
  std::vector<double> stage_ms_;

  std::unique_ptr<cuda::PipelineExecutor> exec_b_;
  std::vector<Image> host_outputs_b_;
  bool has_result_b_ = false;
  Pipeline result_b_;
  std::vector<ResolvedStage> resolved_b_;
  std::vector<double> stage_ms_b_;

  struct ReferenceEntry {
    std::string key;  // the reference pipeline as JSON
    std::vector<Image> outputs;
  };
  std::vector<ReferenceEntry> references_;  // most recently used first
};

}  // namespace fl::ui
