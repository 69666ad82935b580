#include "core/labs/lab_support.hpp"

#include <algorithm>
#include <chrono>

#include "core/error.hpp"

namespace fl::labs {

double MedianOf(std::vector<double> ms) {
  if (ms.empty()) return 0;
  std::sort(ms.begin(), ms.end());
  const std::size_t n = ms.size();
  return n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
}

double NowMs() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
}

void PollCancel(const LabRequest& r) {
  if (r.cancel && r.cancel->load()) throw InputError("cancelled");
}

void ReportProgress(const LabRequest& r, double fraction) {
  if (r.progress) r.progress(static_cast<float>(std::clamp(fraction, 0.0, 1.0)));
}

bool Wants(const LabRequest& r, const std::string& id) {
  return r.variants.empty() || std::find(r.variants.begin(), r.variants.end(), id) != r.variants.end();
}

std::vector<std::string> RequestedVariants(const LabSpec& lab, const LabRequest& r) {
  std::vector<std::string> ids;
  for (const auto& v : lab.variants)
    if (v.backend == r.backend && Wants(r, v.id)) ids.push_back(v.id);
  return ids;
}

}  // namespace fl::labs
