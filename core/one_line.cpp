#include "core/one_line.hpp"

#include <cstdio>

namespace fl {

std::string OneLine(std::string_view text, std::size_t max_bytes) {
  std::size_t keep = text.size();
  if (keep > max_bytes) {
    keep = max_bytes;
    // Not in the middle of a UTF-8 character: back off over its continuation bytes (three at most).
    for (int i = 0; i < 3 && keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80; ++i) --keep;
  }
  std::string out;
  out.reserve(keep + 16);
  for (const char c : text.substr(0, keep)) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7F) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", u);
      out += hex;
    } else {
      out += c;
    }
  }
  if (keep < text.size()) out += "... (" + std::to_string(text.size() - keep) + " more bytes)";
  return out;
}

}  // namespace fl
