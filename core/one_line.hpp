#pragma once
// An error message as one printable line: the promise of every "error: ..." the program prints. User text
// quoted into a message can hold newlines, control bytes or 100 KB of stage spec; here they become escapes
// (\n, \x01) and a long message is cut, saying how much was left out.
#include <cstddef>
#include <string>
#include <string_view>

namespace fl {

std::string OneLine(std::string_view text, std::size_t max_bytes = 600);

}  // namespace fl
