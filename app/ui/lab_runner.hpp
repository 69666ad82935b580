#pragma once
// Running a lab on a worker thread, so that a run of several seconds (transfers of 256 MiB, a large gemm)
// leaves the window responsive, with progress and cancel. The main thread polls TakeOutcome() once per frame.
//
// Why a worker although DESIGN.md keeps CUDA on the main thread: that rule protects the engine's stream and
// the GL interop textures, which the main thread maps and unmaps every frame. A lab run touches neither: it
// makes its own streams, events and buffers (the CUDA runtime is thread-safe and shares the device's primary
// context) and no GL at all; its pictures come back as host images and the main thread uploads them. What a
// run does share is the GPU itself: while it runs, the pipeline's own measurements (and the lab's) are
// disturbed by each other, so the Labs window says so and continuous measuring is best left off during a run.
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/lab_spec.hpp"

namespace fl::ui {

struct LabOutcome {
  std::string lab;                  // its id
  std::optional<LabResult> result;  // empty when the run failed or was cancelled
  std::string error;                // one line, when result is empty
  bool cancelled = false;
  double wall_s = 0;
};

class LabRunner {
 public:
  LabRunner() = default;
  LabRunner(const LabRunner&) = delete;
  LabRunner& operator=(const LabRunner&) = delete;
  ~LabRunner();  // cancels and waits: a run never outlives its runner

  // Checks the request against the lab's declaration (throws InputError at once, nothing started) and starts
  // the run with a copy of `input` (may be null: the lab generates its own). Refused (false) while a run is
  // active.
  bool Start(const LabSpec& lab, LabRequest request, const Image* input);
  void Cancel();
  void Wait();  // blocks until the run is done (the headless screenshot and the tests)

  bool active() const { return active_; }
  const std::string& lab() const { return lab_; }
  float progress() const { return progress_.load(); }
  std::optional<LabOutcome> TakeOutcome();

 private:
  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> done_{false};
  std::atomic<float> progress_{0};
  bool active_ = false;
  std::string lab_;
  Image input_;  // the worker's own copy: the main thread may replace its image meanwhile
  std::mutex mutex_;
  std::optional<LabOutcome> outcome_;
};

}  // namespace fl::ui
