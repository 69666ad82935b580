#include "core/pixel_format.hpp"

namespace fl {

std::string_view ToString(PixelFormat f) {
  switch (f) {
    case PixelFormat::Gray8: return "gray8";
    case PixelFormat::Rgba8: return "rgba8";
    case PixelFormat::Gray32f: return "gray32f";
  }
  return "unknown";
}

std::optional<PixelFormat> ParsePixelFormat(std::string_view s) {
  if (s == "gray8") return PixelFormat::Gray8;
  if (s == "rgba8") return PixelFormat::Rgba8;
  if (s == "gray32f") return PixelFormat::Gray32f;
  return std::nullopt;
}

}  // namespace fl
