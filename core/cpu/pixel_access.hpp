#pragma once
// Helpers for CPU filters: replicate-border reads and per-channel access for gray8 / rgba8 / gray32f.
#include <algorithm>
#include <cstdint>

#include "core/image.hpp"

namespace fl::cpu {

inline int Clamp(int v, int lo, int hi) { return std::min(std::max(v, lo), hi); }

// Channel c of the pixel at (x, y) with replicate border; T is std::uint8_t for gray8 and rgba8, float for gray32f.
template <typename T>
inline T ReadClamped(const ImageView& img, int x, int y, int c = 0) {
  const int channels = Channels(img.format());
  x = Clamp(x, 0, img.width() - 1);
  y = Clamp(y, 0, img.height() - 1);
  return img.Row<T>(y)[x * channels + c];
}

template <typename T>
inline T& At(const MutableImageView& img, int x, int y, int c = 0) {
  return img.Row<T>(y)[x * Channels(img.format()) + c];
}

}  // namespace fl::cpu
