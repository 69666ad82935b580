#pragma once
// A session written up: report.md with the pipeline, each stage's time and what ran, the A/B metrics when B was
// compared, and PNG charts beside it (stage times as bars, an autotune sweep as a heat map). Shared by
// `filterlab report` and the app's File > Export report.
#include <optional>
#include <string>
#include <vector>

#include "core/metrics.hpp"

namespace fl::cli {

struct ReportStage {
  std::string spec;      // the stage in the CLI's syntax: "gauss:radius=4:variant=separable"
  bool enabled = true;
  double median_ms = 0;  // of the runs measured
  double min_ms = 0;
  std::string note;      // which code ran when it is not the stage's variant (CPU fallback), or ""
};

struct ReportMetrics {
  std::string pair;  // "A vs B"
  std::optional<ImageMetrics> metrics;
  std::string error;  // why there are none (e.g. the shapes differ)
};

struct ReportData {
  std::string title = "Filter Lab report";
  std::string device;     // "NVIDIA H100 80GB HBM3", "CPU"
  std::string backend;    // "cuda" or "cpu"
  std::string time_kind;  // "cudaEvent" or "CPU wall"
  std::string input;      // a path or a pattern label, with its shape
  std::string date, commit;
  int runs = 0;                        // runs each median is taken over
  std::vector<ReportStage> a, b;       // b: empty unless comparing
  std::vector<ReportMetrics> metrics;  // empty unless comparing
  std::string sweep_json;              // an autotune sweep's text (core/sweep_grid.hpp), or ""
  std::string sweep_source;            // where it came from, for the text
};

struct ReportFiles {
  std::string markdown;             // DIR/report.md
  std::vector<std::string> images;  // the PNGs written
};

// Creates `dir` if needed and writes report.md, timings_a.png, timings_b.png (when comparing) and
// tune_heatmap.png (when a sweep is given). Throws InputError naming a path it cannot write or a sweep it cannot
// read.
ReportFiles WriteReport(const ReportData& d, const std::string& dir);
// Makes the report folder (and its parents) before any run, so that a path that cannot be one is refused
// before the work rather than after it. Throws InputError naming the path.
void PrepareReportFolder(const std::string& dir);

}  // namespace fl::cli
