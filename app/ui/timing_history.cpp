#include "app/ui/timing_history.hpp"

#include <algorithm>

#include "core/stage_spec.hpp"

namespace fl::ui {

static std::string Signature(const Registry& reg, const Stage& s, const PlannedStage& r) {
  return FormatStageSpec(reg, s) + (s.enabled ? "" : ":off") + "@" + std::to_string(r.in.width) + "x" +
         std::to_string(r.in.height) + std::string(ToString(r.in.format));
}

void TimingHistory::Record(const Registry& reg, const Plan& plan, const std::vector<double>& ms) {
  const Pipeline& p = plan.pipeline;
  const std::vector<PlannedStage>& resolved = plan.stages;
  stages_.resize(p.stages.size());
  for (std::size_t i = 0; i < p.stages.size() && i < resolved.size() && i < ms.size(); ++i) {
    const std::string sig = Signature(reg, p.stages[i], resolved[i]);
    Stage& st = stages_[i];
    if (st.signature != sig) {
      st.signature = sig;
      st.ms.clear();
    }
    if (!resolved[i].enabled) continue;
    st.ms.push_back(static_cast<float>(ms[i]));
    while (st.ms.size() > capacity_) st.ms.pop_front();
  }
}

double Median(std::vector<float> v) {
  if (v.empty()) return 0;
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  if (v.size() % 2 == 1) return v[mid];
  const float upper = v[mid];
  const float lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid));
  return 0.5 * (static_cast<double>(lower) + upper);
}

void TimingHistory::Fill(const Plan& plan, double copy_gbs, std::vector<StageReport>& reports) const {
  const std::vector<PlannedStage>& resolved = plan.stages;
  reports.resize(resolved.size());
  for (std::size_t i = 0; i < resolved.size(); ++i) {
    StageReport& r = reports[i];
    r.in = resolved[i].in;
    r.out = resolved[i].out;
    r.enabled = resolved[i].enabled;
    r.history.clear();
    if (i < stages_.size()) r.history.assign(stages_[i].ms.begin(), stages_[i].ms.end());
    r.runs = static_cast<int>(r.history.size());
    r.last_ms = r.history.empty() ? 0 : r.history.back();
    r.median_ms = Median(r.history);
    r.min_ms = r.history.empty() ? 0 : *std::min_element(r.history.begin(), r.history.end());
    r.bytes = r.enabled ? plan.StageBytes(i) : 0;
    r.gbs = r.median_ms > 0 ? r.bytes / (r.median_ms * 1e-3) / 1e9 : 0;
    r.pct_of_copy = copy_gbs > 0 ? 100.0 * r.gbs / copy_gbs : 0;
  }
}

}  // namespace fl::ui
