#pragma once
// Structural checks of encoded image files, made before stb_image decodes them.
//
// stb_image 2.27 fills whatever a cut-short TGA, BMP, PSD, GIF or HDR file lacks with zeros or leaves it
// uninitialised, and returns the image without an error (a truncated RLE HDR even makes it loop forever). The
// lab would show such garbage as if it were the picture. Decision: a file that ends before the data its
// header promises is refused with an InputError ("truncated TGA: ..."), never shown partially, so that what
// is on screen is always the whole file. JPEG gets the same check (the scan data must reach the end-of-image
// marker) although stb reports most cut JPEGs itself. A PNG is refused when the file is too short to hold its
// pixels even at deflate's best ratio, so a 100-byte file claiming 32768x32768 never makes stb allocate 4
// GiB. And what stb 2.27 parses unsafely is refused before it does (both found by fuzz/fuzz_image): a JPEG
// Huffman table of more than 256 codes, which stb writes past its arrays for, and a PNG chunk longer than the
// file, for which stb allocates the declared length (2 GiB for a 600-byte file).
#include <cstddef>
#include <string>

namespace fl {

// Made before stb reads anything, stbi_info included: the structures stb 2.27 parses unsafely (a JPEG's
// Huffman tables, a PNG's chunk lengths) and the completeness of JPEG and PNG. Throws InputError naming
// `name`.
void CheckImageFileStructure(const unsigned char* bytes, std::size_t size, const std::string& name);

// `width` and `height` are the header's (from stbi_info, already within the limits). Throws InputError naming
// `name` when the file cannot hold what its header promises; returns quietly when the format is not one it
// checks or the structure is something stb refuses anyway.
void CheckImageFileComplete(const unsigned char* bytes, std::size_t size, int width, int height,
                            const std::string& name);

// A header's width and height (as read, possibly absurd): throws InputError naming `name` unless they make a valid
// image of at most `max_pixels` pixels.
void CheckHeaderShape(long long w, long long h, const std::string& name, std::size_t max_pixels);

}  // namespace fl
