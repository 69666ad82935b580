#pragma once
// Runs plans on the CPU backend, keeping every stage's output and its wall time.
#include <atomic>
#include <vector>

#include "core/executor.hpp"

namespace fl {

struct CpuRun {
  std::vector<Image> outputs;    // one per stage (a disabled stage's output is its input)
  std::vector<double> stage_ms;  // wall time of each stage (0 for disabled stages)
};

class CpuExecutor final : public Executor {
 public:
  Backend backend() const override { return Backend::Cpu; }
  void SetInput(const Image& input) override;
  const Image& input() const override { return input_; }
  // When `cancel` becomes true the run stops, within the stage's rows for the filters that loop over them with
  // cpu::ForEachRow, and throws InputError("cancelled"); the previous result stays.
  void Run(const Plan& plan) override { Run(plan, nullptr); }
  void Run(const Plan& plan, const std::atomic<bool>* cancel);
  bool has_result() const override { return has_result_; }
  void Forget() override;
  const std::vector<double>& stage_ms() const override { return stage_ms_; }
  StageOutput Output(int stage) const override { return {&Host(stage), std::nullopt, nullptr}; }
  Image Download(int stage) override { return Host(stage); }
  std::array<float, 4> ReadPixel(int stage, int x, int y) override { return HostPixel(Host(stage), x, y); }

  const Image& Host(int stage) const;
  std::vector<Image>& outputs() { return outputs_; }
  // Takes a run made elsewhere (RunPlanCpu on a worker thread, of this executor's input) as the last result.
  void Adopt(CpuRun run);

 private:
  Image input_;
  bool has_result_ = false;
  std::vector<Image> outputs_;  // one per stage (a disabled stage's output is its input)
  std::vector<double> stage_ms_;
};

// Runs a plan for the CPU backend on `input` (the executor's loop, without an executor: a worker thread's run
// touches nothing the lab's thread reads). Throws like CpuExecutor::Run. `stages_done`, when given, counts the
// stages finished, for another thread's progress line.
CpuRun RunPlanCpu(const Plan& plan, const Image& input, const std::atomic<bool>* cancel = nullptr,
                  std::atomic<int>* stages_done = nullptr);

// Plans `p` for the CPU backend and runs it: throws InputError for a pipeline that does not fit the input.
CpuRun RunPipelineCpu(const Registry& reg, const Pipeline& p, const Image& input,
                      const std::atomic<bool>* cancel = nullptr);

// Runs one variant of one filter on one image: the building block of the executor and of the tests.
Image RunCpuVariant(const FilterSpec& f, const VariantSpec& v, const ParamValues& params, const Image& input,
                    const Image* second = nullptr);

}  // namespace fl
