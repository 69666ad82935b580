#include "app/ui/sample_assets.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace fl::ui {

namespace fs = std::filesystem;

std::string AssetDir() {
  std::error_code ec;
#ifdef FILTERLAB_ASSET_DIR
  if (fs::is_directory(FILTERLAB_ASSET_DIR, ec)) return FILTERLAB_ASSET_DIR;
#endif
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path beside = exe.parent_path() / "assets";
    if (fs::is_directory(beside, ec)) return beside.string();
  }
  return "";
}

bool IsImageFile(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const char* e :
       {".png", ".jpg", ".jpeg", ".bmp", ".tga", ".gif", ".psd", ".pnm", ".pgm", ".ppm", ".hdr", ".pfm"})
    if (ext == e) return true;
  return false;
}

std::vector<std::string> SampleImages() {
  std::vector<std::string> out;
  const std::string dir = AssetDir();
  std::error_code ec;
  if (dir.empty()) return out;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.is_regular_file(ec) && IsImageFile(entry.path().string())) out.push_back(entry.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string DefaultImagePath() {
  const std::string dir = AssetDir();
  if (dir.empty()) return "";
  const fs::path p = fs::path(dir) / "astronaut.png";
  std::error_code ec;
  return fs::exists(p, ec) ? p.string() : "";
}

}  // namespace fl::ui
