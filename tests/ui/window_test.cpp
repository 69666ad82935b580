// The desktop window: it opens, stays up, quits cleanly, and remembers (or refuses to trust) the last session.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ui/ui_test_support.hpp"

namespace fl::uitest {
namespace {

std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Window, OpensAndStaysUpForSeconds) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  const Outcome o = RunFilterlab("--backend cpu --quit-after 3", true, "XDG_CONFIG_HOME=" + Quote(dir.string()));
  EXPECT_EQ(o.exit_code, 0) << o.output;
  // The frame loop reports how many frames it drew: more than a handful in three seconds.
  const auto at = o.output.find("filterlab: ");
  ASSERT_NE(at, std::string::npos) << o.output;
  EXPECT_GT(std::stoi(o.output.substr(at + 11)), 5) << o.output;
}

// On the CPU backend the window's run goes to a worker thread: the window keeps drawing while a blur of a second or
// more runs, and --frames waits for it to arrive. Run in place, the first frame would take the whole run and the
// window would end after its 3 frames.
TEST(Window, KeepsDrawingWhileACpuRunIsUnderWay) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  const Outcome o = RunFilterlab(
      "--backend cpu --frames 3 --stage gauss:variant=reference:radius=32:sigma=16 'pattern:noise:1024x1024:rgba8'",
      true, "XDG_CONFIG_HOME=" + Quote(dir.string()));
  EXPECT_EQ(o.exit_code, 0) << o.output;
  const auto at = o.output.find("filterlab: ");
  ASSERT_NE(at, std::string::npos) << o.output;
  EXPECT_GT(std::stoi(o.output.substr(at + 11)), 10) << o.output;
}

TEST(Window, RemembersTheSessionAndLayout) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  const std::string env = "XDG_CONFIG_HOME=" + Quote(dir.string());
  const Outcome first =
      RunFilterlab("--backend cpu --frames 10 --stage gray --stage gray 'pattern:checkerboard:96x64:rgba8'", true, env);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const auto session = dir / "filterlab" / "session.json";
  ASSERT_TRUE(std::filesystem::exists(session)) << first.output;
  EXPECT_TRUE(std::filesystem::exists(dir / "filterlab" / "imgui.ini"));
  const auto j = nlohmann::json::parse(ReadFile(session));
  EXPECT_EQ(j.at("image"), "pattern:checkerboard:96x64:rgba8");
  EXPECT_EQ(j.at("pipeline").at("stages").size(), 2u);

  // Started again with nothing on the command line, the lab takes the session back (and saves it unchanged).
  const Outcome second = RunFilterlab("--backend cpu --frames 5", true, env);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  const auto again = nlohmann::json::parse(ReadFile(session));
  EXPECT_EQ(again.at("image"), j.at("image"));
  EXPECT_EQ(again.at("pipeline"), j.at("pipeline"));
}

TEST(Window, DamagedSessionIsReportedAndIgnored) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  std::filesystem::create_directories(dir / "filterlab");
  std::ofstream(dir / "filterlab" / "session.json") << "{ \"version\": 1, \"image\": ";  // cut short
  std::ofstream(dir / "filterlab" / "imgui.ini") << "[Window][Pipeline]\nSize=garbage\n\x01\x02";
  const Outcome o = RunFilterlab("--backend cpu --frames 5", true, "XDG_CONFIG_HOME=" + Quote(dir.string()));
  EXPECT_EQ(o.exit_code, 0) << o.output;
  EXPECT_NE(o.output.find("damaged"), std::string::npos) << o.output;
  // The damaged file is replaced by a good one at exit, and kept beside it.
  EXPECT_NO_THROW(nlohmann::json::parse(ReadFile(dir / "filterlab" / "session.json")));
  EXPECT_EQ(ReadFile(dir / "filterlab" / "session.json.damaged"), "{ \"version\": 1, \"image\": ");
}

TEST(Window, SessionPipelineThatCannotBeRestoredIsKeptBesideIt) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  std::filesystem::create_directories(dir / "filterlab");
  // Good JSON, but one stage more than a pipeline may hold (the lab once saved such a chain, then lost it).
  nlohmann::json stages = nlohmann::json::array();
  for (int i = 0; i < 257; ++i) stages.push_back({{"filter", "invert"}});
  const std::string text =
      nlohmann::json{{"version", 1}, {"pipeline", {{"version", 1}, {"stages", stages}}}}.dump();
  std::ofstream(dir / "filterlab" / "session.json") << text;
  const Outcome o = RunFilterlab("--backend cpu --frames 3", true, "XDG_CONFIG_HOME=" + Quote(dir.string()));
  EXPECT_EQ(o.exit_code, 0) << o.output;
  EXPECT_NE(o.output.find("was not restored"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("session.json.damaged"), std::string::npos) << o.output;
  EXPECT_EQ(ReadFile(dir / "filterlab" / "session.json.damaged"), text);
}

TEST(Window, BadImageArgumentKeepsTheLabRunning) {
  FL_SKIP_WITHOUT_WINDOWS();
  const auto dir = ScratchDir();
  // One frame: the file is loaded on a worker thread, and --frames must still wait to report its error.
  const Outcome o = RunFilterlab("--backend cpu --no-session --frames 1 /no/such/image.png", true);
  EXPECT_EQ(o.exit_code, 0) << o.output;
  EXPECT_NE(o.output.find("/no/such/image.png"), std::string::npos) << o.output;
}

}  // namespace
}  // namespace fl::uitest
