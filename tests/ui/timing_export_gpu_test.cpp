// The lab's timing exports (app/ui/timing_export.cpp) after a real CUDA run: the engine on the device, the slot
// runs as the lab makes them, then the CSV and JSON. tests/ui/logic_test.cpp checks the columns from a plan alone;
// this checks what only a device fills in: the launch that ran, registers, occupancy, GB/s against the measured
// copy, and the GPU time label. Skips without a CUDA device.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app/ui/engine.hpp"
#include "app/ui/slot_runs.hpp"
#include "app/ui/timing_export.hpp"
#include "core/stage_spec.hpp"
#include "core/test_patterns.hpp"
#include "cuda/device_info.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::uitest {
namespace {

TEST(TimingExportOnGpu, NamesTheLaunchAndTheKernelFactsOfTheRun) {
  if (cuda::DeviceCount() == 0) GTEST_SKIP() << "no CUDA device: " << cuda::NoDeviceReason();
  const Registry& reg = BuiltinRegistry();
  ui::Engine engine(reg, Backend::Cuda);
  ui::AppState s;
  s.registry = &reg;
  s.facts = engine.facts();
  s.backend = Backend::Cuda;
  s.copy_gbs = engine.copy_gbs();  // as the lab sets it (app/ui/lab.cpp)
  engine.SetInput(GeneratePattern({TestPattern::Noise, 640, 480, PixelFormat::Gray8, 8, 3}));
  s.image_shape = engine.input().shape();
  // dilate5 with no variant named (the default, fast, by its rules) and a teaching variant with a launch set.
  for (const char* spec : {"dilate5", "gauss:variant=separable_fused:radius=4:block=32x8"})
    s.pipeline.stages.push_back(ParseStageSpec(reg, spec, Backend::Cuda));
  ui::SlotRuns runs;
  ASSERT_TRUE(runs.Update(s, engine));
  ASSERT_TRUE(s.results[ui::Slot::A].valid);

  const auto j = nlohmann::json::parse(ui::TimingsJson(s));
  EXPECT_EQ(j.at("time_kind"), "GPU time (cudaEvent)");
  EXPECT_GT(j.at("copy_bandwidth_gb_per_s").get<double>(), 0.0);
  ASSERT_EQ(j.at("stages").size(), 2u);
  const auto& fast = j.at("stages")[0];
  EXPECT_EQ(fast.at("ran_variant"), "fast");
  EXPECT_EQ(fast.at("launch"), "block 32x4, ppt 16, smem on");
  const auto& fused = j.at("stages")[1];
  EXPECT_EQ(fused.at("ran_variant"), "separable_fused");
  EXPECT_EQ(fused.at("launch").get<std::string>().rfind("block 32x8", 0), 0u) << fused.at("launch");
  for (const auto& st : j.at("stages")) {
    SCOPED_TRACE(st.at("spec").get<std::string>());
    EXPECT_GT(st.at("median_ms").get<double>(), 0.0);
    EXPECT_GT(st.at("gb_per_s").get<double>(), 0.0);
    EXPECT_GT(st.at("pct_of_copy").get<double>(), 0.0);
    ASSERT_TRUE(st.at("registers").is_number()) << st.dump();
    EXPECT_GT(st.at("registers").get<int>(), 0);
    EXPECT_GT(st.at("occupancy").get<double>(), 0.0);
    EXPECT_LE(st.at("occupancy").get<double>(), 1.0);
  }

  // The CSV carries the same: the launch quoted (it holds commas), registers and occupancy filled.
  const std::string csv = ui::TimingsCsv(s);
  EXPECT_NE(csv.find(",fast,\"block 32x4, ppt 16, smem on\","), std::string::npos) << csv;
  EXPECT_NE(csv.find("GPU time (cudaEvent)"), std::string::npos) << csv;
  EXPECT_EQ(csv.find(",,,"), std::string::npos) << "no empty run of kernel cells on the GPU:\n" << csv;
}

}  // namespace
}  // namespace fl::uitest
