#include "core/size_text.hpp"

#include <charconv>

namespace fl {

static std::optional<int> ParseInt(std::string_view s) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<std::array<int, 2>> ParseWxH(std::string_view text) {
  const auto x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  const auto w = ParseInt(text.substr(0, x)), h = ParseInt(text.substr(x + 1));
  if (!w || !h) return std::nullopt;
  return std::array<int, 2>{*w, *h};
}

}  // namespace fl
