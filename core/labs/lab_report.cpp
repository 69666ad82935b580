#include "core/labs/lab_report.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"
#include "core/labs/lab_input.hpp"

namespace fl::labs {

std::vector<const LabVariantSpec*> SelectedVariants(const LabSpec& lab, const LabRequest& r) {
  std::vector<const LabVariantSpec*> out;
  for (const auto& v : lab.variants) {
    const bool named = std::find(r.variants.begin(), r.variants.end(), v.id) != r.variants.end();
    if (r.variants.empty() ? v.backend == r.backend : named) out.push_back(&v);
  }
  return out;
}

void ThrowIfCancelled(const LabRequest& r) {
  if (r.cancel && r.cancel->load()) throw InputError("cancelled");
}

HostTiming TimeOnHost(const LabRequest& r, int repeat, const std::function<void()>& work) {
  using Clock = std::chrono::steady_clock;
  work();  // warm-up: page faults, caches, OpenMP's thread pool
  std::vector<double> ms;
  for (int i = 0; i < repeat; ++i) {
    ThrowIfCancelled(r);
    const auto t0 = Clock::now();
    work();
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  HostTiming t;
  t.min_ms = *std::min_element(ms.begin(), ms.end());
  std::nth_element(ms.begin(), ms.begin() + static_cast<long>(ms.size() / 2), ms.end());
  t.median_ms = ms[ms.size() / 2];
  return t;
}

double GBs(std::uint64_t bytes, double ms) {
  return ms > 0 ? static_cast<double>(bytes) / (ms * 1e-3) / 1e9 : 0.0;
}

nlohmann::json ByteLabJson(const std::string& lab, const LabRequest& r, const ImageShape& shape,
                           const std::vector<VariantTiming>& timings, const std::string& timing_kind) {
  nlohmann::json j = {{"lab", lab},
                      {"backend", ToString(r.backend)},
                      {"size", r.input ? std::max(shape.width, shape.height) : r.size},
                      {"width", shape.width},
                      {"height", shape.height},
                      {"format", ToString(shape.format)},
                      {"input", LabInputLabel(r)},
                      {"bytes", shape.Bytes()},
                      {"repeat", r.repeat},
                      {"timing", timing_kind},
                      {"variants", nlohmann::json::array()}};
  const VariantTiming* best = nullptr;
  for (const auto& t : timings) {
    j["variants"].push_back({{"id", t.id},
                             {"ms", t.ms},
                             {"min_ms", t.min_ms},
                             {"gbs", t.gbs},
                             {"matches_reference", t.matches_reference}});
    if (!best || t.ms < best->ms) best = &t;
  }
  j["ms"] = best ? best->ms : 0.0;
  j["best"] = best ? best->id : "";
  return j;
}

std::vector<std::string> VariantTable(const std::vector<VariantTiming>& timings) {
  std::vector<std::string> lines;
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-16s %10s %10s %9s  %s", "variant", "median ms", "min ms", "GB/s",
                "check");
  lines.push_back(buf);
  for (const auto& t : timings) {
    std::snprintf(buf, sizeof buf, "%-16s %10.4f %10.4f %9.1f  %s", t.id.c_str(), t.ms, t.min_ms, t.gbs,
                  t.matches_reference ? "matches reference" : "DIFFERS from reference");
    lines.push_back(buf);
  }
  return lines;
}

}  // namespace fl::labs
