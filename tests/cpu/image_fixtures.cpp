#include "image_fixtures.hpp"

#include <algorithm>
#include <array>

namespace fl::test {
namespace {

void Put32be(Bytes& b, std::uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) b.push_back(static_cast<std::uint8_t>(v >> s));
}
void Put16be(Bytes& b, unsigned v) {
  b.push_back(static_cast<std::uint8_t>(v >> 8));
  b.push_back(static_cast<std::uint8_t>(v));
}
void Put16le(Bytes& b, unsigned v) {
  b.push_back(static_cast<std::uint8_t>(v));
  b.push_back(static_cast<std::uint8_t>(v >> 8));
}
void PutText(Bytes& b, const std::string& s) { b.insert(b.end(), s.begin(), s.end()); }

std::uint32_t Crc32(const std::uint8_t* p, std::size_t n) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

std::uint32_t Adler32(const Bytes& b) {
  std::uint32_t a = 1, s = 0;
  for (std::uint8_t v : b) {
    a = (a + v) % 65521;
    s = (s + a) % 65521;
  }
  return (s << 16) | a;
}

void PutChunk(Bytes& png, const char* type, const Bytes& data) {
  Put32be(png, static_cast<std::uint32_t>(data.size()));
  Bytes body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  png.insert(png.end(), body.begin(), body.end());
  Put32be(png, Crc32(body.data(), body.size()));
}

// zlib stream of stored (uncompressed) deflate blocks.
Bytes ZlibStored(const Bytes& raw) {
  Bytes z = {0x78, 0x01};
  std::size_t pos = 0;
  do {
    const std::size_t n = std::min<std::size_t>(65535, raw.size() - pos);
    z.push_back(pos + n == raw.size() ? 1 : 0);  // BFINAL, BTYPE 00
    Put16le(z, static_cast<unsigned>(n));
    Put16le(z, static_cast<unsigned>(~n & 0xFFFF));
    z.insert(z.end(), raw.begin() + static_cast<long>(pos), raw.begin() + static_cast<long>(pos + n));
    pos += n;
  } while (pos < raw.size());
  Put32be(z, Adler32(raw));
  return z;
}

Bytes Ihdr(std::uint32_t w, std::uint32_t h, int bit_depth, int color_type) {
  Bytes d;
  Put32be(d, w);
  Put32be(d, h);
  d.push_back(static_cast<std::uint8_t>(bit_depth));
  d.push_back(static_cast<std::uint8_t>(color_type));
  d.insert(d.end(), {0, 0, 0});  // deflate, adaptive filtering, no interlace
  return d;
}

const Bytes kPngSignature = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};

}  // namespace

Bytes EncodePng(int width, int height, int color_type, int bit_depth, const std::vector<int>& samples,
                const Bytes& palette, const Bytes& alpha) {
  const int channels = color_type == 0 || color_type == 3 ? 1 : color_type == 4 ? 2 : color_type == 2 ? 3 : 4;
  Bytes raw;
  std::size_t i = 0;
  for (int y = 0; y < height; ++y) {
    raw.push_back(0);  // filter: none
    for (int x = 0; x < width * channels; ++x, ++i) {
      if (bit_depth == 16)
        Put16be(raw, static_cast<unsigned>(samples[i]));
      else
        raw.push_back(static_cast<std::uint8_t>(samples[i]));
    }
  }
  Bytes png = kPngSignature;
  PutChunk(png, "IHDR", Ihdr(width, height, bit_depth, color_type));
  if (!palette.empty()) PutChunk(png, "PLTE", palette);
  if (!alpha.empty()) PutChunk(png, "tRNS", alpha);
  PutChunk(png, "IDAT", ZlibStored(raw));
  PutChunk(png, "IEND", {});
  return png;
}

