// `filterlab --script FILE --headless` (app/script_run.cpp): the script plays to its end through the lab, the
// summary line counts what the lab refused and reported, screenshots are written at the window's size, and a
// malformed script stops before anything runs, naming its line.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "common/test_images.hpp"
#include "core/image_io.hpp"
#include "ui/ui_test_support.hpp"

namespace fl::uitest {
namespace {

std::string WriteScript(const std::filesystem::path& dir, const std::string& text) {
  const std::string path = (dir / "script.txt").string();
  std::ofstream(path) << text;
  return path;
}

// The summary's NAME=VALUE, or -1.
int Field(const std::string& output, const std::string& name) {
  std::smatch m;
  if (!std::regex_search(output, m, std::regex(" " + name + "=(\\d+)"))) return -1;
  return std::stoi(m[1]);
}

Outcome Play(const std::string& script, const std::string& more = "", bool needs_x = true) {
  return RunFilterlab("--script " + Quote(script) + " --headless --backend cpu --window 480x320 " +
                          "--input pattern:checkerboard:64x64 " + more,
                      needs_x);
}

TEST(ScriptRun, PlaysToTheEndAndCountsWhatTheLabRefusedAndReported) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  const std::string shot = (dir / "after.png").string();
  const std::string script = WriteScript(
      dir, "add gauss\n"
           "param 3 radius 6\n"
           "variant 3 nosuch\n"      // refused: no such variant
           "remove 7\n"              // refused: no such stage
           "wait\n"
           "param 3 radius 999\n"    // taken, then refused by the plan: one error the lab reports
           "wait\n"
           "param 3 radius 5\n"
           "view split\n"
           "wait\n"
           "load /no/such/image.png\n"  // the lab reports it and keeps its image: another one
           "wait\n"
           "frame 3\n"
           "screenshot " + shot + "\n");
  const Outcome o = Play(script);
  ASSERT_EQ(o.exit_code, 0) << o.output;
  EXPECT_NE(o.output.find("actions=14 of 14"), std::string::npos) << o.output;
  EXPECT_EQ(Field(o.output, "refused"), 2) << o.output;
  EXPECT_EQ(Field(o.output, "app_errors"), 2) << o.output;
  EXPECT_EQ(Field(o.output, "state_errors"), 0) << o.output;
  EXPECT_EQ(Field(o.output, "screenshots"), 1) << o.output;
  EXPECT_GE(Field(o.output, "frames"), 14) << o.output;
  EXPECT_NE(o.output.find("script.txt:3: variant 3 nosuch"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("script.txt:4: remove 7: no stage 7 (the pipeline has 3)"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("peak_rss_mib="), std::string::npos) << o.output;
  ASSERT_TRUE(std::filesystem::exists(shot)) << o.output;
  const Image frame = LoadImage(shot);
  EXPECT_EQ(frame.width(), 480);
  EXPECT_EQ(frame.height(), 320);
}

TEST(ScriptRun, HostileImagesAreReportedAndTheScriptGoesOn) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  const std::string hostile = test::TestDataPath("hostile/");
  const Outcome o = Play(WriteScript(dir, "load " + hostile + "bad_truncated.png\nwait\nload " + hostile +
                                              "ok_1x1.png\nwait\nadd sobel\nwait\nload " + hostile +
                                              "bad_100000x100000.png\nwait\n"));
  ASSERT_EQ(o.exit_code, 0) << o.output;
  EXPECT_EQ(Field(o.output, "app_errors"), 2) << o.output;
  EXPECT_NE(o.output.find("bad_truncated.png"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("actions=8 of 8"), std::string::npos) << o.output;
}

TEST(ScriptRun, AMalformedScriptRunsNothingAndNamesTheLine) {
  const auto dir = ScratchDir();  // refused before any window opens: no display needed
  const Outcome o = Play(WriteScript(dir, "add gauss\n# fine so far\nmove 1\nadd invert\n"), "", false);
  EXPECT_EQ(o.exit_code, 2) << o.output;
  EXPECT_NE(o.output.find("script.txt:3: move takes N M, not 1 argument ('move 1')"), std::string::npos)
      << o.output;
  EXPECT_EQ(o.output.find("actions="), std::string::npos) << o.output;
}

TEST(ScriptRun, ScriptAndScreenshotAreExclusiveAndHeadlessNeedsAScript) {
  const Outcome alone = RunFilterlab("--headless", false);  // refused before any window
  EXPECT_EQ(alone.exit_code, 2) << alone.output;
  EXPECT_NE(alone.output.find("--headless plays a --script"), std::string::npos) << alone.output;
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  const Outcome both = Play(WriteScript(dir, "wait\n"), "--screenshot " + Quote((dir / "x.png").string()));
  EXPECT_EQ(both.exit_code, 2) << both.output;
}

}  // namespace
}  // namespace fl::uitest
