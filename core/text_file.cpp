#include "core/text_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace fl {

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

std::string ReadTextFile(const std::string& path, const std::string& what) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError("cannot open " + what + " '" + path + "': it is a directory");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InputError("cannot open " + what + " '" + path + "': " + std::strerror(errno));
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace fl
