#pragma once
// Rolling per-stage timings: the last N runs of each stage, reset when that stage's configuration (filter,
// variant, parameters, launch, enabled, input shape) changes, so that figures never mix two configurations.
#include <deque>
#include <string>
#include <vector>

#include "app/ui/app_state.hpp"

namespace fl::ui {

class TimingHistory {
 public:
  // Not explicit by default: a PerSlot<TimingHistory> value-initialises its array's elements from {}.
  TimingHistory() : TimingHistory(120) {}
  explicit TimingHistory(std::size_t capacity) : capacity_(capacity) {}

  // Records one run of `plan` whose stages took `ms`.
  void Record(const Registry& reg, const Plan& plan, const std::vector<double>& ms);
  void Clear() { stages_.clear(); }

  // Fills the timing fields of `reports` (one per stage): last, median, min, runs, history, bytes, GB/s and its
  // share of `copy_gbs` (when > 0).
  void Fill(const Plan& plan, double copy_gbs, std::vector<StageReport>& reports) const;

 private:
  struct Stage {
    std::string signature;
    std::deque<float> ms;
  };
  std::size_t capacity_;
  std::vector<Stage> stages_;
};

double Median(std::vector<float> values);

}  // namespace fl::ui
