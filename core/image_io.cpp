#include "core/image_io.hpp"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

#include "core/error.hpp"
#include "core/float_image_decode.hpp"
#include "core/image_file_checks.hpp"
#include "core/text_file.hpp"

namespace fl {
namespace {

struct StbFree {
  void operator()(void* p) const { stbi_image_free(p); }
};

// Files larger than this are refused before reading: stb_image takes an int length (so an uncompressed BMP or
// TGA near the pixel limit, over 2 GiB, cannot be read at all).
constexpr std::uintmax_t kMaxFileBytes = INT32_MAX;

std::vector<unsigned char> ReadFile(const std::string& path) {
  const std::uintmax_t size = RegularFileSize(path, "");
  if (size == 0) throw InputError("cannot read '" + path + "': the file is empty");
  if (size > kMaxFileBytes)
    throw InputError("cannot read '" + path + "': " + std::to_string(size) + " bytes is larger than the " +
                     std::to_string(kMaxFileBytes) + " bytes an image file may have");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InputError("cannot open '" + path + "': " + std::strerror(errno));
  std::vector<unsigned char> bytes(static_cast<std::size_t>(size));
  f.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size));
  // The file may have changed size since it was measured: use what was read.
  bytes.resize(static_cast<std::size_t>(f.gcount()));
  if (bytes.empty())
    throw InputError("cannot read '" + path + "': " + (f.bad() ? std::strerror(errno) : "the file is empty"));
  return bytes;
}


std::string Reason() { return stbi_failure_reason() ? stbi_failure_reason() : "not a supported image"; }

std::uint32_t Be32(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

// stb_image's PNG header scan refuses large sizes itself, and stbi_info then reports only "unknown image
// type" after trying every other format. Reading the size from IHDR here lets the size checks speak first.
void CheckPngSize(const unsigned char* b, std::size_t n, const std::string& name, std::size_t max_pixels) {
  static const unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  if (n < 24 || std::memcmp(b, kSignature, 8) != 0 || std::memcmp(b + 12, "IHDR", 4) != 0) return;
  CheckHeaderShape(Be32(b + 16), Be32(b + 20), name, max_pixels);
  CheckImageFileComplete(b, n, static_cast<int>(Be32(b + 16)), static_cast<int>(Be32(b + 20)), name);
}

// Binary PNM (P5 grey, P6 RGB) is decoded here, not by stb_image 2.27: it reads 16-bit samples in the wrong byte
// order and returns uninitialised pixels for a file cut short.
struct PnmHeader {
  int channels = 0;
  long long width = 0, height = 0, maxval = 0;
  std::size_t data = 0;  // offset of the first sample
};

bool IsBinaryPnm(const unsigned char* b, std::size_t n) { return n >= 2 && b[0] == 'P' && (b[1] == '5' || b[1] == '6'); }

PnmHeader ParsePnmHeader(const unsigned char* b, std::size_t n, const std::string& name) {
  PnmHeader h;
  h.channels = b[1] == '5' ? 1 : 3;
  std::size_t i = 2;
  auto number = [&]() -> long long {
    for (;;) {  // whitespace and comments before each number
      while (i < n && std::isspace(b[i])) ++i;
      if (i < n && b[i] == '#') {
        while (i < n && b[i] != '\n' && b[i] != '\r') ++i;
        continue;
      }
      break;
    }
    if (i >= n || !std::isdigit(b[i])) throw InputError("cannot decode '" + name + "': malformed PNM header");
    long long v = 0;
    while (i < n && std::isdigit(b[i]) && v < (1LL << 40)) v = v * 10 + (b[i++] - '0');
    return v;
  };
  h.width = number();
  h.height = number();
  h.maxval = number();
  if (i >= n || !std::isspace(b[i])) throw InputError("cannot decode '" + name + "': malformed PNM header");
  h.data = i + 1;  // exactly one whitespace character separates the header from the samples
  if (h.maxval < 1 || h.maxval > 65535)
    throw InputError("cannot decode '" + name + "': PNM maximum value " + std::to_string(h.maxval) +
                     " is not in 1..65535");
  return h;
}

// Samples are scaled from 0..maxval to 0..255 (16-bit files are reduced to 8 bits).
Image DecodePnm(const unsigned char* b, std::size_t n, const std::string& name, std::size_t max_pixels) {
  const PnmHeader h = ParsePnmHeader(b, n, name);
  CheckHeaderShape(h.width, h.height, name, max_pixels);
  const std::size_t sample_bytes = h.maxval > 255 ? 2 : 1;
  const std::size_t samples = static_cast<std::size_t>(h.width * h.height) * static_cast<std::size_t>(h.channels);
  if (n - h.data < samples * sample_bytes)
    throw InputError("cannot decode '" + name + "': the PNM data is truncated (" + std::to_string(n - h.data) +
                     " of " + std::to_string(samples * sample_bytes) + " bytes)");
  Image img(static_cast<int>(h.width), static_cast<int>(h.height),
            h.channels == 1 ? PixelFormat::Gray8 : PixelFormat::Rgba8);
  const unsigned char* src = b + h.data;
  const long long maxval = h.maxval;
  auto sample = [&](std::size_t k) -> std::uint8_t {
    const long long v = sample_bytes == 2 ? (src[2 * k] << 8) | src[2 * k + 1] : src[k];
    return static_cast<std::uint8_t>((std::min(v, maxval) * 255 + maxval / 2) / maxval);
  };
  std::uint8_t* out = img.data();
  for (std::size_t p = 0; p < static_cast<std::size_t>(h.width * h.height); ++p) {
    if (h.channels == 1) {
      out[p] = sample(p);
    } else {
      for (int c = 0; c < 3; ++c) out[4 * p + c] = sample(3 * p + c);
      out[4 * p + 3] = 255;
    }
  }
  return img;
}

// Radiance HDR files always hold RGB: loaded by the rule of ImageFromRgbFloats (core/float_image_decode.hpp).
Image DecodeHdr(const unsigned char* bytes, int len, const std::string& name) {
  int w = 0, h = 0, comp = 0;
  std::unique_ptr<float, StbFree> px(stbi_loadf_from_memory(bytes, len, &w, &h, &comp, 3));
  if (!px) throw InputError("cannot decode '" + name + "': " + Reason());
  return ImageFromRgbFloats(px.get(), w, h);
}

bool IsSoftimagePic(const unsigned char* b, std::size_t n) {
  return n >= 4 && std::memcmp(b, "\x53\x80\xF6\x34", 4) == 0;
}

}  // namespace

