#include "app/cli/bench_report.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/text_file.hpp"

namespace fl::cli {

// "gauss radius=8:sigma=4": the filter and its parameters.
static std::string Named(const BenchRow& row) { return row.params.empty() ? row.filter : row.filter + " " + row.params; }

void PrintBenchTable(const BenchReport& r) {
  std::printf("device: %s  driver: %s  commit: %s  backend: %s  date: %s  repeats: %d (median and min, %s%s)\n",
              r.device.c_str(), r.driver.empty() ? "-" : r.driver.c_str(), r.commit.c_str(), r.backend.c_str(),
              r.date.c_str(), r.repeat,
              r.backend == "cuda" ? "each run between its own cudaEvent pair" : "CPU wall clock",
              r.flush_l2 ? ", L2 flushed before each" : "");
  std::printf("%-30s %-20s %-30s %-18s %10s %10s %9s %8s\n", "filter", "variant", "launch", "input", "median ms",
              "min ms", "GB/s", "% copy");
  for (const auto& row : r.rows) {
    if (!row.refused.empty()) {
      std::printf("%-30s %-20s %-30s %-18s refused: %s\n", Named(row).c_str(), row.variant.c_str(),
                  row.launch.c_str(), row.input.c_str(), row.refused.c_str());
      continue;
    }
    char pct[16] = "-";
    if (row.copy_gbs > 0) std::snprintf(pct, sizeof pct, "%.1f", row.pct_of_copy);
    std::printf("%-30s %-20s %-30s %-18s %10.4f %10.4f %9.1f %8s\n", Named(row).c_str(), row.variant.c_str(),
                row.launch.c_str(), row.input.c_str(), row.median_ms, row.min_ms, row.gbs, pct);
  }
}

void WriteBenchJson(const BenchReport& r, const std::string& path) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : r.rows) {
    nlohmann::json j = {{"filter", row.filter}, {"variant", row.variant}, {"launch", row.launch},
                        {"input", row.input},   {"format", row.format},   {"size", row.size},
                        {"params", row.params}};
    if (!row.refused.empty()) {
      j["refused"] = row.refused;
    } else {
      j.update({{"median_ms", row.median_ms}, {"ms", row.median_ms}, {"min_ms", row.min_ms}, {"bytes", row.bytes},
                {"gbs", row.gbs}});
      if (row.copy_gbs > 0) j.update({{"copy_gbs", row.copy_gbs}, {"pct_of_copy", row.pct_of_copy}});
    }
    rows.push_back(j);
  }
  const nlohmann::json doc = {{"device", r.device}, {"driver", r.driver}, {"commit", r.commit},
                              {"backend", r.backend}, {"date", r.date},
                              {"repeat", r.repeat}, {"l2_flushed", r.flush_l2}, {"results", rows}};
  WriteTextFileAtomically(path, doc.dump(2) + "\n", "benchmark JSON");
}

}  // namespace fl::cli
