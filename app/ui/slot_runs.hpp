#pragma once
// The lab's runs: each slot's pipeline (A, and B while comparing) planned once per edit and run in its slot of
// the engine, and the outcome recorded in AppState::results: timings, kernel facts and fallback notes, or why
// it cannot run. One code path serves both slots. No GL here: the UI-logic tests drive it with a fake executor.
#include "app/ui/app_state.hpp"
#include "app/ui/engine.hpp"
#include "app/ui/slot.hpp"
#include "app/ui/timing_history.hpp"

namespace fl::ui {

class SlotRuns {
 public:
  // Runs what this frame needs: after an edit (s.pipeline_edited, cleared here) every active slot, planned
  // anew; while measuring continuously the same again. Takes in the runs that ended on the engine's worker
  // threads (the CPU backend in the window) and keeps SlotResult::running. Returns true when what a slot shows
  // changed, so that the display and the comparison follow.
  bool Update(AppState& s, Engine& e);
  // A new input image: the results and the timing histories start afresh.
  void Clear(AppState& s);
  // Esc: stops the engine's worker runs of edits (re-runs of the shown plan go on). A slot whose newest edit did
  // not run says so and keeps its previous result (A; B shows nothing rather than another configuration's
  // result), until the next edit runs.
  void CancelWorkerRuns(AppState& s, Engine& e);

 private:
  bool RunSlot(AppState& s, Engine& e, Slot slot, bool edited);
  bool Run(AppState& s, Engine& e, Slot slot, const Plan& plan, bool edited);
  bool Failed(AppState& s, Engine& e, Slot slot);  // in a catch block: the slot's run threw
  bool Record(AppState& s, Engine& e, Slot slot, bool edited);  // the slot's result just installed
  bool FinishWorkerRuns(AppState& s, Engine& e);
  static bool Refuse(AppState& s, Engine& e, Slot slot, PipelineIssue issue);
  static bool Drop(AppState& s, Engine& e, Slot slot);  // forgets the slot's result

  PerSlot<Plan> plans_;  // each slot's edited pipeline, planned once per edit
  PerSlot<TimingHistory> history_;
  bool ab_was_enabled_ = false;
};

}  // namespace fl::ui
