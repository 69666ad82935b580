#include "app/ui/slot_runs.hpp"

#include <utility>

#include "core/error.hpp"

namespace fl::ui {

// Timings, kernel facts (when asked: after an edit) and notes of a slot's last run into `reports`.
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
    reports[i].occupancy_explained = k.occupancy_explained;
    reports[i].resident_blocks = k.resident_blocks;
  }
}

bool SlotRuns::Update(AppState& s, Engine& e) {
  if (!e.has_input()) return false;
  AbState& ab = s.ab;
  if (ab.enabled && SyncB(s.pipeline, ab.b)) s.pipeline_edited = true;
  bool changed = FinishWorkerRuns(s, e);
  if (ab.enabled != ab_was_enabled_) {
    ab_was_enabled_ = ab.enabled;
    s.pipeline_edited = true;
    if (!ab.enabled) changed |= Drop(s, e, Slot::B);
  }
  const bool edited = std::exchange(s.pipeline_edited, false);
  if (edited || s.continuous)
    for (Slot slot : kSlots)
      if (slot == Slot::A || ab.enabled) changed |= RunSlot(s, e, slot, edited);
  for (Slot slot : kSlots) {
    SlotResult& r = s.results[slot];
    r.running = !e.settled(slot);  // an edit under way: re-runs of the shown plan are not news
    const Engine::Progress p = e.progress(slot);
    r.running_done = p.done;
    r.running_stages = p.total;
  }
  return changed;
}

bool SlotRuns::FinishWorkerRuns(AppState& s, Engine& e) {
  bool changed = false;
  for (Slot slot : kSlots) {
    SlotResult& r = s.results[slot];
    try {
      if (!e.Finish(slot)) continue;
    } catch (...) {
      changed |= Failed(s, e, slot);
      continue;
    }
    // A new picture unless it is a run of the plan shown again (measuring continuously).
    const bool fresh = !r.valid || !(e.result(slot).pipeline == r.plan.pipeline);
    // The newest edit arrived: an earlier run's failure no longer stands beside it.
    if (e.result(slot).pipeline == plans_[slot].pipeline) r.issue = plans_[slot].issue;
    changed |= Record(s, e, slot, fresh);
  }
  return changed;
}

void SlotRuns::Clear(AppState& s) {
  for (Slot slot : kSlots) {
    const int runs = s.results[slot].runs;
    s.results[slot] = SlotResult();
    s.results[slot].runs = runs;
    history_[slot].Clear();
  }
}

void SlotRuns::CancelWorkerRuns(AppState& s, Engine& e) {
  for (Slot slot : kSlots) {
    if (e.settled(slot)) continue;  // re-runs of the shown plan (measuring continuously) go on
    e.CancelRun(slot);
    s.results[slot].running = false;
    // Unless the newest edit is what the slot shows already (edited back while an older edit ran).
    if (!(plans_[slot].pipeline == e.result(slot).pipeline))
      Refuse(s, e, slot, {-1, "cancelled (Esc): the run of this edit was stopped; edit again to run it"});
  }
}

bool SlotRuns::RunSlot(AppState& s, Engine& e, Slot slot, bool edited) {
  SlotResult& r = s.results[slot];
  if (edited) {
    plans_[slot] = e.MakePlan(PipelineOf(s, slot));
    r.issue = plans_[slot].issue;
    if (r.issue) return Refuse(s, e, slot, *r.issue);
  }
  if (!edited && e.running(slot)) return false;  // measuring continuously: the worker's run comes first
  if (!r.issue) return Run(s, e, slot, plans_[slot], edited);
  // While the edit is refused, measuring continuously keeps timing the last good run (A's: B keeps none).
  if (e.has_result(slot)) Run(s, e, slot, e.result(slot), false);
  return false;
}

// The one path that runs a slot: on success the slot's timings, kernel facts (after an edit) and notes. A run
// left to a worker thread is recorded when it ends (FinishWorkerRuns).
bool SlotRuns::Run(AppState& s, Engine& e, Slot slot, const Plan& plan, bool edited) {
  try {
    if (!e.Run(slot, plan)) return false;
  } catch (...) {
    return Failed(s, e, slot);
  }
  // What was installed may be an earlier plan's worker run: a new picture all the same.
  return Record(s, e, slot, edited || e.running(slot) || !(e.result(slot).pipeline == plan.pipeline));
}

bool SlotRuns::Failed(AppState& s, Engine& e, Slot slot) {
  try {
    throw;
  } catch (const InputError& err) {
    return Refuse(s, e, slot, {-1, err.what()});
  } catch (const std::exception& err) {
    s.continuous = false;  // a failing device would fail every frame
    return Refuse(s, e, slot, {-1, std::string("the run failed: ") + err.what()});
  }
}

bool SlotRuns::Record(AppState& s, Engine& e, Slot slot, bool edited) {
  SlotResult& r = s.results[slot];
  const Plan& ran = e.result(slot);
  history_[slot].Record(*s.registry, ran, e.stage_ms(slot));
  FillReports(e, slot, history_[slot], edited || r.stages.size() != ran.stages.size(), r.stages);
  r.plan = ran;
  r.valid = true;
  r.total_ms = 0;
  for (double ms : e.stage_ms(slot)) r.total_ms += ms;
  ++r.runs;
  return edited;  // a run of the same plan again shows the same pixels
}

// A slot that cannot run, and why. A keeps its last good result on show; B shows nothing rather than the
// result of another configuration than the one edited. Returns true when what the slot shows changed.
bool SlotRuns::Refuse(AppState& s, Engine& e, Slot slot, PipelineIssue issue) {
  s.results[slot].issue = std::move(issue);
  return slot == Slot::B && Drop(s, e, slot);
}

bool SlotRuns::Drop(AppState& s, Engine& e, Slot slot) {
  e.Forget(slot);
  s.results[slot].valid = false;
  return true;
}

}  // namespace fl::ui
