#pragma once
// Decoding float images: PFM (grey "Pf" and colour "PF") here, and the rule that colour float pixels (PFM and
// Radiance HDR, which image_io.cpp decodes through stb) follow to become one of the lab's formats.
#include <cstddef>
#include <string>

#include "core/image.hpp"

namespace fl {

// Whether the bytes start like a PFM file ("Pf" or "PF" and a whitespace character).
bool IsPfm(const unsigned char* bytes, std::size_t size);

// A PFM file: "Pf" (one float per pixel) or "PF" (three), width, height, a scale whose sign gives the byte
// order (negative: little endian), one whitespace character, then rows of floats from the bottom up. Grey
// files become gray32f as they are; colour files follow ImageFromRgbFloats. Throws InputError naming `name`
// for a malformed header, a size past `max_pixels` or data cut short.
Image DecodePfm(const unsigned char* bytes, std::size_t size, const std::string& name,
                std::size_t max_pixels);

// w x h pixels of three floats (top row first). An image whose three channels are equal everywhere is grey
// and becomes gray32f, so that its range beyond 0..1 survives; otherwise rgba8, each channel clamped to 0..1
// and rounded to 0..255 (NaN to 0), alpha 255.
Image ImageFromRgbFloats(const float* rgb, int w, int h);

}  // namespace fl
