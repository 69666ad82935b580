#pragma once
// The plan: a pipeline resolved once against an input shape, a backend and the device limits. Everything
// downstream (the executors, the lab, the CLI's run / bench / compare, the launch-grid overlay) reads the plan;
// nothing re-derives shapes, shared-memory bytes or launch verdicts.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/pipeline.hpp"

namespace fl {

// Where a stage's second input comes from: none, the pipeline input (0) or the output of stage N (1-based).
constexpr int kNoSecondInput = -1;

// An error tied to a pipeline: which stage (0-based, or -1 for the whole pipeline) and why, naming the stage.
struct PipelineIssue {
  int stage = -1;
  std::string message;
  // When the stage refuses its input's format: a filter whose stage, put before it, hands it one it accepts
  // (FormatBridge); empty otherwise.
  std::string insert_before = {};
};

struct PlannedStage {
  const FilterSpec* filter = nullptr;
  const VariantSpec* requested = nullptr;  // the variant the stage names
  const VariantSpec* variant = nullptr;    // the variant that runs: `requested`, or the CPU reference for a
                                           // CUDA variant on the CPU backend (see `note`)
  ParamValues params;
  LaunchConfig launch;                     // the launch `variant` runs with: the stage's own, checked (also for a
                                           // stage shown with the CPU reference), or the defaults of a format
                                           // fallback (the pipeline keeps the stage's own)
  bool enabled = true;
  ImageShape in, out;
  int second = kNoSecondInput;
  std::size_t smem_bytes = 0;     // dynamic shared memory per block of `variant`'s kernel (0 for CPU code)
  std::size_t scratch_bytes = 0;  // device scratch `variant` needs
  // What one block computes and reads, and how many blocks cover the output (CUDA variants only).
  std::optional<BlockFootprint> footprint;
  bool footprint_declared = false;  // the variant declares it; else one pixel per thread
  int blocks_x = 0, blocks_y = 0;
  TailRule tail;  // divisor > 0: the launcher puts the last wave's rows in shorter strips (VariantSpec::tail)
  std::string note;  // "two_pass_smem needs CUDA: shown with the CPU reference", "fast has no gray32f to gray32f
                     // code: runs ppt4"

  bool fell_back() const { return variant != requested; }
  bool runs_cuda() const { return enabled && variant && variant->backend == Backend::Cuda; }
};

struct Plan {
  Backend backend = Backend::Cpu;
  ImageShape input;
  Pipeline pipeline;
  std::vector<PlannedStage> stages;    // planned up to (not including) the stage at fault
  std::optional<PipelineIssue> issue;  // the first reason the pipeline cannot run; nullopt: it can

  bool ok() const { return !issue.has_value(); }
  // Throws InputError with the issue's message when the plan cannot run.
  const Plan& Require() const;
  // Notes of stages that fell back to CPU code ("stage 2 (dilate5): two_pass_smem needs CUDA: ...").
  std::vector<std::string> Notes() const;
  // The shape a stage's output has (kShowInput-like -1: the input).
  ImageShape OutputShape(int stage) const;
  // Bytes stage i moves at the least: its input(s) read once and its output written once.
  double StageBytes(std::size_t i) const;
};

// The most generous launch limits of any CUDA device: launches are checked against these when no device is at
// hand, so a launch no CUDA device can run (block 4096x4096) is refused on a laptop as it would be on a GPU.
DeviceLimits PortableCudaLimits();
// The device's limits, or PortableCudaLimits() when there is no device (one shared copy: no allocation per call).
const DeviceLimits& LimitsOrPortable(const DeviceLimits* limits);
const DeviceLimits& LimitsOrPortable(const std::optional<DeviceLimits>& limits);

// A default block whose shared memory the device cannot give one block (a desktop GPU's 99 KiB against an H100's
// 227) runs half as tall until it fits, so that a default chain runs on every supported GPU: the shorter block, or
// nullopt when `launch` fits already or no shorter block passes the launch checks. The plan applies it to a block
// the person did not set (with a note); a block they set is refused by name instead.
std::optional<LaunchConfig> FittedBlock(const VariantSpec& v, const ParamValues& params, PixelFormat format,
                                        const LaunchConfig& launch, const DeviceLimits& limits);
// The launch the plan gives a stage of its own variant `v` on this device: StageLaunch with its default block fitted
// (FittedBlock). The editor and the tune window show it. A stage whose variant falls back to another for its format
// runs the fallback's own default instead (the plan's stage says so): see MakeTuneRequest.
LaunchConfig DeviceStageLaunch(const Stage& stage, const VariantSpec& v, const ImageShape& in,
                               const DeviceLimits& limits);
// A variant's default launch on this device (the benchmark's other variants): DefaultLaunch, fitted.
LaunchConfig DeviceDefaultLaunch(const VariantSpec& v, const ParamValues& params, const ImageShape& in,
                                 const DeviceLimits& limits);
// What variant `v` of planned stage `s` runs with (bench --variants all): the plan's launch for the variant the plan
// picked, another variant's default fitted to this device.
LaunchConfig VariantLaunchFor(const PlannedStage& s, const VariantSpec& v, const DeviceLimits& limits);

// Resolves and validates every stage once: filter and variant ids, parameters, formats flowing between stages,
// second inputs, output shapes, and each CUDA launch against `limits` (the device's, or PortableCudaLimits()
// when null) and the variant's own rule. On the CPU backend a CUDA variant runs as its filter's CPU reference,
// keeping the stage's variant and launch (a note says so). Never throws for a bad pipeline: the first problem
// is `issue`, naming the stage.
Plan ResolvePipeline(const Registry& reg, const Pipeline& p, const ImageShape& input, Backend backend,
                     const DeviceLimits* limits = nullptr);

// One variant of one filter on one input shape, planned alone (the benchmark and the tests): throws InputError
// with the reason when it cannot run.
PlannedStage PlanVariant(const FilterSpec& f, const VariantSpec& v, const ParamValues& params,
                         const LaunchConfig& launch, const ImageShape& in, const DeviceLimits& limits);

}  // namespace fl
