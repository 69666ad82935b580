#include "app/ui/settings.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.hpp"

namespace fl::ui {

namespace fs = std::filesystem;
constexpr int kSettingsVersion = 1;

std::string ConfigDir() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return (fs::path(xdg) / "filterlab").string();
  if (const char* home = std::getenv("HOME"); home && *home)
    return (fs::path(home) / ".config" / "filterlab").string();
  return "";
}

std::string SessionPath() {
  const std::string dir = ConfigDir();
  return dir.empty() ? "" : (fs::path(dir) / "session.json").string();
}

std::string LayoutPath() {
  const std::string dir = ConfigDir();
  return dir.empty() ? "" : (fs::path(dir) / "imgui.ini").string();
}

SessionSettings LoadSettings(const std::string& path, std::string& warning) {
  warning.clear();
  SessionSettings s;
  if (path.empty() || !fs::exists(path)) return s;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    warning = "settings " + path + " cannot be read; using defaults";
    return s;
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    const nlohmann::json j = nlohmann::json::parse(text.str());
    if (!j.is_object()) throw InputError("not a JSON object");
    if (j.value("version", 0) != kSettingsVersion)
      throw InputError("version " + j.value("version", nlohmann::json()).dump() + " is not " +
                       std::to_string(kSettingsVersion));
    SessionSettings r;
    r.image = j.value("image", std::string());
    if (j.contains("pipeline") && !j.at("pipeline").is_null()) {
      if (!j.at("pipeline").is_object()) throw InputError("'pipeline' is not an object");
      r.pipeline_json = j.at("pipeline").dump();
    }
    for (const auto& f : j.value("recent_files", nlohmann::json::array())) r.recent_files.push_back(f.get<std::string>());
    if (r.recent_files.size() > kMaxRecentFiles) r.recent_files.resize(kMaxRecentFiles);
    r.browser_folder = j.value("browser_folder", std::string());
    r.continuous = j.value("continuous", false);
    r.show_timings = j.value("show_timings", true);
    r.ab_view = j.value("ab_view", std::string("a"));
    r.split_vertical = j.value("split_vertical", true);
    r.diff_kind = j.value("diff_kind", std::string("heat"));
    r.diff_gain = j.value("diff_gain", 4.0);
    r.show_grid = j.value("show_grid", false);
    if (j.contains("labs") && j.at("labs").is_object()) r.labs_json = j.at("labs").dump();
    return r;
  } catch (const std::exception& e) {
    // nlohmann's type errors and parse errors alike: one line, then carry on with the defaults.
    std::string why = e.what();
    std::replace(why.begin(), why.end(), '\n', ' ');
    const std::string kept = KeepDamagedCopy(path);
    warning = "settings " + path + " are damaged (" + why + "); using defaults" +
              (kept.empty() ? "" : " (the file is kept as " + kept + ")");
    return s;
  }
}

std::string KeepDamagedCopy(const std::string& path) {
  const std::string copy = path + ".damaged";
  std::error_code ec;
  fs::copy_file(path, copy, fs::copy_options::overwrite_existing, ec);
  return ec ? std::string() : copy;
}

void SaveSettings(const std::string& path, const SessionSettings& s) {
  if (path.empty()) throw RuntimeError("no settings folder (neither XDG_CONFIG_HOME nor HOME is set)");
  nlohmann::json j;
  j["version"] = kSettingsVersion;
  j["image"] = s.image;
  j["pipeline"] = s.pipeline_json.empty() ? nlohmann::json() : nlohmann::json::parse(s.pipeline_json);
  j["recent_files"] = s.recent_files;
  j["browser_folder"] = s.browser_folder;
  j["continuous"] = s.continuous;
  j["show_timings"] = s.show_timings;
  j["ab_view"] = s.ab_view;
  j["split_vertical"] = s.split_vertical;
  j["diff_kind"] = s.diff_kind;
  j["diff_gain"] = s.diff_gain;
  j["show_grid"] = s.show_grid;
  j["labs"] = s.labs_json.empty() ? nlohmann::json() : nlohmann::json::parse(s.labs_json);
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  if (ec) throw RuntimeError("cannot create " + fs::path(path).parent_path().string() + ": " + ec.message());
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw RuntimeError("cannot write " + tmp);
    out << j.dump(2) << "\n";
    if (!out) throw RuntimeError("cannot write " + tmp);
  }
  fs::rename(tmp, path, ec);
  if (ec) throw RuntimeError("cannot replace " + path + ": " + ec.message());
}

void PushRecent(std::vector<std::string>& recent, const std::string& path) {
  recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
  recent.insert(recent.begin(), path);
  if (recent.size() > kMaxRecentFiles) recent.resize(kMaxRecentFiles);
}

}  // namespace fl::ui
