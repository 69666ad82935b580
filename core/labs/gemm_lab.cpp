#include "core/labs/gemm_lab.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/labs/lab_pictures.hpp"
#include "core/labs/lab_support.hpp"

namespace fl::labs {

std::vector<float> GemmMatrix(int n, std::uint32_t seed) {
  std::vector<float> m(static_cast<std::size_t>(n) * n);
  std::uint64_t s = 0x9e3779b97f4a7c15ull * (seed + 1);
  for (auto& v : m) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    v = static_cast<float>(static_cast<double>(s >> 40) / static_cast<double>(1ull << 23) - 1.0);  // [-1, 1)
  }
  return m;
}

GemmCheck GemmReferenceRows(const std::vector<float>& a, const std::vector<float>& b, int n) {
  GemmCheck check;
  check.n = n;
  const int count = n <= kGemmFullCheck ? n : 256;
  for (int i = 0; i < count; ++i)
    check.rows.push_back(static_cast<int>(static_cast<long long>(i) * n / count));
  check.exact.assign(check.rows.size() * n, 0.0);
  check.scale.assign(check.rows.size() * n, 0.0);
#pragma omp parallel for schedule(dynamic)
  for (int r = 0; r < count; ++r) {
    double* exact = &check.exact[static_cast<std::size_t>(r) * n];
    double* scale = &check.scale[static_cast<std::size_t>(r) * n];
    const float* arow = &a[static_cast<std::size_t>(check.rows[r]) * n];
    for (int k = 0; k < n; ++k) {
      const double aik = arow[k];
      const float* brow = &b[static_cast<std::size_t>(k) * n];
      for (int j = 0; j < n; ++j) {
        const double p = aik * brow[j];
        exact[j] += p;
        scale[j] += std::fabs(p);
      }
    }
  }
  return check;
}

double MaxRelErr(const GemmCheck& check, const std::vector<float>& c) {
  double worst = 0;
  const int n = check.n;
  for (std::size_t r = 0; r < check.rows.size(); ++r) {
    for (int j = 0; j < n; ++j) {
      const std::size_t e = r * n + j;
      const double err = std::fabs(c[static_cast<std::size_t>(check.rows[r]) * n + j] - check.exact[e]);
      const double rel = check.scale[e] > 0 ? err / check.scale[e] : err;
      if (!(rel <= worst)) worst = rel;  // NaN stays NaN
    }
  }
  return worst;
}

void GemmReference(const float* a, const float* b, float* c, int n) {
  std::vector<double> row(n);
  for (int i = 0; i < n; ++i) {
    std::fill(row.begin(), row.end(), 0.0);
    for (int k = 0; k < n; ++k) {
      const double aik = a[static_cast<std::size_t>(i) * n + k];
      const float* brow = b + static_cast<std::size_t>(k) * n;
      for (int j = 0; j < n; ++j) row[j] += aik * brow[j];
    }
    for (int j = 0; j < n; ++j) c[static_cast<std::size_t>(i) * n + j] = static_cast<float>(row[j]);
  }
}

void GemmOpenmp(const float* a, const float* b, float* c, int n) {
  constexpr int kBlockK = 64, kBlockJ = 256;
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    float* crow = c + static_cast<std::size_t>(i) * n;
    std::fill(crow, crow + n, 0.0f);
    for (int j0 = 0; j0 < n; j0 += kBlockJ) {
      const int j1 = std::min(n, j0 + kBlockJ);
      for (int k0 = 0; k0 < n; k0 += kBlockK) {  // a 64 x 256 panel of B stays in L1/L2 across the rows
        const int k1 = std::min(n, k0 + kBlockK);
        for (int k = k0; k < k1; ++k) {
          const float aik = a[static_cast<std::size_t>(i) * n + k];
          const float* brow = b + static_cast<std::size_t>(k) * n;
          for (int j = j0; j < j1; ++j) crow[j] += aik * brow[j];
        }
      }
    }
  }
}

double GemmGflops(int n, double ms) { return ms > 0 ? 2.0 * n * n * static_cast<double>(n) / (ms * 1e6) : 0; }

LabResult GemmReport(const LabRequest& r, const std::vector<float>& a, const std::vector<float>& b,
                     const std::vector<float>& c, int checked_rows, const std::vector<GemmVariantRun>& runs) {
  if (runs.empty()) throw InputError("lab 'gemm': no variant ran");
  LabResult out;
  auto& d = out.data;
  const int n = r.size;
  const auto cublas = std::find_if(runs.begin(), runs.end(), [](const auto& v) { return v.id == "cublas"; });
  d["lab"] = "gemm";
  d["backend"] = std::string(ToString(r.backend));
  d["size"] = n;
  d["checked_rows"] = checked_rows;
  d["max_rel_err"] = 0.0;
  d["variants"] = nlohmann::json::array();
  char line[200];
  std::snprintf(line, sizeof line, "gemm %dx%d float32, %d rows checked against a double product", n, n,
                checked_rows);
  out.lines.push_back(line);
  double worst = 0;
  for (const auto& v : runs) {
    const double gflops = GemmGflops(n, v.ms);
    nlohmann::json j{{"id", v.id}, {"ms", v.ms}, {"gflops", gflops}, {"max_rel_err", v.max_rel_err}};
    j["pct_of_cublas"] = nullptr;
    if (cublas != runs.end() && cublas->ms > 0) j["pct_of_cublas"] = 100.0 * cublas->ms / v.ms;
    d["variants"].push_back(j);
    if (!(v.max_rel_err <= worst)) worst = v.max_rel_err;
    std::snprintf(line, sizeof line, "  %-10s %10.3f ms %10.1f GFLOP/s  max rel err %.2e", v.id.c_str(), v.ms,
                  gflops, v.max_rel_err);
    out.lines.push_back(line);
  }
  d["max_rel_err"] = worst;
  out.pictures.push_back({"A", HeatMap(a.data(), n, 256)});
  out.pictures.push_back({"B", HeatMap(b.data(), n, 256)});
  out.pictures.push_back({"C", HeatMap(c.data(), n, 256)});
  return out;
}

LabResult RunGemmCpu(const LabRequest& r) {
  const int n = r.size;
  const auto a = GemmMatrix(n, kGemmSeedA), b = GemmMatrix(n, kGemmSeedB);
  const GemmCheck check = GemmReferenceRows(a, b, n);
  std::vector<float> c(a.size());
  std::vector<GemmVariantRun> runs;
  // A CPU product of 1024^3 takes about a second: a few repeats say as much as twenty.
  const int repeats = std::min(r.repeat, 3);
  const std::vector<std::string> ids = RequestedVariants(GetLab("gemm"), r);
  for (const auto& id : ids) {
    if (id != "reference" && id != "openmp") throw RuntimeError("gemm: no CPU variant '" + id + "'");
    const auto product = id == "openmp" ? GemmOpenmp : GemmReference;
    PollCancel(r);
    GemmVariantRun run;
    run.id = id;
    run.ms = MedianMs(repeats, [&] { product(a.data(), b.data(), c.data(), n); });
    run.max_rel_err = MaxRelErr(check, c);
    runs.push_back(run);
    ReportProgress(r, static_cast<double>(runs.size()) / ids.size());
  }
  LabResult out = GemmReport(r, a, b, c, static_cast<int>(check.rows.size()), runs);
  out.data["repeats"] = repeats;
  return out;
}

}  // namespace fl::labs
