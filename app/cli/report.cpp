#include "app/cli/report.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/plot.hpp"
#include "core/sweep_grid.hpp"
#include "core/text_file.hpp"

namespace fl::cli {
namespace {

std::string Ms(double ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", ms);
  return buf;
}

// The stage table and its chart.
std::string StageSection(const char* slot, const std::vector<ReportStage>& stages, const std::string& png,
                         const std::string& time_kind) {
  std::string md = std::string("## Pipeline ") + slot + "\n\n![stage times of " + slot + "](" + png +
                   ")\n\nBars left to right are the stages numbered below; bar height is the median time (" +
                   time_kind + ").\n\n| # | stage | median ms | min ms | note |\n|---|---|---|---|---|\n";
  double total = 0;
  for (std::size_t i = 0; i < stages.size(); ++i) {
    const ReportStage& s = stages[i];
    md += "| " + std::to_string(i + 1) + " | `" + s.spec + "`" + (s.enabled ? "" : " (disabled)") + " | " +
          Ms(s.median_ms) + " | " + Ms(s.min_ms) + " | " + s.note + " |\n";
    total += s.median_ms;
  }
  return md + "| | **total** | " + Ms(total) + " | | |\n\n";
}

std::string MetricsSection(const std::vector<ReportMetrics>& rows) {
  std::string md = "## A/B metrics\n\n| pair | max abs | mean abs | PSNR dB | mismatching pixels |\n"
                   "|---|---|---|---|---|\n";
  for (const ReportMetrics& r : rows) {
    if (!r.metrics) {
      md += "| " + r.pair + " | " + r.error + " | | | |\n";
      continue;
    }
    const ImageMetrics& m = *r.metrics;
    char buf[256];
    std::snprintf(buf, sizeof buf, "| %s | %g | %.4f | %s | %zu (%.4f%%) |\n", r.pair.c_str(), m.max_abs, m.mean_abs,
                  std::isinf(m.psnr) ? "inf" : std::to_string(m.psnr).c_str(), m.mismatches, m.mismatch_pct);
    md += buf;
  }
  return md + "\n";
}

std::string SweepSection(const ReportData& d, const std::string& dir, ReportFiles& files) {
  const SweepGrid g = SweepGridFromJson(d.sweep_json);
  const std::string png = "tune_heatmap.png";
  SaveImage(HeatMap(g.ms), (std::filesystem::path(dir) / png).string());
  files.images.push_back((std::filesystem::path(dir) / png).string());
  std::string md = "## Launch sweep\n\n![sweep heat map](" + png + ")\n\nFrom " + d.sweep_source + " (" +
                   std::to_string(g.entries) +
                   " measured configurations; the fastest per block). Columns are block widths, rows block "
                   "heights; brighter is faster, grey is not measured, the outlined cell is the fastest.\n\n| "
                   "block_y \\ block_x |";
  for (int x : g.xs) md.append(" ").append(std::to_string(x)).append(" |");
  md += "\n|---|";
  for (std::size_t i = 0; i < g.xs.size(); ++i) md += "---|";
  md += "\n";
  for (std::size_t y = 0; y < g.ys.size(); ++y) {
    md.append("| ").append(std::to_string(g.ys[y])).append(" |");
    for (const auto& v : g.ms[y]) {
      md += ' ';
      md += v ? Ms(*v) : std::string("-");
      md += " |";
    }
    md += "\n";
  }
  return md + "\n";
}

std::vector<double> Medians(const std::vector<ReportStage>& stages) {
  std::vector<double> v;
  for (const ReportStage& s : stages) v.push_back(s.enabled ? s.median_ms : 0.0);
  return v;
}

}  // namespace

void PrepareReportFolder(const std::string& dir) {
  if (dir.empty()) throw InputError("--out needs a folder");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir, ec))
    throw InputError("--out '" + dir + "' cannot be the report's folder" + (ec ? ": " + ec.message() : ""));
}

ReportFiles WriteReport(const ReportData& d, const std::string& dir) {
  PrepareReportFolder(dir);  // made already by the command; here for any other caller
  ReportFiles files;
  std::string md = "# " + d.title + "\n\n";
  md += "- device: " + d.device + " (backend " + d.backend + ")\n- times: " + d.time_kind + ", median of " +
        std::to_string(d.runs) + " runs\n- input: " + d.input + "\n";
  if (!d.date.empty()) md += "- date: " + d.date + "\n";
  if (!d.commit.empty()) md += "- build: " + d.commit + "\n";
  md += "\n";
  auto chart = [&](const char* slot, const char* file_slot, const std::vector<ReportStage>& stages) {
    const std::string png = std::string("timings_") + file_slot + ".png";
    const std::string path = (std::filesystem::path(dir) / png).string();
    SaveImage(BarChart(Medians(stages)), path);
    files.images.push_back(path);
    md += StageSection(slot, stages, png, d.time_kind);
  };
  chart("A", "a", d.a);
  if (!d.b.empty()) chart("B", "b", d.b);
  if (!d.metrics.empty()) md += MetricsSection(d.metrics);
  if (!d.sweep_json.empty()) md += SweepSection(d, dir, files);
  files.markdown = (std::filesystem::path(dir) / "report.md").string();
  WriteTextFileAtomically(files.markdown, md, "report");
  return files;
}

}  // namespace fl::cli