Image DecodeImage(const unsigned char* bytes, std::size_t size, const std::string& name,
                  std::size_t max_pixels) {
  if (size == 0) throw InputError("cannot read '" + name + "': the file is empty");
  if (size > kMaxFileBytes) throw InputError("'" + name + "' is too large to decode");
  const int len = static_cast<int>(size);
  if (IsBinaryPnm(bytes, size)) return DecodePnm(bytes, size, name, max_pixels);
  if (IsPfm(bytes, size)) return DecodePfm(bytes, size, name, max_pixels);
  // stb_image would read it, unchecked: a format nobody asked for is not worth its risk.
  if (IsSoftimagePic(bytes, size))
    throw InputError("cannot decode '" + name + "': Softimage PIC is not supported");
  // Check the dimensions before stb allocates anything for the pixels, and what stb would parse unsafely.
  CheckPngSize(bytes, size, name, max_pixels);
  CheckImageFileStructure(bytes, size, name);
  int w = 0, h = 0, comp = 0;
  if (!stbi_info_from_memory(bytes, len, &w, &h, &comp)) throw InputError("cannot decode '" + name + "': " + Reason());
  // stb reports a top-down BMP's height negative, as the file stores it; the image is as tall all the same.
  const long long height = size >= 2 && bytes[0] == 'B' && bytes[1] == 'M' ? std::llabs(h) : h;
  CheckHeaderShape(w, height, name, max_pixels);
  // A file cut short is refused rather than shown with made-up pixels (core/image_file_checks.hpp).
  CheckImageFileComplete(bytes, size, w, static_cast<int>(height), name);
  if (stbi_is_hdr_from_memory(bytes, len)) return DecodeHdr(bytes, len, name);
  const bool grey = comp == 1 || comp == 2;
  // 16-bit PNG/PSD inputs are reduced to 8 bits by stb (stbi_load converts).
  std::unique_ptr<unsigned char, StbFree> px(stbi_load_from_memory(bytes, len, &w, &h, &comp, grey ? 1 : 4));
  if (!px) throw InputError("cannot decode '" + name + "': " + Reason());
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

// Writes `image` to `tmp`; messages name `path`, the file the person asked for.
static void WritePfm(const Image& image, const std::string& tmp, const std::string& path) {
  std::ofstream f(tmp, std::ios::binary);
  if (!f) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
  f << "Pf\n" << image.width() << " " << image.height() << "\n-1.0\n";  // negative scale: little endian
  for (int y = image.height() - 1; y >= 0; --y)  // PFM stores rows bottom to top
    f.write(reinterpret_cast<const char*>(image.Row<float>(y)), static_cast<std::streamsize>(image.pitch()));
  f.close();  // a full disk shows at the final flush
  if (!f) throw InputError("cannot write '" + path + "': write failed");
}

static std::string LowerExtension(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext;
}

// What SaveImage refuses from the path and format alone.
static void CheckSavePath(const std::string& path, PixelFormat format) {
  const std::filesystem::path target(path);
  const std::string ext = LowerExtension(target);
  if (ext != ".png" && ext != ".pfm")
    throw InputError("cannot save '" + path + "': only .png and .pfm are written");
  if (ext == ".pfm" && format != PixelFormat::Gray32f)
    throw InputError("cannot save '" + path + "': PFM holds gray32f images, this one is " +
                     std::string(ToString(format)));
  std::error_code ec;
  if (target.has_parent_path() && !std::filesystem::is_directory(target.parent_path(), ec))
    throw InputError("cannot save '" + path + "': folder '" + target.parent_path().string() + "' does not exist");
  if (std::filesystem::is_directory(target, ec))
    throw InputError("cannot save '" + path + "': it is a folder");
}

void CheckSaveTarget(const std::string& path, PixelFormat format) {
  CheckSavePath(path, format);
  // The folder must take a new file: the temporary one SaveImage writes first, made here and removed. (A
  // left-over one from an interrupted save, which SaveImage removes, proves nothing here.)
  std::error_code ec;
  const std::string tmp = path + ".part";
  if (FILE* probe = std::fopen(tmp.c_str(), "wbx")) {
    std::fclose(probe);
    std::filesystem::remove(tmp, ec);
  } else if (errno != EEXIST) {
    throw InputError("cannot write '" + path + "': " + std::strerror(errno));
  }
}

// Encoded in memory, then written with every write checked: stbi_write_png ignores fwrite's and fclose's
// results, so a full disk left a truncated PNG that was renamed into place as if written.
static void WritePng(const Image& image, const std::string& tmp, const std::string& path) {
  std::vector<char> png;
  const auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<char>*>(context);
    out->insert(out->end(), static_cast<char*>(data), static_cast<char*>(data) + size);
  };
  if (!stbi_write_png_to_func(append, &png, image.width(), image.height(), Channels(image.format()),
                              image.data(), static_cast<int>(image.pitch())))
    throw InputError("cannot write '" + path + "': the PNG encoder failed");
  std::ofstream f(tmp, std::ios::binary);
  if (!f) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
  f.write(png.data(), static_cast<std::streamsize>(png.size()));
  f.close();  // a full disk shows at the final flush
  if (!f) throw InputError("cannot write '" + path + "': write failed");
}

void SaveImage(const Image& image, const std::string& path) {
  if (image.empty()) throw InputError("cannot save '" + path + "': the image is empty");
  CheckSavePath(path, image.format());  // the write itself is the test of the folder
  const std::filesystem::path target(path);
  std::error_code ec;
  const std::string tmp = path + ".part";
  // A left-over temporary is removed, not written through: were it a link, the write would follow it and the
  // rename would put the link in place of the image.
  std::filesystem::remove(tmp, ec);
  try {
    if (LowerExtension(target) == ".pfm") {
      WritePfm(image, tmp, path);
    } else {
      Image normalized;
      const Image* src = &image;
      if (image.format() == PixelFormat::Gray32f) {
        normalized = NormalizeToGray8(image);
        src = &normalized;
      }
      WritePng(*src, tmp, path);
    }
    std::filesystem::rename(tmp, target, ec);
    if (ec) throw InputError("cannot write '" + path + "': " + ec.message());
  } catch (...) {
    std::filesystem::remove(tmp, ec);
    throw;
  }
}

}  // namespace fl
