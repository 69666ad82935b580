#pragma once
// Hand-written image files for the loader tests, in the formats or variants stb_image_write cannot produce: PNG with
// 16-bit samples or a palette, GIF, PSD and binary PNM. Each builds the file's bytes from pixels in memory, the
// smallest valid encoding (stored deflate blocks, literal-only LZW, raw PSD planes), so the tests need no fixtures
// on disk and no other encoder.
#include <cstdint>
#include <string>
#include <vector>

namespace fl::test {

using Bytes = std::vector<std::uint8_t>;

// PNG of any colour type (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA) and bit depth 8 or 16. `samples` holds
// the row-major samples (16-bit ones as values up to 65535); `palette` is RGB triples, `alpha` the tRNS entries.
Bytes EncodePng(int width, int height, int color_type, int bit_depth, const std::vector<int>& samples,
                const Bytes& palette = {}, const Bytes& alpha = {});
// Only the signature and an IHDR chunk (valid CRC) claiming the given size, then a bit of IDAT and IEND.
Bytes PngHeaderOnly(std::uint32_t width, std::uint32_t height);

// GIF89a with a 4-colour global palette (RGB triples) and one image per frame of palette indices.
Bytes EncodeGif(int width, int height, const Bytes& palette, const std::vector<Bytes>& frames);

// PSD, RGB mode, 8 bits, raw: `rgb` holds interleaved RGB pixels (written as planes).
Bytes EncodePsd(int width, int height, const Bytes& rgb);

// Binary PNM: P5 (channels 1) or P6 (channels 3), samples up to maxval (big-endian 16-bit when maxval > 255).
Bytes EncodePnm(int width, int height, int channels, int maxval, const std::vector<int>& samples,
                const std::string& comment = "");

}  // namespace fl::test