Bytes PngHeaderOnly(std::uint32_t width, std::uint32_t height) {
  Bytes png = kPngSignature;
  PutChunk(png, "IHDR", Ihdr(width, height, 8, 6));
  PutChunk(png, "IDAT", ZlibStored(Bytes(64, 0)));
  PutChunk(png, "IEND", {});
  return png;
}

Bytes EncodeGif(int width, int height, const Bytes& palette, const std::vector<Bytes>& frames) {
  Bytes g;
  PutText(g, "GIF89a");
  Put16le(g, static_cast<unsigned>(width));
  Put16le(g, static_cast<unsigned>(height));
  g.insert(g.end(), {0x91, 0, 0});  // global table of 4 colours, background 0, no aspect
  g.insert(g.end(), palette.begin(), palette.end());
  for (const Bytes& indices : frames) {
    g.push_back(0x2C);  // image descriptor
    Put16le(g, 0);
    Put16le(g, 0);
    Put16le(g, static_cast<unsigned>(width));
    Put16le(g, static_cast<unsigned>(height));
    g.push_back(0);  // no local table, not interlaced
    // LZW with minimum code size 2: clear = 4, end = 5, 3-bit codes. A clear before every second literal keeps
    // the decoder's table from growing, so every code stays 3 bits wide.
    const int kClear = 4, kEnd = 5, kBits = 3;
    std::vector<int> codes;
    for (std::size_t i = 0; i < indices.size(); ++i) {
      if (i % 2 == 0) codes.push_back(kClear);
      codes.push_back(indices[i]);
    }
    codes.push_back(kEnd);
    Bytes data;
    unsigned acc = 0;
    int nbits = 0;
    for (int c : codes) {
      acc |= static_cast<unsigned>(c) << nbits;
      nbits += kBits;
      while (nbits >= 8) {
        data.push_back(static_cast<std::uint8_t>(acc & 0xFF));
        acc >>= 8;
        nbits -= 8;
      }
    }
    if (nbits > 0) data.push_back(static_cast<std::uint8_t>(acc & 0xFF));
    g.push_back(2);  // LZW minimum code size
    for (std::size_t pos = 0; pos < data.size(); pos += 255) {
      const std::size_t n = std::min<std::size_t>(255, data.size() - pos);
      g.push_back(static_cast<std::uint8_t>(n));
      g.insert(g.end(), data.begin() + static_cast<long>(pos), data.begin() + static_cast<long>(pos + n));
    }
    g.push_back(0);  // block terminator
  }
  g.push_back(0x3B);
  return g;
}

Bytes EncodePsd(int width, int height, const Bytes& rgb) {
  Bytes p;
  PutText(p, "8BPS");
  Put16be(p, 1);
  p.insert(p.end(), 6, 0);
  Put16be(p, 3);  // channels
  Put32be(p, static_cast<std::uint32_t>(height));
  Put32be(p, static_cast<std::uint32_t>(width));
  Put16be(p, 8);  // depth
  Put16be(p, 3);  // RGB
  Put32be(p, 0);  // colour mode data
  Put32be(p, 0);  // image resources
  Put32be(p, 0);  // layers and masks
  Put16be(p, 0);  // raw image data
  for (int c = 0; c < 3; ++c)
    for (int i = 0; i < width * height; ++i) p.push_back(rgb[static_cast<std::size_t>(i) * 3 + c]);
  return p;
}

Bytes EncodePnm(int width, int height, int channels, int maxval, const std::vector<int>& samples,
                const std::string& comment) {
  Bytes b;
  PutText(b, channels == 1 ? "P5\n" : "P6\n");
  if (!comment.empty()) PutText(b, "# " + comment + "\n");
  PutText(b, std::to_string(width) + " " + std::to_string(height) + "\n" + std::to_string(maxval) + "\n");
  for (int v : samples) {
    if (maxval > 255)
      Put16be(b, static_cast<unsigned>(v));
    else
      b.push_back(static_cast<std::uint8_t>(v));
  }
  return b;
}

}  // namespace fl::test
