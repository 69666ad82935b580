#pragma once
// Carries out the Tune window's requests and runs its sweep a few configurations per frame on the main
// thread. Why not a worker thread: the lab does its CUDA work on the thread that owns the GL-CUDA interop,
// and timing from another thread would share the device with the lab's own runs and skew both; stepping with
// a small time budget per frame (kFrameBudgetMs) keeps the UI responsive, shows progress every frame, and a
// cancel takes effect at the next frame. The timer comes from a factory: the engine's device tools on a GPU,
// a fake in the tests.
#include <functional>
#include <memory>
#include <optional>

#include "app/ui/app_state.hpp"
#include "app/ui/engine.hpp"
#include "core/tune_session.hpp"

namespace fl::ui {

class TuneRunner {
 public:
  // Makes the timer for stage `stage` of the plan A last ran; nullptr when there is no GPU to time on.
  using TimerFactory = std::function<std::unique_ptr<TuneTimer>(Engine&, int stage)>;
  static constexpr double kFrameBudgetMs = 12.0;

  TuneRunner();  // the engine's device tools (none on the CPU backend)
  explicit TuneRunner(TimerFactory factory);

  // Start, cancel, step, and the exports; copies the sweep's progress into s.tune.
  void Frame(AppState& s, Engine& engine, double budget_ms = kFrameBudgetMs);
  bool running() const { return session_ != nullptr; }

 private:
  void Start(AppState& s, Engine& engine);
  void Step(AppState& s, double budget_ms);
  void Export(AppState& s);

  TimerFactory factory_;
  std::unique_ptr<TuneSession> session_;
  std::unique_ptr<TuneTimer> timer_;
};

// The launch the swept stage runs now (the rule's in every field not set, its default block fitted to the device as
// the plan fits it), or none when the stage's filter or variant changed since the sweep: the heat map marks its cell.
std::optional<LaunchConfig> SweptStageLaunch(const AppState& s);

// Where the exports go: the file browser's folder (else the working folder), named after the filter and
// variant.
std::string TuneExportPath(const AppState& s, const char* extension);

}  // namespace fl::ui
