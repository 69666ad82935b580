#pragma once
// Image files: loading through stb_image (PNG, JPEG, BMP, TGA, GIF first frame, PSD, HDR), PNM and grey PFM
// by our own decoders, and saving PNG or PFM (so a gray32f result can be read back exactly). Every failure is
// an InputError with the path and the reason. Loading refuses, before decoding: anything but a regular file,
// headers past the size limits (core/image.hpp), and files cut short of what their header promises
// (core/image_file_checks.hpp): a truncated file is an error, never a partly made-up image.
#include <string>

#include "core/image.hpp"

namespace fl {

// Grey and grey+alpha load as gray8 (alpha dropped), RGB and RGBA as rgba8, 16-bit inputs are reduced to
// 8 bits, palettes are expanded, HDR loads as gray32f when grey and as rgba8 (tone-clamped) otherwise, and
// grey PFM ("Pf", either byte order) as gray32f; colour PFM ("PF") is not read.
Image LoadImage(const std::string& path);
// Decodes an image held in memory (same rules as LoadImage); `name` is used in error messages. `max_pixels`
// lowers the pixel limit further (the fuzzers keep memory small with it); the header is checked against it
// before anything is allocated.
Image DecodeImage(const unsigned char* bytes, std::size_t size, const std::string& name,
                  std::size_t max_pixels = kMaxImagePixels);
// Writes PNG, or PFM when the path ends in .pfm (gray32f only). gray32f saved as PNG is normalised to 0..255 by its
// min and max. Writes to a temporary file and renames it, so a failure leaves no partial file.
void SaveImage(const Image& image, const std::string& path);
// What SaveImage would refuse before writing: the extension, PFM for another format than gray32f, a missing
// folder, a folder that takes no new file (tried). Commands call it before their work, so that a refusal
// leaves nothing written.
void CheckSaveTarget(const std::string& path, PixelFormat format);
// gray32f to gray8 by min/max normalisation (a constant image maps to 0).
Image NormalizeToGray8(const Image& image);

}  // namespace fl
