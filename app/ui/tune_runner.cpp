#include "app/ui/tune_runner.hpp"

#include <filesystem>

#include "app/ui/panels.hpp"
#include "core/error.hpp"
#include "core/plan.hpp"
#include "core/text_file.hpp"

namespace fl::ui {

namespace {

// The engine's device tools time on the GPU, with stage `stage`'s input(s) from A's last run.
std::unique_ptr<TuneTimer> DeviceTimer(Engine& engine, int stage) {
  DeviceTools* tools = engine.device_tools();
  if (!tools) return nullptr;
  if (!engine.has_result(Slot::A)) throw InputError("run the pipeline once before tuning");
  const PlannedStage& s = engine.result(Slot::A).stages.at(static_cast<std::size_t>(stage));
  const StageOutput in = engine.Output(Slot::A, stage - 1);
  if (s.second == kNoSecondInput) return tools->MakeTuneTimer(in, nullptr);
  const StageOutput second = engine.Output(Slot::A, s.second - 1);
  return tools->MakeTuneTimer(in, &second);
}

}  // namespace

TuneRunner::TuneRunner() : factory_(DeviceTimer) {}
TuneRunner::TuneRunner(TimerFactory factory) : factory_(std::move(factory)) {}

std::string TuneExportPath(const AppState& s, const char* extension) {
  const std::filesystem::path folder =
      s.browser.folder.empty() ? std::filesystem::current_path() : std::filesystem::path(s.browser.folder);
  const std::string name =
      s.tune.sweep ? "tune_" + s.tune.sweep->filter + "_" + s.tune.sweep->variant : "tune";
  return (folder / (name + "." + extension)).string();
}

void TuneRunner::Start(AppState& s, Engine& engine) {
  TuneState& t = s.tune;
  session_.reset();
  timer_.reset();
  t.message.clear();
  t.slice_chosen = false;
  try {
    if (t.stage < 0 || t.stage >= static_cast<int>(s.pipeline.stages.size()))
      throw InputError("select a stage to tune");
    const Stage& st = s.pipeline.stages[static_cast<std::size_t>(t.stage)];
    const Plan plan = engine.MakePlan(s.pipeline);
    if (plan.issue && plan.issue->stage <= t.stage) throw InputError(plan.issue->message);
    const TuneRequest r = MakeTuneRequest(*s.registry, st, plan.stages[static_cast<std::size_t>(t.stage)].in,
                                          LimitsOrPortable(engine.limits()));
    auto session = std::make_unique<TuneSession>(r);  // refuses CPU variants and fixed launches
    timer_ = factory_(engine, t.stage);
    if (!timer_)
      throw InputError("tuning needs CUDA: the " + std::string(s.facts.name) + " backend has no GPU to time");
    session_ = std::move(session);
  } catch (const std::exception& e) {
    t.message = e.what();
    t.running = false;
    return;
  }
  t.running = true;
  t.sweep = session_->sweep();
  t.sweep_stage = t.stage;
}

void TuneRunner::Step(AppState& s, double budget_ms) {
  TuneState& t = s.tune;
  bool done = true;
  try {
    done = session_->Step(*timer_, budget_ms);
  } catch (const std::exception& e) {
    t.message = std::string("tuning stopped: ") + e.what();
  }
  t.sweep = session_->sweep();
  t.progress = session_->progress();
  t.timed = session_->timed();
  t.to_time = session_->to_time();
  if (!done) return;
  t.running = false;
  const int best = t.sweep->Best();
  if (session_->cancelled())
    Notify(s, "tuning cancelled after " + std::to_string(t.timed) + " configurations");
  else if (best >= 0)
    Notify(s, "tuning done: best " +
                  Describe(t.sweep->cells[static_cast<std::size_t>(best)].launch, t.sweep->uses));
  session_.reset();
  timer_.reset();
}

void TuneRunner::Export(AppState& s) {
  TuneState& t = s.tune;
  auto write = [&](bool& asked, const char* ext, std::string (*text)(const TuneSweep&)) {
    if (!std::exchange(asked, false) || !t.sweep) return;
    const std::string path = TuneExportPath(s, ext);
    try {
      WriteTextFileAtomically(path, text(*t.sweep), "tuning export");
      Notify(s, "exported " + path);
    } catch (const std::exception& e) {
      Notify(s, e.what(), true);
    }
  };
  write(t.export_csv, "csv", SweepCsv);
  write(t.export_json, "json", SweepJson);
}

void TuneRunner::Frame(AppState& s, Engine& engine, double budget_ms) {
  TuneState& t = s.tune;
  if (std::exchange(t.cancel, false) && session_) session_->Cancel();
  if (std::exchange(t.start, false)) Start(s, engine);
  if (session_) Step(s, budget_ms);
  Export(s);
}

std::optional<LaunchConfig> SweptStageLaunch(const AppState& s) {
  const TuneState& t = s.tune;
  if (!t.sweep || t.sweep_stage < 0 || t.sweep_stage >= static_cast<int>(s.pipeline.stages.size())) return std::nullopt;
  const Stage& st = s.pipeline.stages[static_cast<std::size_t>(t.sweep_stage)];
  const FilterSpec* f = s.registry->Find(st.filter);
  const VariantSpec* v = f ? f->FindVariant(st.variant) : nullptr;
  if (!v || st.filter != t.sweep->filter || st.variant != t.sweep->variant) return std::nullopt;
  return DeviceStageLaunch(st, *v, t.sweep->shape, LimitsOrPortable(s.limits));
}

}  // namespace fl::ui
