#include "ui/fake_executor.hpp"

#include <cmath>
#include <cstring>

#include "core/error.hpp"
#include "core/occupancy.hpp"

namespace fl::uitest {

Image FakeStageImage(const PlannedStage& stage, std::size_t index, const Image& in) {
  if (!stage.enabled) return in;
  // FNV-1a over what makes a stage's output differ: where it sits, the code that runs, its parameters.
  std::uint32_t h = 2166136261u;
  auto mix = [&h](const std::string& text) {
    for (unsigned char c : text) h = (h ^ c) * 16777619u;
  };
  mix(std::to_string(index));
  mix(stage.variant ? stage.variant->id : "");
  for (const auto& [name, value] : stage.params.All()) mix(name + "=" + FormatParam(value));
  Image out(stage.out.width, stage.out.height, stage.out.format);
  const std::uint8_t byte = static_cast<std::uint8_t>(1 + h % 250);  // never 0: unlike a fresh image
  std::memset(out.data(), byte, out.bytes());
  return out;
}

void FakeExecutor::SetInput(const Image& input) {
  input_ = input;
  Forget();
}

void FakeExecutor::Forget() {
  has_result_ = false;
  outputs_.clear();
  stage_ms_.clear();
}

const Image& FakeExecutor::Host(int stage) const {
  if (stage < 0 || !has_result_ || static_cast<std::size_t>(stage) >= outputs_.size()) return input_;
  return outputs_[static_cast<std::size_t>(stage)];
}

void FakeExecutor::Run(const Plan& plan) {
  plan.Require();
  if (plan.backend != backend()) throw InputError("the plan was made for another backend");
  if (input_.empty()) throw InputError("no input image");
  if (plan.input != input_.shape()) throw InputError("the plan was made for another input shape");
  ++controls_->runs;
  const bool fails = controls_->failing_runs > 0;
  if (fails) --controls_->failing_runs;
  std::vector<Image> outputs;
  std::vector<double> ms;
  for (std::size_t i = 0; i < plan.stages.size(); ++i) {
    if (fails && static_cast<int>(i) == controls_->fail_at_stage) {
      Forget();  // a device failure leaves the buffers half-written: nothing of the last run is left
      throw RuntimeError("fake device failure at stage " + std::to_string(i + 1));
    }
    outputs.push_back(FakeStageImage(plan.stages[i], i, i == 0 ? input_ : outputs.back()));
    ms.push_back(plan.stages[i].enabled ? controls_->stage_ms : 0.0);
  }
  outputs_ = std::move(outputs);
  stage_ms_ = std::move(ms);
  has_result_ = true;
}

KernelFacts FakeExecutor::KernelInfo(const PlannedStage& stage) const {
  KernelFacts facts;
  if (!stage.enabled || !stage.requested || stage.requested->backend != Backend::Cuda) return facts;
  const OccupancyReport r =
      ExplainOccupancy({kFakeRegisters, 0, stage.smem_bytes, stage.launch.block_x * stage.launch.block_y}, {});
  facts.registers = kFakeRegisters;
  facts.occupancy = r.occupancy;
  facts.occupancy_explained = r.Text();
  return facts;
}

ui::Engine::ExecutorFactory FakeFactory(std::shared_ptr<FakeControls> controls) {
  return [controls] { return std::make_unique<FakeExecutor>(controls); };
}

double FakeTuneTimer::TimeOnce(const PlannedStage& stage) {
  ++*calls_;
  const LaunchConfig& c = stage.launch;
  return 0.1 * (1.0 + std::abs(c.block_x - 64) / 64.0 + std::abs(c.block_y - 4) / 4.0 + std::abs(c.ppt - 4) / 4.0);
}

ui::TuneRunner::TimerFactory FakeTuneTimers(std::shared_ptr<int> calls) {
  return [calls](ui::Engine&, int) { return std::make_unique<FakeTuneTimer>(calls); };
}

}  // namespace fl::uitest
