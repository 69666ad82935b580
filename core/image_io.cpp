#include "core/image_io.hpp"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

#include "core/error.hpp"

namespace fl {
namespace {

struct StbFree {
  void operator()(void* p) const { stbi_image_free(p); }
};

std::vector<unsigned char> ReadFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw InputError("cannot open '" + path + "': no such file");
  if (std::filesystem::is_directory(path, ec)) throw InputError("cannot open '" + path + "': it is a directory");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InputError("cannot open '" + path + "': " + std::strerror(errno));
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (bytes.empty()) throw InputError("cannot read '" + path + "': the file is empty");
  return bytes;
}

void CheckHeaderShape(int w, int h, const std::string& name) {
  try {
    CheckImageShape({w, h, PixelFormat::Rgba8});
  } catch (const InputError& e) {
    throw InputError("'" + name + "': " + e.what());
  }
}

}  // namespace

Image DecodeImage(const unsigned char* bytes, std::size_t size, const std::string& name) {
  if (size == 0) throw InputError("cannot read '" + name + "': the file is empty");
  if (size > static_cast<std::size_t>(INT32_MAX)) throw InputError("'" + name + "' is too large to decode");
  const int len = static_cast<int>(size);
  int w = 0, h = 0, comp = 0;
  // Check the dimensions before stb allocates anything for the pixels.
  if (!stbi_info_from_memory(bytes, len, &w, &h, &comp))
    throw InputError("cannot decode '" + name + "': " + (stbi_failure_reason() ? stbi_failure_reason() : "not an image"));
  CheckHeaderShape(w, h, name);
  const bool grey = comp == 1 || comp == 2;

  if (stbi_is_hdr_from_memory(bytes, len)) {
    std::unique_ptr<float, StbFree> px(stbi_loadf_from_memory(bytes, len, &w, &h, &comp, grey ? 1 : 4));
    if (!px) throw InputError("cannot decode '" + name + "': " + std::string(stbi_failure_reason()));
    if (grey) {
      Image img(w, h, PixelFormat::Gray32f);
      std::memcpy(img.data(), px.get(), img.bytes());
      return img;
    }
    Image img(w, h, PixelFormat::Rgba8);
    const float* src = px.get();
    for (std::size_t i = 0; i < img.bytes(); ++i)
      img.data()[i] = static_cast<std::uint8_t>(std::lround(std::clamp(src[i], 0.0f, 1.0f) * 255.0f));
    return img;
  }
  // 16-bit PNG/PSD/PNM inputs are reduced to 8 bits by stb (stbi_load converts).
  std::unique_ptr<unsigned char, StbFree> px(stbi_load_from_memory(bytes, len, &w, &h, &comp, grey ? 1 : 4));
  if (!px) throw InputError("cannot decode '" + name + "': " + std::string(stbi_failure_reason()));
  Image img(w, h, grey ? PixelFormat::Gray8 : PixelFormat::Rgba8);
  std::memcpy(img.data(), px.get(), img.bytes());
  return img;
}

Image LoadImage(const std::string& path) {
  const auto bytes = ReadFile(path);
  return DecodeImage(bytes.data(), bytes.size(), path);
}

Image NormalizeToGray8(const Image& image) {
  if (image.format() != PixelFormat::Gray32f) throw InputError("NormalizeToGray8 expects gray32f");
  Image out(image.width(), image.height(), PixelFormat::Gray8);
  float lo = INFINITY, hi = -INFINITY;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const float v = image.Row<float>(y)[x];
      if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
  const float scale = hi > lo ? 255.0f / (hi - lo) : 0.0f;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const float v = image.Row<float>(y)[x];
      out.Row<std::uint8_t>(y)[x] =
          std::isfinite(v) ? static_cast<std::uint8_t>(std::lround((v - lo) * scale)) : 0;
    }
  return out;
}

static void WritePfm(const Image& image, const std::string& path) {
  if (image.format() != PixelFormat::Gray32f)
    throw InputError("cannot save '" + path + "': PFM holds gray32f images, this one is " +
                     std::string(ToString(image.format())));
  std::ofstream f(path, std::ios::binary);
  if (!f) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
  f << "Pf\n" << image.width() << " " << image.height() << "\n-1.0\n";  // negative scale: little endian
  for (int y = image.height() - 1; y >= 0; --y)  // PFM stores rows bottom to top
    f.write(reinterpret_cast<const char*>(image.Row<float>(y)), static_cast<std::streamsize>(image.pitch()));
  if (!f) throw InputError("cannot write '" + path + "': write failed");
}

void SaveImage(const Image& image, const std::string& path) {
  if (image.empty()) throw InputError("cannot save '" + path + "': the image is empty");
  const std::filesystem::path target(path);
  std::error_code ec;
  if (target.has_parent_path() && !std::filesystem::is_directory(target.parent_path(), ec))
    throw InputError("cannot save '" + path + "': folder '" + target.parent_path().string() + "' does not exist");
  const std::string tmp = path + ".part";
  std::string ext = target.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  try {
    if (ext == ".pfm") {
      WritePfm(image, tmp);
    } else {
      if (ext != ".png") throw InputError("cannot save '" + path + "': only .png and .pfm are written");
      Image normalized;
      const Image* src = &image;
      if (image.format() == PixelFormat::Gray32f) {
        normalized = NormalizeToGray8(image);
        src = &normalized;
      }
      if (!stbi_write_png(tmp.c_str(), src->width(), src->height(), Channels(src->format()), src->data(),
                          static_cast<int>(src->pitch())))
        throw InputError("cannot write '" + path + "'");
    }
    std::filesystem::rename(tmp, target, ec);
    if (ec) throw InputError("cannot write '" + path + "': " + ec.message());
  } catch (...) {
    std::filesystem::remove(tmp, ec);
    throw;
  }
}

}  // namespace fl
