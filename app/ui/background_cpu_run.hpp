#pragma once
// One slot's run on the CPU backend on a worker thread, so that a slow pipeline (a wide gauss on a 4K image takes
// seconds on a few cores) never stalls the lab: the window keeps drawing the slot's previous result until this one
// ends. The worker reads only the plan and the engine's input, which the engine keeps unchanged until the run is
// destroyed; it touches no executor. No GL and no CUDA here.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "core/cpu_executor.hpp"

namespace fl::ui {

class BackgroundCpuRun {
 public:
  // Starts running `plan` on `input`, which must outlive this object and stay unchanged.
  BackgroundCpuRun(Plan plan, const Image& input);
  ~BackgroundCpuRun();  // cancels and waits: a run never outlives the image it reads
  BackgroundCpuRun(const BackgroundCpuRun&) = delete;
  BackgroundCpuRun& operator=(const BackgroundCpuRun&) = delete;

  const Plan& plan() const { return plan_; }
  bool done() const;
  // Waits up to `seconds` (< 0: until it ends); true when it has ended.
  bool WaitFor(double seconds);
  // Its rows stop at once (cpu::ForEachRow) and Take() throws "cancelled", unless the run had already ended.
  void Cancel() { cancel_ = true; }
  bool cancelled() const { return cancel_.load(); }
  double elapsed_s() const;
  int stages_done() const { return stages_done_.load(); }  // of plan().stages.size(): the progress line
  // Once done: the outputs and stage times, or the run's error rethrown. Once only.
  CpuRun Take();

 private:
  Plan plan_;
  std::atomic<bool> cancel_{false};
  std::atomic<int> stages_done_{0};
  std::chrono::steady_clock::time_point started_;
  mutable std::mutex mutex_;
  std::condition_variable finished_;
  bool done_ = false;  // under mutex_, with run_ or error_
  CpuRun run_;
  std::exception_ptr error_;
  std::thread thread_;  // last: started once everything it uses exists
};

}  // namespace fl::ui
