// The `transfers` lab on the GPU: a row per direction, memory and size with consistent figures; pinned faster
// than pageable for large copies; the pipeline call's parts add up to no more than the whole.
#include <gtest/gtest.h>

#include <map>

#include "core/lab_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

LabResult RunTransfers(int max_mib, const std::string& pipeline, int repeat = 5) {
  LabRequest r;
  r.backend = Backend::Cuda;
  r.params.Set("max_mib", static_cast<double>(max_mib));
  r.params.Set("pipeline", pipeline);
  r.size = 1024;
  r.repeat = repeat;
  const LabSpec& lab = GetLab("transfers");
  return RunLab(lab, CheckedLabRequest(lab, r));
}

TEST(TransfersLab, RowsForEveryDirectionMemoryAndSize) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const LabResult res = RunTransfers(4, "none");
  const nlohmann::json& rows = res.data["rows"];
  ASSERT_EQ(rows.size(), 4u * 3u);  // 4 variants x {256 KiB, 1 MiB, 4 MiB}
  for (const auto& row : rows) {
    const double ms = row["ms"].get<double>(), gbs = row["gbs"].get<double>();
    const double bytes = row["bytes"].get<double>();
    EXPECT_TRUE(row["direction"] == "h2d" || row["direction"] == "d2h");
    EXPECT_TRUE(row["memory"] == "pinned" || row["memory"] == "pageable");
    EXPECT_GT(ms, 0.0);
    EXPECT_NEAR(gbs, bytes / (ms * 1e6), 1e-6 * gbs);
    EXPECT_LT(gbs, 1000.0) << "faster than any host link: " << row.dump();
  }
  EXPECT_EQ(res.data["variants"].size(), 4u);
  EXPECT_FALSE(res.data.contains("pipeline"));
}

// The lesson of the lab; the lead checks on the H100 whether it holds (it should, for 64 MiB copies).
TEST(TransfersLab, PinnedFasterThanPageableForLargeCopies) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const LabResult res = RunTransfers(64, "none");
  std::map<std::string, double> largest;  // "h2d pinned" -> GB/s at 64 MiB
  for (const auto& row : res.data["rows"])
    if (row["bytes"].get<double>() == 64.0 * 1024 * 1024)
      largest[row["direction"].get<std::string>() + " " + row["memory"].get<std::string>()] = row["gbs"];
  for (const std::string& line : res.lines) std::printf("%s\n", line.c_str());
  ASSERT_EQ(largest.size(), 4u);
  EXPECT_GT(largest["h2d pinned"], largest["h2d pageable"]);
  EXPECT_GT(largest["d2h pinned"], largest["d2h pageable"]);
}

TEST(TransfersLab, PipelineCallPartsFitInTheWholeAndFirstCallCostsMore) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const LabResult res = RunTransfers(1, "gray>gauss3");
  const nlohmann::json& p = res.data["pipeline"];
  ASSERT_TRUE(p.is_object()) << res.data.dump();
  EXPECT_EQ(p["width"], 1024);
  for (const char* call : {"first", "steady"}) {
    SCOPED_TRACE(call);
    const nlohmann::json& c = p[call];
    const double parts =
        c["upload_ms"].get<double>() + c["kernel_ms"].get<double>() + c["download_ms"].get<double>();
    EXPECT_GT(c["kernel_ms"].get<double>(), 0.0);
    EXPECT_LE(parts, c["full_ms"].get<double>() * 1.001);
    EXPECT_GT(c["kernel_share"].get<double>(), 0.0);
    EXPECT_LT(c["kernel_share"].get<double>(), 1.0);
  }
  for (const std::string& line : res.lines) std::printf("%s\n", line.c_str());
  EXPECT_GT(p["first"]["full_ms"].get<double>(), p["steady"]["full_ms"].get<double>());
}

}  // namespace
}  // namespace fl
