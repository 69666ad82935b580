#pragma once
// The image I/O tests' fixture: a scratch folder per test, files written into it and read back, and the
// loader's error text; with small pixel helpers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/image_io.hpp"
#include "image_fixtures.hpp"

namespace fl::test {

namespace fs = std::filesystem;

class ImageIo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("filterlab_image_io_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  std::string Write(const std::string& name, const Bytes& bytes) const {
    std::ofstream(Path(name), std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return Path(name);
  }
  Bytes Read(const std::string& path) const {
    std::ifstream f(path, std::ios::binary);
    return Bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  }
  // Files in the temp folder, to check that nothing was left behind.
  std::vector<std::string> Files() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.push_back(e.path().filename().string());
    return names;
  }
  std::string LoadError(const std::string& path) const {
    try {
      LoadImage(path);
    } catch (const InputError& e) {
      return e.what();
    }
    return "<accepted>";
  }
  fs::path dir_;
};

inline bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Interleaved 8-bit pixels with `channels` channels: a gradient that differs per channel.
inline Bytes Pattern(int w, int h, int channels) {
  Bytes px(static_cast<std::size_t>(w) * h * channels);
  for (std::size_t i = 0; i < px.size(); ++i) px[i] = static_cast<std::uint8_t>((i * 37 + i / 3) & 0xFF);
  return px;
}

inline std::uint8_t At(const Image& img, int x, int y, int c = 0) {
  return img.Row<std::uint8_t>(y)[x * Channels(img.format()) + c];
}

}  // namespace fl::test
