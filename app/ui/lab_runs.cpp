// The lab's runs: the edited pipeline is planned once per edit, its plan run in slot A (and B's in slot B while
// comparing), and the timings, kernel facts and fallback notes copied into AppState.
#include "app/ui/lab.hpp"

#include "core/error.hpp"

namespace fl::ui {

// Timings, kernel facts (after an edit) and notes of a slot's last run into `reports`.
static void FillReports(Engine& engine, Slot slot, const TimingHistory& history, bool kernel_facts,
                        std::vector<StageReport>& reports) {
  const Plan& ran = engine.result(slot);
  history.Fill(ran, engine.copy_gbs(), reports);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    reports[i].note = ran.stages[i].note;
    if (!kernel_facts) continue;
    const KernelFacts k = engine.KernelInfo(slot, i);
    reports[i].kernel_info = k.text;
    reports[i].registers = k.registers;
    reports[i].occupancy = k.occupancy;
  }
}

bool Lab::TryRun(const Plan& plan, bool edited) {
  try {
    engine_.Run(Slot::A, plan);
  } catch (const InputError& e) {
    s_.issue = PipelineIssue{-1, e.what()};
    return false;
  } catch (const std::exception& e) {
    s_.issue = PipelineIssue{-1, std::string("the run failed: ") + e.what()};
    s_.continuous = false;  // a failing device would fail every frame
    return false;
  }
  const Plan& ran = engine_.result(Slot::A);
  history_.Record(reg_, ran, engine_.stage_ms(Slot::A));
  std::vector<StageReport> reports = s_.stages;
  FillReports(engine_, Slot::A, history_, edited || reports.size() != ran.stages.size(), reports);
  s_.stages = std::move(reports);
  s_.result_pipeline = ran.pipeline;
  s_.result_plan = ran;
  s_.total_ms = 0;
  for (double ms : engine_.stage_ms(Slot::A)) s_.total_ms += ms;
  ++s_.total_runs;
  return true;
}

void Lab::RunB(bool edited) {
  AbState& ab = s_.ab;
  ab.b_valid = false;
  ab.b_issue.clear();
  if (edited) plan_b_ = engine_.MakePlan(ab.b);
  try {
    engine_.Run(Slot::B, plan_b_);
  } catch (const std::exception& e) {
    engine_.Forget(Slot::B);
    ab.b_issue = std::string("B: ") + e.what();
    return;
  }
  ab.b_valid = true;
  ab.b_result = plan_b_.pipeline;
  ab.b_plan = plan_b_;
  ab.b_stage_ms = engine_.stage_ms(Slot::B);
  ab.b_total_ms = 0;
  for (double ms : ab.b_stage_ms) ab.b_total_ms += ms;
  history_b_.Record(reg_, plan_b_, ab.b_stage_ms);
  std::vector<StageReport> reports(ab.b_stage_ms.size());
  FillReports(engine_, Slot::B, history_b_, false, reports);
  ab.b_median_ms.clear();
  for (const StageReport& r : reports) ab.b_median_ms.push_back(r.median_ms);
}

void Lab::RunIfNeeded() {
  if (!engine_.has_input() || job_.active()) return;
  AbState& ab = s_.ab;
  if (ab.enabled && SyncB(s_.pipeline, ab.b)) s_.pipeline_edited = true;
  if (ab.enabled != ab_was_enabled_) {
    ab_was_enabled_ = ab.enabled;
    s_.pipeline_edited = true;
    if (!ab.enabled) {
      engine_.Forget(Slot::B);
      ab.b_valid = false;
    }
  }
  if (s_.pipeline_edited) {
    s_.pipeline_edited = false;
    plan_a_ = engine_.MakePlan(s_.pipeline);
    s_.issue = plan_a_.issue;
    if (!s_.issue && TryRun(plan_a_, true)) display_dirty_ = true;
    if (ab.enabled) {
      RunB(true);
      display_dirty_ = true;
    }
  } else if (s_.continuous) {
    // Keep measuring what runs: the edited pipeline, or the last good one while the edit is refused.
    if (!s_.issue)
      TryRun(plan_a_, false);
    else if (engine_.has_result(Slot::A))
      TryRun(engine_.result(Slot::A), false);
    if (ab.enabled && ab.b_issue.empty()) RunB(false);
  }
}

}  // namespace fl::ui
