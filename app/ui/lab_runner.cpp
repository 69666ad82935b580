#include "app/ui/lab_runner.hpp"

#include <chrono>

#include "core/error.hpp"
#include "core/lab_registry.hpp"

namespace fl::ui {

LabRunner::~LabRunner() {
  cancel_ = true;
  Wait();
}

void LabRunner::Wait() {
  if (thread_.joinable()) thread_.join();
}

bool LabRunner::Start(const LabSpec& lab, LabRequest request, const Image* input) {
  if (active_) return false;
  Wait();  // a finished run's thread
  input_ = input ? *input : Image();
  request.input = input ? &input_ : nullptr;
  LabRequest checked = CheckedLabRequest(lab, std::move(request));  // throws before anything starts
  cancel_ = false;
  done_ = false;
  progress_ = 0;
  active_ = true;
  lab_ = lab.id;
  {
    std::lock_guard lock(mutex_);
    outcome_.reset();
  }
  checked.cancel = &cancel_;
  checked.progress = [this](float p) { progress_ = p; };
  thread_ = std::thread([this, &lab, r = std::move(checked)] {
    LabOutcome o;
    o.lab = lab.id;
    const auto t0 = std::chrono::steady_clock::now();
    try {
      o.result = RunLab(lab, r);
      progress_ = 1.0f;
    } catch (const std::bad_alloc&) {
      o.error = "out of memory running lab '" + lab.id + "'";
    } catch (const std::exception& e) {
      o.error = e.what();
    }
    o.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    o.cancelled = cancel_.load() && !o.result;
    {
      std::lock_guard lock(mutex_);
      outcome_ = std::move(o);
    }
    done_ = true;
  });
  return true;
}

void LabRunner::Cancel() {
  if (active_) cancel_ = true;
}

std::optional<LabOutcome> LabRunner::TakeOutcome() {
  if (active_ && !done_) return std::nullopt;
  if (active_) {
    Wait();
    active_ = false;
  }
  std::lock_guard lock(mutex_);
  std::optional<LabOutcome> o = std::move(outcome_);
  outcome_.reset();
  return o;
}

}  // namespace fl::ui
