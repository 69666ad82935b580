#pragma once
// "WxH" as typed on a command line: two decimal integers that each fit an int, nothing around them. A side
// too large for an int is refused here rather than wrapped (sscanf's %d gave 64 for 4294967360).
#include <array>
#include <optional>
#include <string_view>

namespace fl {

std::optional<std::array<int, 2>> ParseWxH(std::string_view text);

}  // namespace fl
