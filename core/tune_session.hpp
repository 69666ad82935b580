#pragma once
// A sweep in progress: every configuration validated by the plan at the start (refusals recorded with their
// reason, never run), then the valid ones timed a few at a time by Step() until done or cancelled. Stepping,
// not a thread: the lab calls Step() on its main thread with a few milliseconds per frame (CUDA stays on the
// thread that owns the GL-CUDA interop, and the UI never freezes); the CLI calls it until done.
#include <memory>
#include <string>

#include "core/plan.hpp"
#include "core/tune_sweep.hpp"

namespace fl {

// Times one run of a planned stage (milliseconds). The CUDA timer (cuda/tune_timer.hpp) launches it between
// an event pair after flushing the L2; tests use a fake. Throws InputError when the kernel refuses the launch
// (its own thread limit): the cell is recorded as refused with that reason.
class TuneTimer {
 public:
  virtual ~TuneTimer() = default;
  virtual double TimeOnce(const PlannedStage& stage) = 0;
};

struct TuneRequest {
  const FilterSpec* filter = nullptr;
  const VariantSpec* variant = nullptr;
  ParamValues params;
  std::string params_text;  // for the export
  LaunchConfig base;        // the stage's launch: always in the sweep
  ImageShape input;
  DeviceLimits limits;
  bool quick = false;
  int warmup = 1;
  int repeats = 3;
  // A configuration whose first timed run is this many times the best median so far is not repeated.
  double early_stop_factor = 3.0;
};

// The request for a pipeline stage: its filter, variant, parameters and the launch the plan gives it (a default block
// fitted to `limits`), on `input`. Throws InputError for an unknown filter or variant, and for a variant that has no
// code for this input and falls back to another (the message names the one to tune).
TuneRequest MakeTuneRequest(const Registry& reg, const Stage& stage, const ImageShape& input,
                            const DeviceLimits& limits);

class TuneSession {
 public:
  // Plans every configuration (no timing yet). Throws InputError when the variant has no launch to tune
  // (a CPU variant, or one whose launch is fixed).
  explicit TuneSession(const TuneRequest& request);

  // Times pending configurations until `budget_ms` of wall time has passed (at least one) or none is left.
  // Returns true when the sweep is finished (all done or cancelled).
  bool Step(TuneTimer& timer, double budget_ms);
  void Cancel() { cancelled_ = true; }

  bool cancelled() const { return cancelled_; }
  bool finished() const { return cancelled_ || next_ >= order_.size(); }
  int timed() const { return static_cast<int>(next_); }            // valid configurations timed so far
  int to_time() const { return static_cast<int>(order_.size()); }  // valid configurations in all
  float progress() const { return order_.empty() ? 1.0f : static_cast<float>(next_) / order_.size(); }
  const TuneSweep& sweep() const { return sweep_; }
  const PlannedStage& planned(int cell) const;

 private:
  void TimeCell(std::size_t cell, TuneTimer& timer);

  TuneRequest request_;
  TuneSweep sweep_;
  std::vector<PlannedStage> plans_;  // per cell (refused cells: empty)
  std::vector<std::size_t> order_;   // the cells to time, in sweep order
  std::size_t next_ = 0;
  double best_ms_ = 0;
  bool cancelled_ = false;
};

}  // namespace fl
