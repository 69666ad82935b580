#pragma once
// A test-only executor: each stage's output is a deterministic image made from the plan (the stage's output
// shape filled with a value from its index, its variant and its parameters) and each stage "takes" a fixed
// time, so that the lab's logic (the engine, the slot runs, the reports) can be tested without either backend.
// A run can be made to fail part-way, as a device fails: what it had is gone and RuntimeError is thrown.
#include <memory>
#include <string>
#include <vector>

#include "app/ui/engine.hpp"
#include "app/ui/tune_runner.hpp"
#include "core/executor.hpp"

namespace fl::uitest {

// Shared by a test and the fakes it hands to an Engine, so that the test can steer runs between them.
struct FakeControls {
  int fail_at_stage = -1;   // the stage at which a failing run fails
  int failing_runs = 0;     // how many of the next runs fail (each one counts down)
  int runs = 0;             // runs attempted, failed or not
  double stage_ms = 0.5;    // the time every enabled stage reports
};

class FakeExecutor final : public Executor {
 public:
  explicit FakeExecutor(std::shared_ptr<FakeControls> controls) : controls_(std::move(controls)) {}

  Backend backend() const override { return Backend::Cpu; }
  void SetInput(const Image& input) override;
  const Image& input() const override { return input_; }
  // Refuses what the real executors refuse (a plan with an issue, for another backend or input shape).
  void Run(const Plan& plan) override;
  bool has_result() const override { return has_result_; }
  void Forget() override;
  const std::vector<double>& stage_ms() const override { return stage_ms_; }
  StageOutput Output(int stage) const override { return {&Host(stage), std::nullopt, nullptr}; }
  Image Download(int stage) override { return Host(stage); }
  std::array<float, 4> ReadPixel(int stage, int x, int y) override { return HostPixel(Host(stage), x, y); }
  // For a stage that names a CUDA variant: the occupancy of a made-up kernel of kFakeRegisters per thread.
  KernelFacts KernelInfo(const PlannedStage& stage) const override;
  static constexpr int kFakeRegisters = 40;

 private:
  const Image& Host(int stage) const;

  std::shared_ptr<FakeControls> controls_;
  Image input_;
  bool has_result_ = false;
  std::vector<Image> outputs_;
  std::vector<double> stage_ms_;
};

// The image the fake makes for stage `index` of a plan: its output shape, every byte one value that depends on
// the index, the variant that runs and the parameters. A disabled stage passes `in` through.
Image FakeStageImage(const PlannedStage& stage, std::size_t index, const Image& in);

// An engine factory that hands out fakes sharing `controls`.
ui::Engine::ExecutorFactory FakeFactory(std::shared_ptr<FakeControls> controls);

// A tune timer with a made-up cost of the launch (fastest at block 64x4, ppt 4), counting its calls in `calls`.
class FakeTuneTimer final : public TuneTimer {
 public:
  explicit FakeTuneTimer(std::shared_ptr<int> calls) : calls_(std::move(calls)) {}
  double TimeOnce(const PlannedStage& stage) override;

 private:
  std::shared_ptr<int> calls_;
};

// A TuneRunner timer factory that hands out FakeTuneTimers sharing `calls`.
ui::TuneRunner::TimerFactory FakeTuneTimers(std::shared_ptr<int> calls);

}  // namespace fl::uitest
