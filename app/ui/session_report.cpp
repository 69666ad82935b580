#include "app/ui/session_report.hpp"

#include <algorithm>
#include <ctime>
#include <filesystem>

#include "core/stage_spec.hpp"
#include "core/tune_sweep.hpp"

namespace fl::ui {

static std::vector<cli::ReportStage> StagesOf(const AppState& s, const SlotResult& r) {
  std::vector<cli::ReportStage> out;
  for (std::size_t i = 0; i < r.stages.size() && i < r.plan.pipeline.stages.size(); ++i) {
    const StageReport& rep = r.stages[i];
    out.push_back({FormatStageSpec(*s.registry, r.plan.pipeline.stages[i]), rep.enabled, rep.median_ms,
                   rep.min_ms, rep.note});
  }
  return out;
}

static cli::ReportMetrics MetricsRow(const char* pair, const AbMetrics& m) {
  return {pair, m.metrics, m.error};
}

cli::ReportData SessionReport(const AppState& s) {
  cli::ReportData d;
  d.title = "Filter Lab session report";
  d.device = s.device_name;
  d.backend = std::string(ToString(s.backend));
  d.time_kind = TimeLabel(s);
  d.input = s.image_label + " (" + std::to_string(s.image_shape.width) + "x" +
            std::to_string(s.image_shape.height) + " " + std::string(ToString(s.image_shape.format)) + ")";
  const SlotResult& a = s.results[Slot::A];
  d.runs = a.stages.empty() ? 0 : a.stages.front().runs;
  for (const StageReport& r : a.stages) d.runs = std::min(d.runs, r.runs);
  d.a = StagesOf(s, a);
  if (const SlotResult* b = ShownB(s)) {
    d.b = StagesOf(s, *b);
    d.metrics = {MetricsRow("A vs B", s.ab.a_vs_b), MetricsRow("A vs CPU reference", s.ab.a_vs_ref),
                 MetricsRow("B vs CPU reference", s.ab.b_vs_ref)};
  }
  // The Tune window's last finished sweep becomes the report's heat map.
  if (s.tune.sweep && !s.tune.running && s.tune.sweep->Best() >= 0) d.sweep_json = SweepJson(*s.tune.sweep);
  return d;
}

std::string DefaultReportFolder() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char name[64];
  std::strftime(name, sizeof name, "filterlab_report_%Y%m%d_%H%M%S", &tm);
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  return ec ? std::string(name) : (cwd / name).string();
}

}  // namespace fl::ui
