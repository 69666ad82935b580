// The lab started headless (`filterlab --screenshot`) with files from the hostile corpus
// (tests/data/hostile/): each bad one is named in an `error:` line and the exit status is 2, the frame is
// still drawn (with the bundled default image and the pipeline asked for, not a crash or an empty window); a
// valid edge case exits 0.
#include <gtest/gtest.h>

#include "common/test_images.hpp"
#include "core/image_io.hpp"
#include "ui/ui_test_support.hpp"

namespace fl::uitest {
namespace {

std::string Hostile(const std::string& file) { return test::TestDataPath("hostile/" + file); }

TEST(HostileInput, BadImagesAreNamedAndTheLabStillDrawsItsFrame) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  for (const std::string file : {"bad_truncated.jpg", "bad_truncated.tga", "bad_100000x100000.png",
                                 "bad_text.png", "bad_empty.png", "bad_garbage.psd"}) {
    SCOPED_TRACE(file);
    const std::string out = (dir / "frame.png").string();
    std::filesystem::remove(out);
    const Outcome o = RunFilterlab(
        "--screenshot " + Quote(out) + " --backend cpu --stage invert --input " + Quote(Hostile(file)), true);
    EXPECT_EQ(o.exit_code, 2) << o.output;
    EXPECT_NE(o.output.find("error: "), std::string::npos) << o.output;
    EXPECT_NE(o.output.find(Hostile(file)), std::string::npos) << o.output;
    EXPECT_NE(o.output.find("showing the bundled default image instead"), std::string::npos) << o.output;
    EXPECT_NE(o.output.find("errors=1"), std::string::npos) << o.output;
    ASSERT_TRUE(std::filesystem::exists(out)) << o.output;
    EXPECT_EQ(LoadImage(out).width(), 1280);
  }
}

TEST(HostileInput, AFolderAsTheImageIsAnErrorToo) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  const std::string out = (dir / "frame.png").string();
  const Outcome o =
      RunFilterlab("--screenshot " + Quote(out) + " --backend cpu --input " + Quote(dir.string()), true);
  EXPECT_EQ(o.exit_code, 2) << o.output;
  EXPECT_NE(o.output.find("it is a directory"), std::string::npos) << o.output;
}

TEST(HostileInput, ValidEdgeCasesOpen) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  for (const std::string file : {"ok_1x1.png", "ok_cmyk.jpg", "ok_animated.gif", "ok_small.hdr"}) {
    SCOPED_TRACE(file);
    const std::string out = (dir / "frame.png").string();
    const Outcome o =
        RunFilterlab("--screenshot " + Quote(out) + " --backend cpu --input " + Quote(Hostile(file)), true);
    EXPECT_EQ(o.exit_code, 0) << o.output;
    EXPECT_NE(o.output.find("errors=0"), std::string::npos) << o.output;
  }
}

}  // namespace
}  // namespace fl::uitest
