#pragma once
// Rows of a benchmark and how they are printed (table) and saved (JSON).
#include <string>
#include <vector>

namespace fl::cli {

struct BenchRow {
  std::string filter;
  std::string variant;
  std::string launch;       // "block 32x8, ppt 4"
  std::string refused;      // non-empty: the configuration was refused before launch, with the reason
  std::string input;        // "8192x8192 gray8"
  std::string format;       // "gray8" (the input's)
  std::string size;         // "8192x8192"
  std::string params;       // the filter's parameters, "radius=4:sigma=2"
  double median_ms = 0;
  double min_ms = 0;
  double bytes = 0;         // read once + written once
  double gbs = 0;           // bytes / median
  double copy_gbs = 0;      // device-to-device copy of the same input bytes in the same run (0 on the CPU)
  double pct_of_copy = 0;
};

struct BenchReport {
  std::string device;
  std::string driver;  // CUDA driver version, "13.0"
  std::string commit;  // the build's git commit
  std::string backend;
  std::string date;
  int repeat = 0;
  bool flush_l2 = false;
  std::vector<BenchRow> rows;
};

void PrintBenchTable(const BenchReport& r);
void WriteBenchJson(const BenchReport& r, const std::string& path);

}  // namespace fl::cli
