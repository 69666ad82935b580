#include "core/image_file_checks.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>

#include "core/error.hpp"
#include "core/image.hpp"
#include "core/jpeg_structure.hpp"

namespace fl {
namespace {

using u64 = std::uint64_t;

unsigned Le16(const unsigned char* p) { return p[0] | (p[1] << 8); }
std::uint32_t Le32(const unsigned char* p) { return Le16(p) | (std::uint32_t{Le16(p + 2)} << 16); }
unsigned Be16(const unsigned char* p) { return (p[0] << 8) | p[1]; }
std::uint32_t Be32(const unsigned char* p) { return (std::uint32_t{Be16(p)} << 16) | Be16(p + 2); }

bool StartsWith(const unsigned char* b, std::size_t n, const char* magic, std::size_t len) {
  return n >= len && std::memcmp(b, magic, len) == 0;
}

[[noreturn]] void Truncated(const std::string& name, const std::string& format, const std::string& detail) {
  throw InputError("cannot decode '" + name + "': truncated " + format + ": " + detail);
}

void NeedBytes(u64 needed, std::size_t size, const std::string& name, const std::string& format) {
  if (needed > size)
    Truncated(name, format,
              "its header needs at least " + std::to_string(needed) + " bytes, the file has " +
                  std::to_string(size));
}

// PNG: the raw scanlines (a filter byte per row) cannot be more than 1032 times the compressed bytes,
// deflate's largest ratio; the whole file stands in for the IDAT chunks, so the bound is generous.
void CheckPng(const unsigned char* b, std::size_t n, int w, int h, const std::string& name) {
  if (n < 29) return;
  const unsigned depth = b[24], type = b[25];
  const unsigned channels = type == 2 ? 3 : type == 4 ? 2 : type == 6 ? 4 : 1;
  // stb_image's own limit (its header scan refuses more, and stbi_info then only says "unknown image type").
  if (u64{1} << 30 < u64(w) * u64(h) * channels)
    throw InputError("cannot decode '" + name + "': a " + std::to_string(w) + "x" + std::to_string(h) +
                     " PNG has more than 2^30 samples, the most stb_image decodes");
  const u64 row = (u64(w) * channels * depth + 7) / 8 + 1;
  const u64 raw = row * u64(h);
  constexpr u64 kDeflateMaxRatio = 1032;
  if (raw > u64(n) * kDeflateMaxRatio + 4096)
    throw InputError("cannot decode '" + name + "': the file is too short for a " + std::to_string(w) + "x" +
                     std::to_string(h) + " PNG (" + std::to_string(n) + " bytes cannot hold " +
                     std::to_string(raw) + " bytes of pixels even at deflate's best ratio)");
}

// PNG: every chunk, up to IEND, lies inside the file. stb 2.27 grows its buffer to an IDAT chunk's declared
// length before reading it, so a 600-byte file claiming a 2 GiB chunk made it allocate 2 GiB (fuzz_image).
void CheckPngChunks(const unsigned char* b, std::size_t n, const std::string& name) {
  for (u64 pos = 8;;) {
    if (pos + 8 > n) Truncated(name, "PNG", "the file ends before its IEND chunk");
    const u64 length = Be32(b + pos);
    std::string type(reinterpret_cast<const char*>(b + pos + 4), 4);
    for (char& c : type)
      if (c < 0x20 || c > 0x7E) c = '?';
    if (pos + 12 + length > n)
      Truncated(name, "PNG",
                "chunk '" + type + "' needs " + std::to_string(length + 12) + " bytes, " +
                    std::to_string(n - pos) + " are left");
    if (type == "IEND") return;
    pos += 12 + length;
  }
}

// BMP: the whole info header, then (without compression or with bit fields) rows padded to 4 bytes from the
// pixel data offset. `h` is the height without its sign (negative in the file for top-down rows).
void CheckBmp(const unsigned char* b, std::size_t n, int w, int h, const std::string& name) {
  if (n < 18) Truncated(name, "BMP", "the file ends inside its header");
  const std::uint32_t offset = Le32(b + 10), header = Le32(b + 14);
  NeedBytes(14 + u64(header), n, name, "BMP");
  if (header != 12 && header < 40) return;  // stb refuses such a header
  const unsigned bpp = header == 12 ? Le16(b + 24) : Le16(b + 28);
  const std::uint32_t compression = header == 12 ? 0 : Le32(b + 30);
  if (compression != 0 && compression != 3) return;  // stb refuses RLE and embedded PNG/JPEG
  const u64 row = (u64(w) * bpp + 31) / 32 * 4;
  NeedBytes(u64(offset) + row * u64(h), n, name, "BMP");
}

// TGA, read the way stb reads it: the id field, the palette (stb skips "first entry" bytes before it), then
// pixels raw or as RLE packets.
void CheckTga(const unsigned char* b, std::size_t n, int w, int h, const std::string& name) {
  if (n < 18) Truncated(name, "TGA", "the file ends inside its 18-byte header");
  const bool indexed = b[1] != 0;
  const unsigned type = b[2] & 7u, bpp = b[16], palette_bits = b[7];
  const bool rle = b[2] >= 8;
  const auto entry_bytes = [](unsigned bits) -> u64 { return bits == 15 || bits == 16 ? 2 : bits / 8; };
  u64 pos = 18 + u64(b[0]);
  if (indexed) pos += Le16(b + 3) + u64(Le16(b + 5)) * entry_bytes(palette_bits);
  const u64 pixel = indexed ? (bpp == 8 ? 1 : 2) : entry_bytes(bpp);
  if (pixel == 0 || type == 0) return;
  const u64 pixels = u64(w) * u64(h);
  if (!rle) return NeedBytes(pos + pixels * pixel, n, name, "TGA");
  for (u64 done = 0; done < pixels;) {
    if (pos >= n)
      Truncated(
          name, "TGA",
          "the RLE data stops after " + std::to_string(done) + " of " + std::to_string(pixels) + " pixels");
    const unsigned packet = b[pos++];
    const u64 count = (packet & 0x7Fu) + 1;
    pos += packet & 0x80u ? pixel : count * pixel;
    done += count;
  }
  NeedBytes(pos, n, name, "TGA");
}

// PSD, RGB: after the three length-prefixed sections, stb reads at most four channels, raw or PackBits RLE.
void CheckPsd(const unsigned char* b, std::size_t n, int w, int h, const std::string& name) {
  if (n < 26) return;
  const unsigned channels = Be16(b + 12), depth = Be16(b + 22);
  u64 pos = 26;
  for (int section = 0; section < 3; ++section) {
    if (pos + 4 > n) Truncated(name, "PSD", "the file ends inside its header sections");
    pos += 4 + u64(Be32(b + pos));
  }
  if (pos + 2 > n) Truncated(name, "PSD", "the file ends before its pixel data");
  const unsigned compression = Be16(b + pos);
  pos += 2;
  const u64 pixels = u64(w) * u64(h), read_channels = std::min(channels, 4u);
  if (compression == 0)
    return NeedBytes(pos + read_channels * pixels * (depth == 16 ? 2 : 1), n, name, "PSD");
  if (compression != 1) return;
  pos += u64(h) * channels * 2;  // the row byte counts, which stb skips
  for (u64 c = 0; c < read_channels; ++c) {
    for (u64 done = 0; done < pixels;) {
      if (pos >= n) Truncated(name, "PSD", "the RLE data of channel " + std::to_string(c) + " stops early");
      const unsigned len = b[pos++];
      if (len == 128) continue;
      const u64 count = len < 128 ? len + 1 : 257 - len;
      if (count > pixels - done) return;  // stb refuses the overrun
      pos += len < 128 ? count : 1;
      done += count;
    }
  }
  NeedBytes(pos, n, name, "PSD");
}

// GIF: stb decodes the first frame; its chain of data sub-blocks must end (a zero-length block) inside the
// file.
void CheckGif(const unsigned char* b, std::size_t n, const std::string& name) {
  if (n < 13) return;
  u64 pos = 13;
  if (b[10] & 0x80) pos += 3u * (2u << (b[10] & 7));
  const auto skip_sub_blocks = [&] {
    for (;;) {
      if (pos >= n) Truncated(name, "GIF", "the file ends inside the first frame's data");
      const unsigned len = b[pos++];
      if (len == 0) return;
      pos += len;
    }
  };
  for (;;) {
    if (pos >= n) Truncated(name, "GIF", "the file ends before the first frame");
    const unsigned tag = b[pos++];
    if (tag == 0x21) {
      ++pos;  // the extension's label
      skip_sub_blocks();
    } else if (tag == 0x2C) {
      if (pos + 9 > n) Truncated(name, "GIF", "the file ends inside the first frame's descriptor");
      const unsigned flags = b[pos + 8];
      pos += 9;
      if (flags & 0x80) pos += 3u * (2u << (flags & 7));
      ++pos;  // LZW minimum code size
      return skip_sub_blocks();
    } else {
      return;  // the trailer or an unknown block: stb refuses the file
    }
  }
}

// Radiance HDR: the header lines, the resolution line, then scanlines as stb reads them: new-style RLE
// (2, 2, width) or, from the first scanline that is not, flat RGBE for the whole image.
void CheckHdr(const unsigned char* b, std::size_t n, int w, int h, const std::string& name) {
  u64 pos = 0;
  const auto line = [&]() -> u64 {  // length of the next line, pos moved past its newline (or to the end)
    const u64 start = pos;
    while (pos < n && b[pos] != '\n') ++pos;
    const u64 len = pos - start;
    if (pos < n) ++pos;
    return len;
  };
  line();  // #?RADIANCE
  while (pos < n && line() != 0) {
  }
  line();  // -Y h +X w
  const u64 flat = pos + u64(w) * u64(h) * 4;
  if (w < 8 || w >= 32768) return NeedBytes(flat, n, name, "HDR");
  for (int y = 0; y < h; ++y) {
    if (pos + 4 > n)
      Truncated(name, "HDR", "the file ends at scanline " + std::to_string(y) + " of " + std::to_string(h));
    if (b[pos] != 2 || b[pos + 1] != 2 || (b[pos + 2] & 0x80)) return NeedBytes(flat, n, name, "HDR");
    if (((b[pos + 2] << 8) | b[pos + 3]) != w) return;  // stb refuses the scanline
    pos += 4;
    for (int component = 0; component < 4; ++component) {
      for (int x = 0; x < w;) {
        if (pos >= n) Truncated(name, "HDR", "the RLE data stops in scanline " + std::to_string(y));
        const unsigned count = b[pos++];
        const unsigned run = count > 128 ? count - 128 : count;
        if (run > unsigned(w - x)) return;  // stb refuses the overrun
        pos += count > 128 ? 1 : run;
        x += static_cast<int>(run);
      }
    }
  }
  NeedBytes(pos, n, name, "HDR");
}

}  // namespace

void CheckImageFileStructure(const unsigned char* b, std::size_t n, const std::string& name) {
  if (StartsWith(b, n, "\x89PNG\r\n\x1a\n", 8)) return CheckPngChunks(b, n, name);
  std::size_t soi = 0;  // stb, like the standard, allows FF fill bytes before a marker, SOI included
  while (soi < n && b[soi] == 0xFF) ++soi;
  if (soi > 0 && soi < n && b[soi] == 0xD8) CheckJpegStructure(b, n, soi + 1, name);
}

void CheckImageFileComplete(const unsigned char* b, std::size_t n, int w, int h, const std::string& name) {
  if (StartsWith(b, n, "\x89PNG", 4)) return CheckPng(b, n, w, h, name);
  if (n >= 2 && b[0] == 0xFF) return;  // JPEG: CheckImageFileStructure
  if (StartsWith(b, n, "BM", 2)) return CheckBmp(b, n, w, h, name);
  if (StartsWith(b, n, "GIF8", 4)) return CheckGif(b, n, name);
  if (StartsWith(b, n, "8BPS", 4)) return CheckPsd(b, n, w, h, name);
  if (StartsWith(b, n, "#?RADIANCE\n", 11) || StartsWith(b, n, "#?RGBE\n", 7))
    return CheckHdr(b, n, w, h, name);
  // stb identifies TGA last, by elimination: what is left here (PNM is decoded elsewhere, PIC refused).
  CheckTga(b, n, w, h, name);
}

void CheckHeaderShape(long long w, long long h, const std::string& name, std::size_t max_pixels) {
  // Sizes beyond int are clamped: they are refused all the same, and the message stays readable.
  const auto side = [](long long v) {
    return static_cast<int>(std::clamp<long long>(v, INT32_MIN, INT32_MAX));
  };
  try {
    CheckImageShape({side(w), side(h), PixelFormat::Rgba8});
  } catch (const InputError& e) {
    throw InputError("'" + name + "': " + e.what());
  }
  if (static_cast<unsigned long long>(w) * static_cast<unsigned long long>(h) > max_pixels)
    throw InputError("'" + name + "': image size " + std::to_string(w) + "x" + std::to_string(h) +
                     " exceeds the limit of " + std::to_string(max_pixels) + " pixels given to the decoder");
}

}  // namespace fl
