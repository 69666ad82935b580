#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace fl {

enum class PixelFormat { Gray8, Rgba8, Gray32f };

constexpr std::size_t BytesPerPixel(PixelFormat f) { return f == PixelFormat::Gray8 ? 1 : 4; }
constexpr int Channels(PixelFormat f) { return f == PixelFormat::Rgba8 ? 4 : 1; }
constexpr bool IsInteger(PixelFormat f) { return f != PixelFormat::Gray32f; }

std::string_view ToString(PixelFormat f);
std::optional<PixelFormat> ParsePixelFormat(std::string_view s);

}  // namespace fl
