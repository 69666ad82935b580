#pragma once
// The gemm lab on the host: the generated matrices, the double-precision check, the CPU variants and the
// report (JSON, table lines, heat maps) that the CPU and CUDA runs share. Matrices are n x n, row-major,
// float32.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/lab_spec.hpp"

namespace fl::labs {

// Uniform in [-1, 1], fixed by `seed` (A uses kGemmSeedA, B kGemmSeedB).
constexpr std::uint32_t kGemmSeedA = 1, kGemmSeedB = 2;
std::vector<float> GemmMatrix(int n, std::uint32_t seed);

// The rows of C checked against a double-precision product: all of them up to kGemmFullCheck, else 256 rows
// spread evenly (a full double product of 4096^3 would take minutes on the CPU).
constexpr int kGemmFullCheck = 1024;
struct GemmCheck {
  int n = 0;
  std::vector<int> rows;
  std::vector<double> exact;  // rows.size() x n: sum_k a_ik b_kj in double
  std::vector<double> scale;  // rows.size() x n: sum_k |a_ik b_kj|, what float rounding errors scale with
};
GemmCheck GemmReferenceRows(const std::vector<float>& a, const std::vector<float>& b, int n);
// max over the checked entries of |c - exact| / scale (scale 0: the absolute error).
double MaxRelErr(const GemmCheck& check, const std::vector<float>& c);

// C = A B accumulated in double, rounded to float once per entry.
void GemmReference(const float* a, const float* b, float* c, int n);
// C = A B in float, blocked (64 x 256 panels of B) and split over rows with OpenMP.
void GemmOpenmp(const float* a, const float* b, float* c, int n);

struct GemmVariantRun {
  std::string id;
  double ms = 0;
  double max_rel_err = 0;
};
double GemmGflops(int n, double ms);
// The report: gflops and pct_of_cublas (null without a cublas run) for each run, max_rel_err the worst run's,
// checked_rows, and the pictures "A", "B", "C" (C from the last run) as heat maps at most 256 a side.
LabResult GemmReport(const LabRequest& r, const std::vector<float>& a, const std::vector<float>& b,
                     const std::vector<float>& c, int checked_rows, const std::vector<GemmVariantRun>& runs);

LabResult RunGemmCpu(const LabRequest& r);

}  // namespace fl::labs
