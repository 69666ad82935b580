#include "core/text_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace fl {

void CheckTextFileFolder(const std::string& path, const std::string& option) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!path.empty() && !parent.empty() && !std::filesystem::is_directory(parent, ec))
    throw InputError(option + " '" + path + "': folder '" + parent.string() + "' does not exist");
}

void WriteTextFileAtomically(const std::string& path, const std::string& text, const std::string& what) {
  const std::string tmp = path + ".part";
  const auto fail = [&](const std::string& why) {
    std::error_code ec;
    std::filesystem::remove(tmp, ec);
    throw InputError("cannot write " + what + " '" + path + "': " + why);
  };
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) fail(std::strerror(errno));
    f << text;
    f.flush();
    if (!f) fail("write failed");
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) fail(ec.message());
}

std::uintmax_t RegularFileSize(const std::string& path, const std::string& what) {
  const std::string where = "cannot open " + (what.empty() ? "" : what + " ") + "'" + path + "': ";
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) throw InputError(where + "no such file");
  if (std::filesystem::is_directory(status)) throw InputError(where + "it is a directory");
  if (!std::filesystem::is_regular_file(status)) throw InputError(where + "not a regular file");
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) throw InputError(where + ec.message());
  return size;
}

std::string ReadTextFile(const std::string& path, const std::string& what, std::uintmax_t max_bytes) {
  const std::uintmax_t size = RegularFileSize(path, what);
  if (size > max_bytes)
    throw InputError("cannot read " + what + " '" + path + "': " + std::to_string(size) +
                     " bytes is more than the " + std::to_string(max_bytes) + " bytes a " + what +
                     " may have");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InputError("cannot open " + what + " '" + path + "': " + std::strerror(errno));
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace fl
