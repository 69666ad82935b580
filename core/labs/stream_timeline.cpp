#include "core/labs/stream_timeline.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace fl::labs {

bool KernelsOverlap(const std::vector<TimelineEntry>& timeline, double min_ms) {
  for (std::size_t i = 0; i < timeline.size(); ++i)
    for (std::size_t k = i + 1; k < timeline.size(); ++k) {
      const TimelineEntry& a = timeline[i];
      const TimelineEntry& b = timeline[k];
      if (a.stream == b.stream) continue;
      const double shared = std::min(a.end_ms, b.end_ms) - std::max(a.start_ms, b.start_ms);
      if (shared > min_ms) return true;
    }
  return false;
}

double TimelineSpanMs(const std::vector<TimelineEntry>& timeline) {
  double end = 0;
  for (const auto& e : timeline) end = std::max(end, e.end_ms);
  return end;
}

nlohmann::json TimelineJson(const std::vector<TimelineEntry>& timeline) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& e : timeline)
    out.push_back(
        {{"stream", e.stream}, {"kernel", e.kernel}, {"start_ms", e.start_ms}, {"end_ms", e.end_ms}});
  return out;
}

std::vector<TimelineEntry> TimelineFromJson(const nlohmann::json& j) {
  if (!j.is_array()) throw InputError("timeline is not an array");
  std::vector<TimelineEntry> out;
  for (const auto& e : j) {
    if (!e.is_object() || !e.contains("stream") || !e.contains("start_ms") || !e.contains("end_ms"))
      throw InputError("timeline entry " + std::to_string(out.size()) + " lacks stream, start_ms or end_ms");
    TimelineEntry t;
    t.stream = e.at("stream").get<int>();
    t.kernel = e.value("kernel", std::string());
    t.start_ms = e.at("start_ms").get<double>();
    t.end_ms = e.at("end_ms").get<double>();
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace fl::labs
