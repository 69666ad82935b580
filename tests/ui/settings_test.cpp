// The remembered session: it round-trips, and a damaged file is reported and ignored.
#include "app/ui/settings.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "ui/ui_test_support.hpp"

namespace fl::ui {
namespace {

void Write(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

SessionSettings Sample() {
  SessionSettings s;
  s.image = "/data/photo with spaces.png";
  s.pipeline_json = R"({"stages":[{"filter":"gray","variant":"openmp"}],"version":1})";
  s.recent_files = {"/a.png", "/b.jpg"};
  s.browser_folder = "/data";
  s.continuous = true;
  s.show_timings = false;
  s.ab_view = "split";
  s.split_vertical = false;
  s.diff_kind = "mask";
  s.diff_gain = 16;
  s.show_grid = true;
  return s;
}

TEST(Settings, RoundTrip) {
  const auto dir = uitest::ScratchDir();
  const std::string path = (dir / "nested" / "session.json").string();  // the folder is created on save
  const SessionSettings s = Sample();
  SaveSettings(path, s);
  std::string warning;
  const SessionSettings back = LoadSettings(path, warning);
  EXPECT_EQ(warning, "");
  EXPECT_EQ(back.image, s.image);
  EXPECT_EQ(back.recent_files, s.recent_files);
  EXPECT_EQ(back.browser_folder, s.browser_folder);
  EXPECT_EQ(back.continuous, s.continuous);
  EXPECT_EQ(back.show_timings, s.show_timings);
  EXPECT_EQ(back.ab_view, s.ab_view);
  EXPECT_EQ(back.split_vertical, s.split_vertical);
  EXPECT_EQ(back.diff_kind, s.diff_kind);
  EXPECT_EQ(back.diff_gain, s.diff_gain);
  EXPECT_EQ(back.show_grid, s.show_grid);
  // The pipeline travels as a JSON object; compare it parsed, not as text.
  EXPECT_EQ(nlohmann::json::parse(back.pipeline_json), nlohmann::json::parse(s.pipeline_json));
}

TEST(Settings, MissingFileGivesDefaultsSilently) {
  const auto dir = uitest::ScratchDir();
  std::string warning = "stale";
  const SessionSettings s = LoadSettings((dir / "absent.json").string(), warning);
  EXPECT_EQ(warning, "");
  EXPECT_EQ(s, SessionSettings{});
}

TEST(Settings, DamagedFilesAreReportedAndIgnored) {
  const auto dir = uitest::ScratchDir();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"truncated", R"({"version": 1, "image": "x.png)"},
      {"not json", "this is not json"},
      {"array", "[1, 2, 3]"},
      {"wrong type", R"({"version": 1, "image": 42})"},
      {"recent not strings", R"({"version": 1, "recent_files": [1]})"},
      {"pipeline not object", R"({"version": 1, "pipeline": "gray"})"},
      {"other version", R"({"version": 99})"},
      {"binary", std::string("\x00\xff\xfe", 3)},
  };
  for (const auto& [name, text] : cases) {
    const auto path = dir / "session.json";
    Write(path, text);
    std::string warning;
    const SessionSettings s = LoadSettings(path.string(), warning);
    EXPECT_NE(warning.find("session.json"), std::string::npos) << name << ": " << warning;
    EXPECT_NE(warning.find("using defaults"), std::string::npos) << name << ": " << warning;
    EXPECT_EQ(s, SessionSettings{}) << name;
    // The lab saves over the file at exit: what the person had is kept beside it first.
    const auto kept = dir / "session.json.damaged";
    EXPECT_NE(warning.find("kept as " + kept.string()), std::string::npos) << name << ": " << warning;
    std::ifstream in(kept, std::ios::binary);
    const std::string copy((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(copy, text) << name;
  }
}

TEST(Settings, ConfigDirFollowsXdgThenHome) {
  const char* old_xdg = std::getenv("XDG_CONFIG_HOME");
  const char* old_home = std::getenv("HOME");
  const std::string saved_xdg = old_xdg ? old_xdg : "", saved_home = old_home ? old_home : "";
  setenv("XDG_CONFIG_HOME", "/x/config", 1);
  EXPECT_EQ(ConfigDir(), "/x/config/filterlab");
  EXPECT_EQ(SessionPath(), "/x/config/filterlab/session.json");
  EXPECT_EQ(LayoutPath(), "/x/config/filterlab/imgui.ini");
  unsetenv("XDG_CONFIG_HOME");
  setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(ConfigDir(), "/home/someone/.config/filterlab");
  if (old_xdg) setenv("XDG_CONFIG_HOME", saved_xdg.c_str(), 1);
  if (old_home) setenv("HOME", saved_home.c_str(), 1); else unsetenv("HOME");
}

TEST(Settings, RecentFilesMoveToFrontWithoutDuplicates) {
  std::vector<std::string> recent;
  for (int i = 0; i < 15; ++i) PushRecent(recent, "/f" + std::to_string(i) + ".png");
  EXPECT_EQ(recent.size(), kMaxRecentFiles);
  EXPECT_EQ(recent.front(), "/f14.png");
  PushRecent(recent, "/f10.png");
  EXPECT_EQ(recent.front(), "/f10.png");
  EXPECT_EQ(std::count(recent.begin(), recent.end(), "/f10.png"), 1);
  EXPECT_EQ(recent.size(), kMaxRecentFiles);
}

}  // namespace
}  // namespace fl::ui
