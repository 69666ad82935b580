#pragma once
// Image files: loading through stb_image (PNG, JPEG, BMP, TGA, GIF first frame, PSD, PNM, HDR) and saving PNG or
// PFM. Every failure is an InputError with the path and the reason.
#include <string>

#include "core/image.hpp"

namespace fl {

// Grey and grey+alpha load as gray8 (alpha dropped), RGB and RGBA as rgba8, 16-bit inputs are reduced to
// 8 bits, palettes are expanded, HDR loads as gray32f when grey and as rgba8 (tone-clamped) otherwise.
Image LoadImage(const std::string& path);
// Decodes an image held in memory (same rules as LoadImage); `name` is used in error messages.
Image DecodeImage(const unsigned char* bytes, std::size_t size, const std::string& name);
// Writes PNG, or PFM when the path ends in .pfm (gray32f only). gray32f saved as PNG is normalised to 0..255 by its
// min and max. Writes to a temporary file and renames it, so a failure leaves no partial file.
void SaveImage(const Image& image, const std::string& path);
// gray32f to gray8 by min/max normalisation (a constant image maps to 0).
Image NormalizeToGray8(const Image& image);

}  // namespace fl
