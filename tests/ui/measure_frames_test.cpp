// `filterlab --screenshot ... --measure-frames N`: the timing line of the lab's busiest steady state (every frame
// re-runs and re-displays the pipeline) names its parts, the GL mipmap rebuild's GPU time among them, measured by
// a timer query. Here on the CPU backend (uploads, no interop) under Mesa; the GPU machine's batch runs it at 4K.
#include <gtest/gtest.h>

#include <chrono>
#include <regex>

#include "ui/ui_test_support.hpp"

namespace fl::uitest {
namespace {

double Field(const std::string& output, const std::string& name) {
  std::smatch m;
  const std::regex re(name + "=(-?[0-9.]+)");
  if (!std::regex_search(output, m, re)) return -2;
  return std::stod(m[1]);
}

TEST(MeasureFrames, PrintsTheFrameTimesAndTheMipmapRebuildsGpuTime) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  const std::string out = (dir / "frame.png").string();
  const Outcome o = RunFilterlab("--screenshot " + Quote(out) + " --gl glfw --backend cpu --window 640x400" +
                                     " --input pattern:noise:320x240:rgba8 --stage gray --measure-frames 6",
                                 true);
  ASSERT_EQ(o.exit_code, 0) << o.output;
  ASSERT_NE(o.output.find("frames 6 "), std::string::npos) << o.output;
  EXPECT_GT(Field(o.output, "median_ms"), 0.0) << o.output;
  EXPECT_GT(Field(o.output, "fps"), 0.0) << o.output;
  // Every frame rebuilt the mipmaps after its upload; the query results arrive a frame later.
  EXPECT_GE(Field(o.output, "mipmap_gpu_ms"), 0.0) << o.output;
  // No interop on the CPU backend: no interop write was timed.
  EXPECT_EQ(Field(o.output, "display_wall_ms"), -1.0) << o.output;
}

// A GL timer result is shown only when it could be true: no longer than the whole run. Mesa's llvmpipe under
// EGL answered the first query of its context with its clock's absolute value (the status bar read "mipmaps
// 58268307.339 ms").
TEST(MeasureFrames, MipmapTimeIsNeverLongerThanTheRun) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  for (const std::string gl : {"egl", "glfw"}) {
    const auto start = std::chrono::steady_clock::now();
    const Outcome o = RunFilterlab("--screenshot " + Quote((dir / (gl + ".png")).string()) + " --gl " + gl +
                                       " --backend cpu --window 640x400 --input pattern:noise:320x240:rgba8",
                                   true);
    const double run_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (o.exit_code != 0 && gl == "egl" && o.output.find("EGL") != std::string::npos)
      continue;  // no EGL here
    ASSERT_EQ(o.exit_code, 0) << o.output;
    const double ms = Field(o.output, "mipmap_gpu_ms");
    EXPECT_TRUE(ms == -1.0 || (ms >= 0.0 && ms < run_ms))
        << gl << ": " << ms << " ms in a run of " << run_ms << " ms\n"
        << o.output;
  }
}

}  // namespace
}  // namespace fl::uitest
