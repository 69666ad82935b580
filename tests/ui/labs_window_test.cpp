// The Labs window, headless: `filterlab --screenshot --lab NAME` renders it for every lab declared in the
// program; on the CPU backend a lab that needs CUDA shows its message instead of failing. In-process, the
// test's own CPU lab (fake_lab.cpp) is run and every kind of plot the window draws is rendered.
#include <gtest/gtest.h>

#include <cstdlib>

#include "app/screenshot.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/lab_registry.hpp"
#include "cuda/device_info.hpp"
#include "ui/ui_test_support.hpp"

namespace fl::uitest {
namespace {

TEST(LabsWindow, RendersForEveryDeclaredLabAndCudaOnlyLabsSayWhy) {
  const auto dir = ScratchDir();
  int shown = 0;
  for (const LabSpec& lab : LabRegistry()) {
    if (lab.id.starts_with("fake_")) continue;  // declared by this test program, not in filterlab
    SCOPED_TRACE(lab.id);
    const std::string out = (dir / (lab.id + ".png")).string();
    const Outcome o =
        RunFilterlab("--screenshot " + Quote(out) + " --backend cpu --window 1280x900 --lab " + lab.id, false);
    ASSERT_EQ(o.exit_code, 0) << o.output;
    EXPECT_NE(o.output.find("lab " + lab.id + ": run=no"), std::string::npos) << o.output;
    if (lab.needs_cuda) EXPECT_NE(o.output.find("needs CUDA"), std::string::npos) << o.output;
    const Image frame = LoadImage(out);
    EXPECT_EQ(frame.width(), 1280);
    EXPECT_GT(DistinctColours(frame), 50u);
    ++shown;
  }
  EXPECT_GE(shown, 2) << "streams and transfers at least";
}

TEST(LabsWindow, UnknownLabAndRunWithoutLabAreRefused) {
  const auto dir = ScratchDir();
  const std::string out = (dir / "x.png").string();
  Outcome o = RunFilterlab("--screenshot " + Quote(out) + " --backend cpu --lab nolab", false);
  EXPECT_EQ(o.exit_code, 2) << o.output;
  EXPECT_NE(o.output.find("unknown lab 'nolab'"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("streams"), std::string::npos) << "the message lists the labs: " << o.output;
  o = RunFilterlab("--screenshot " + Quote(out) + " --backend cpu --lab-run", false);
  EXPECT_EQ(o.exit_code, 2) << o.output;
}

// In this process, so that the test's own lab is declared: run it on the worker, wait, and draw its result
// (variants table, histogram, timelines, transfer bars, pipeline bars, pictures as textures).
TEST(LabsWindow, RunsACpuLabAndDrawsEveryPlot) {
  const auto dir = ScratchDir();
  app::ScreenshotOptions o;
  o.output = (dir / "fake_plots.png").string();
  o.backend = "cpu";
  o.window = "1400x1900";  // tall enough for every plot to be inside the frame
  o.lab = "fake_plots";
  o.lab_run = true;
  testing::internal::CaptureStdout();
  int code = -1;
  try {
    code = app::RunScreenshot(o);
  } catch (const RuntimeError& e) {
    testing::internal::GetCapturedStdout();
    GTEST_SKIP() << "no GL context here: " << e.what();
  }
  const std::string printed = testing::internal::GetCapturedStdout();
  EXPECT_EQ(code, 0) << printed;
  EXPECT_NE(printed.find("lab fake_plots: run=yes variants=2 pictures=2 message=\"\""), std::string::npos)
      << printed;
  const Image frame = LoadImage(o.output);
  EXPECT_EQ(frame.height(), 1900);
  EXPECT_GT(DistinctColours(frame), 50u);
}

// The GPU machine's check: each lab that needs CUDA runs through the window on the CUDA backend and its result
// is drawn (the PNGs are left in the scratch folder for a look).
TEST(LabsWindow, CudaLabsRunThroughTheWindow) {
  if (cuda::DeviceCount() == 0) GTEST_SKIP() << "no CUDA device: " << cuda::NoDeviceReason();
  const auto dir = ScratchDir();
  for (const LabSpec& lab : LabRegistry()) {
    if (!lab.run_cuda || lab.id.starts_with("fake_")) continue;
    SCOPED_TRACE(lab.id);
    const std::string out = (dir / (lab.id + "_cuda.png")).string();
    const Outcome o = RunFilterlab(
        "--screenshot " + Quote(out) + " --backend cuda --window 1400x1900 --lab " + lab.id + " --lab-run", false);
    ASSERT_EQ(o.exit_code, 0) << o.output;
    EXPECT_NE(o.output.find("lab " + lab.id + ": run=yes"), std::string::npos) << o.output;
    std::printf("%s: %s\n", lab.id.c_str(), out.c_str());
  }
}

}  // namespace
}  // namespace fl::uitest
