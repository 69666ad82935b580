#pragma once
// The lab remembers its last session (image, pipeline, recent files, a few switches) in
// $XDG_CONFIG_HOME/filterlab/session.json (or ~/.config/filterlab), next to ImGui's window layout (imgui.ini).
// A damaged file is reported and ignored, never fatal.
#include <string>
#include <vector>

namespace fl::ui {

struct SessionSettings {
  std::string image;           // a path or a pattern spec; "" for the bundled default
  std::string pipeline_json;   // a preset (core/preset.hpp); "" for the default pipeline
  std::vector<std::string> recent_files;
  std::string browser_folder;
  bool continuous = false;
  bool show_timings = true;
  // The A/B viewer's choices (the comparison itself starts off each session).
  std::string ab_view = "a";   // a, b, split, side, diff
  bool split_vertical = true;
  std::string diff_kind = "heat";  // heat, mask
  double diff_gain = 4.0;
  bool show_grid = false;
  std::string labs_json;  // the Labs window's choices (labs_settings.cpp); "" none
  bool operator==(const SessionSettings&) const = default;
};

constexpr std::size_t kMaxRecentFiles = 10;

// The settings folder ("" when neither XDG_CONFIG_HOME nor HOME is set). Does not create it.
std::string ConfigDir();
// session.json inside ConfigDir() ("" when there is none).
std::string SessionPath();
// imgui.ini inside ConfigDir() ("" when there is none).
std::string LayoutPath();

// Reads the settings. A missing file gives the defaults silently; a damaged one (bad JSON, wrong types, another
// version) gives the defaults and sets `warning` to one line naming the file and the fault.
SessionSettings LoadSettings(const std::string& path, std::string& warning);
// Copies a session file the lab cannot use to PATH.damaged before the lab saves over it at exit, so that a
// person can still recover its pipeline by hand; the copy's path, or empty when the copy failed.
std::string KeepDamagedCopy(const std::string& path);
// Writes atomically (temporary file + rename), creating the folder; throws RuntimeError naming the path.
void SaveSettings(const std::string& path, const SessionSettings& s);

// Moves `path` to the front of the list, dropping duplicates and keeping at most kMaxRecentFiles.
void PushRecent(std::vector<std::string>& recent, const std::string& path);

}  // namespace fl::ui
