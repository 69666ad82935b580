#include "app/ui/background_cpu_run.hpp"

#include <utility>

namespace fl::ui {

BackgroundCpuRun::BackgroundCpuRun(Plan plan, const Image& input)
    : plan_(std::move(plan)), started_(std::chrono::steady_clock::now()) {
  thread_ = std::thread([this, &input] {
    CpuRun run;
    std::exception_ptr error;
    try {
      run = RunPlanCpu(plan_, input, &cancel_, &stages_done_);
    } catch (...) {
      error = std::current_exception();  // bad_alloc included: reported by the lab, never fatal
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      run_ = std::move(run);
      error_ = error;
      done_ = true;
    }
    finished_.notify_all();
  });
}

BackgroundCpuRun::~BackgroundCpuRun() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
}

bool BackgroundCpuRun::done() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return done_;
}

bool BackgroundCpuRun::WaitFor(double seconds) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (seconds < 0)
    finished_.wait(lock, [this] { return done_; });
  else
    finished_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return done_; });
  return done_;
}

double BackgroundCpuRun::elapsed_s() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

CpuRun BackgroundCpuRun::Take() {
  WaitFor(-1);
  if (thread_.joinable()) thread_.join();
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  return std::move(run_);
}

}  // namespace fl::ui
