// The gemm lab's CPU side: the double reference and the OpenMP product against hand-computed and naive
// products, the error measure, and the whole run through the lab registry.
#include "core/labs/gemm_lab.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "core/lab_registry.hpp"

namespace fl::labs {
namespace {

std::vector<float> Product(void (*fn)(const float*, const float*, float*, int), const std::vector<float>& a,
                           const std::vector<float>& b, int n) {
  std::vector<float> c(static_cast<std::size_t>(n) * n, -99.0f);
  fn(a.data(), b.data(), c.data(), n);
  return c;
}

TEST(GemmCpu, HandComputed2x2And3x3) {
  const std::vector<float> a2 = {1, 2, 3, 4}, b2 = {5, 6, 7, 8};
  const std::vector<float> c2 = {19, 22, 43, 50};
  EXPECT_EQ(Product(GemmReference, a2, b2, 2), c2);
  EXPECT_EQ(Product(GemmOpenmp, a2, b2, 2), c2);
  const std::vector<float> a3 = {1, 0, 2, -1, 3, 1, 0, 5, -2}, b3 = {2, 1, 0, 1, 0, -1, 4, 2, 3};
  const std::vector<float> c3 = {10, 5, 6, 5, 1, 0, -3, -4, -11};
  EXPECT_EQ(Product(GemmReference, a3, b3, 3), c3);
  EXPECT_EQ(Product(GemmOpenmp, a3, b3, 3), c3);
}

TEST(GemmCpu, ReferenceAndOpenmpAgreeWithANaiveDoubleProduct) {
  for (const int n : {1, 2, 7, 33, 70, 300}) {
    const auto a = GemmMatrix(n, kGemmSeedA), b = GemmMatrix(n, kGemmSeedB);
    const auto ref = Product(GemmReference, a, b, n), omp = Product(GemmOpenmp, a, b, n);
    double worst_ref = 0, worst_omp = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        double exact = 0, scale = 0;
        for (int k = 0; k < n; ++k) {
          exact += static_cast<double>(a[i * n + k]) * b[k * n + j];
          scale += std::fabs(static_cast<double>(a[i * n + k]) * b[k * n + j]);
        }
        worst_ref = std::max(worst_ref, std::fabs(ref[i * n + j] - exact) / scale);
        worst_omp = std::max(worst_omp, std::fabs(omp[i * n + j] - exact) / scale);
        // The reference rounds a double sum once: within half a float ulp of the exact value.
        ASSERT_EQ(ref[i * n + j], static_cast<float>(exact)) << n << ": " << i << "," << j;
      }
    EXPECT_LT(worst_ref, 1e-7) << n;
    EXPECT_LT(worst_omp, n * 6e-8 + 1e-7) << n;
    // MaxRelErr measures the same thing.
    const GemmCheck check = GemmReferenceRows(a, b, n);
    EXPECT_NEAR(MaxRelErr(check, omp), worst_omp, 1e-12) << n;
  }
}

TEST(GemmCpu, MatricesAreDeterministicAndInRange) {
  const auto a = GemmMatrix(64, kGemmSeedA);
  EXPECT_EQ(a, GemmMatrix(64, kGemmSeedA));
  EXPECT_NE(a, GemmMatrix(64, kGemmSeedB));
  for (const float v : a) {
    ASSERT_GE(v, -1.0f);
    ASSERT_LE(v, 1.0f);
  }
}

TEST(GemmCpu, LargeOrdersCheckSampledRows) {
  const int n = 1100;  // just past the full check: 256 rows, spread over the whole matrix
  const auto a = GemmMatrix(n, kGemmSeedA), b = GemmMatrix(n, kGemmSeedB);
  const GemmCheck check = GemmReferenceRows(a, b, n);
  ASSERT_EQ(check.rows.size(), 256u);
  EXPECT_EQ(check.rows.front(), 0);
  EXPECT_GT(check.rows.back(), n - 10);
  std::vector<float> wrong(static_cast<std::size_t>(n) * n, 1000.0f);
  EXPECT_GT(MaxRelErr(check, wrong), 1.0);
}

TEST(GemmLab, CpuRunReportsEveryVariant) {
  const LabSpec& lab = GetLab("gemm");
  LabRequest r;
  r.size = 48;
  r.repeat = 2;
  const LabResult result = RunLab(lab, CheckedLabRequest(lab, r));
  const auto& d = result.data;
  EXPECT_EQ(d["lab"], "gemm");
  EXPECT_EQ(d["size"], 48);
  EXPECT_EQ(d["checked_rows"], 48);
  ASSERT_EQ(d["variants"].size(), 2u);
  EXPECT_EQ(d["variants"][0]["id"], "reference");
  EXPECT_EQ(d["variants"][1]["id"], "openmp");
  for (const auto& v : d["variants"]) {
    EXPECT_GT(v["gflops"].get<double>(), 0);
    EXPECT_TRUE(v["pct_of_cublas"].is_null());
    EXPECT_LT(v["max_rel_err"].get<double>(), 1e-5);
  }
  EXPECT_LT(d["max_rel_err"].get<double>(), 1e-5);
  ASSERT_EQ(result.pictures.size(), 3u);
  EXPECT_EQ(result.pictures[2].name, "C");
  EXPECT_EQ(result.pictures[2].image.width(), 48);
  EXPECT_EQ(result.pictures[2].image.format(), PixelFormat::Rgba8);
}

TEST(GemmLab, RefusesBadRequests) {
  const LabSpec& lab = GetLab("gemm");
  for (const int size : {-1, 4097, 100000}) {
    LabRequest r;
    r.size = size;
    EXPECT_THROW(CheckedLabRequest(lab, r), InputError) << size;
  }
  LabRequest r;
  r.variants = {"cublas"};  // CUDA only
  EXPECT_THROW(CheckedLabRequest(lab, r), InputError);
  r.variants = {"tiled64"};
  EXPECT_THROW(CheckedLabRequest(lab, r), InputError);
  r.variants = {};
  EXPECT_EQ(CheckedLabRequest(lab, r).size, 1024);  // 0: the default order
}

}  // namespace
}  // namespace fl::labs
