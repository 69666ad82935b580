// `filterlab report` on the CPU backend: report.md names every stage with its time, the PNG charts decode at the
// size their content asks for, and the sweep becomes a heat map. Also the chart and sweep building blocks.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/plot.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "core/sweep_grid.hpp"
#include "filters/builtin_registry.hpp"
#include "temp_dir.hpp"

namespace fl {
namespace {

using ReportTest = test::TempDirTest;

constexpr const char* kSweep = R"({"results": [
  {"launch": {"block": "32x8"}, "median_ms": 1.0},
  {"block": "8x32", "median_ms": 2.0},
  {"block_x": 16, "block_y": 16, "ms": 1.5},
  {"block": "16x16", "ms": 1.2},
  {"block": "64x4", "refused": "too many registers"}
]})";

std::string ReadAll(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST_F(ReportTest, WritesMarkdownWithEveryStageAndDecodablePngs) {
  const Registry& reg = BuiltinRegistry();
  const std::string a = Path("a.json"), b = Path("b.json"), sweep = Path("sweep.json"), out = Path("report");
  Pipeline pa;
  pa.stages = {ParseStageSpec(reg, "gauss3:variant=naive", Backend::Cpu), ParseStageSpec(reg, "invert", Backend::Cpu)};
  Pipeline pb = pa;
  pb.stages[0] = ParseStageSpec(reg, "gauss3:variant=smem_nohalo", Backend::Cpu);
  SavePreset(reg, pa, a);
  SavePreset(reg, pb, b);
  std::ofstream(sweep) << kSweep;
  const std::string cmd = std::string("'") + FILTERLAB_EXE + "' report --backend cpu --repeat 3 --preset '" + a +
                          "' --compare '" + b + "' --tune-json '" + sweep + "' --out '" + out + "' > /dev/null";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << cmd;

  const std::string md = ReadAll(out + "/report.md");
  for (const Stage& s : pa.stages) {
    const std::string spec = FormatStageSpec(reg, s);
    // "| 1 | `gauss3:variant=naive` | 0.1234 | 0.1000 | note |": the stage and its median time.
    const std::regex row("\\| [0-9]+ \\| `" + std::regex_replace(spec, std::regex("[.^$|()\\[\\]{}*+?\\\\]"), "\\$&") +
                         "` \\| [0-9]+\\.[0-9]{4} \\|");
    EXPECT_TRUE(std::regex_search(md, row)) << spec << "\n" << md;
  }
  EXPECT_NE(md.find("## A/B metrics"), std::string::npos);
  EXPECT_NE(md.find("| A vs B |"), std::string::npos);
  EXPECT_NE(md.find("![sweep heat map](tune_heatmap.png)"), std::string::npos);

  for (const char* png : {"timings_a.png", "timings_b.png"}) {
    const Image img = LoadImage(out + "/" + png);
    EXPECT_EQ(img.width(), BarChartWidth(2)) << png;
    EXPECT_EQ(img.height(), kBarChartHeight) << png;
  }
  const Image heat = LoadImage(out + "/tune_heatmap.png");
  EXPECT_EQ(heat.width(), 3 * 32);  // block widths 8, 16, 32
  EXPECT_EQ(heat.height(), 3 * 32);  // block heights 8, 16, 32
}

TEST_F(ReportTest, ABadSweepFailsWithAReason) {
  std::ofstream(Path("sweep.json")) << R"({"results": [{"block": "32x8"}]})";
  const std::string cmd = std::string("'") + FILTERLAB_EXE + "' report --backend cpu --preset '" +
                          FILTERLAB_SOURCE_DIR + "/lessons/03_smem_3x3.json' --tune-json '" + Path("sweep.json") +
                          "' --out '" + Path("r") + "' > /dev/null 2> '" + Path("err.txt") + "'";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_NE(ReadAll(Path("err.txt")).find("sweep: no entry names both a block and a time"), std::string::npos);
}

// A --out that cannot be a folder (here a file) is refused before the preset runs, not after.
TEST_F(ReportTest, AnOutThatIsAFileIsRefusedBeforeTheRuns) {
  std::ofstream(Path("taken")) << "x";
  const std::string cmd = std::string("'") + FILTERLAB_EXE + "' report --backend cpu --preset '" +
                          FILTERLAB_SOURCE_DIR + "/lessons/03_smem_3x3.json' --out '" + Path("taken") +
                          "' > /dev/null 2> '" + Path("err.txt") + "'";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_NE(ReadAll(Path("err.txt")).find("--out '" + Path("taken") + "' cannot be the report's folder"),
            std::string::npos)
      << ReadAll(Path("err.txt"));
  // No run happened: the preset's first run prints its note (its CUDA variants run the CPU reference here).
  EXPECT_EQ(ReadAll(Path("err.txt")).find("note:"), std::string::npos) << ReadAll(Path("err.txt"));
  EXPECT_EQ(ReadAll(Path("taken")), "x");
}

TEST(SweepGrid, KeepsTheFastestPerBlockOnSortedAxes) {
  const SweepGrid g = SweepGridFromJson(kSweep);
  EXPECT_EQ(g.xs, (std::vector<int>{8, 16, 32}));
  EXPECT_EQ(g.ys, (std::vector<int>{8, 16, 32}));
  EXPECT_EQ(g.entries, 4u);
  EXPECT_EQ(g.ms[0][2], 1.0);  // 32x8
  EXPECT_EQ(g.ms[2][0], 2.0);  // 8x32
  EXPECT_EQ(g.ms[1][1], 1.2);  // 16x16: the faster of 1.5 and 1.2
  EXPECT_FALSE(g.ms[0][0]);    // 8x8 not measured
  EXPECT_THROW(SweepGridFromJson("[]"), InputError);
  EXPECT_THROW(SweepGridFromJson("nope"), InputError);
}

Rgba PixelAt(const Image& img, int x, int y) {
  const std::uint8_t* p = img.Row<std::uint8_t>(y) + 4 * x;
  return {p[0], p[1], p[2], p[3]};
}

TEST(Plot, BarHeightsAreProportionalToTheValues) {
  const Image img = BarChart({1.0, 0.5});
  ASSERT_EQ(img.width(), BarChartWidth(2));
  const Rgba white{255, 255, 255, 255};
  auto bar_height = [&](int x) {
    int h = 0;
    for (int y = 0; y < img.height(); ++y) h += PixelAt(img, x, y) != white && y < kBarChartHeight - 30;
    return h;
  };
  const int first = bar_height(20 + 8 + 12), second = bar_height(20 + 40 + 8 + 12);
  EXPECT_EQ(first, kBarChartHeight - 30 - 10);
  EXPECT_NEAR(second, first / 2, 1);
}

TEST(Plot, HeatMapIsBrightestWhereFastestAndGreyWhereMissing) {
  const Image img = HeatMap({{1.0, 3.0}, {std::nullopt, 2.0}}, 10);
  ASSERT_EQ(img.width(), 20);
  ASSERT_EQ(img.height(), 20);
  auto brightness = [&](int x, int y) {
    const Rgba p = PixelAt(img, x, y);
    return p[0] + p[1] + p[2];
  };
  EXPECT_GT(brightness(5, 5), brightness(15, 15));   // 1.0 ms brighter than 2.0
  EXPECT_GT(brightness(15, 15), brightness(15, 5));  // 2.0 brighter than 3.0
  EXPECT_EQ(PixelAt(img, 5, 15), (Rgba{200, 200, 200, 255}));
}

}  // namespace
}  // namespace fl
