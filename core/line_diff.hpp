#pragma once
// A line diff (longest common subsequence), for the kernel source view: which lines of a variant's kernel differ
// from its filter's naive kernel. Plain dynamic programming, O(n*m): kernels are tens of lines, not thousands.
#include <string>
#include <string_view>
#include <vector>

namespace fl {

enum class LineChange { Same, Added, Removed };  // Added: only in `after`; Removed: only in `before`

struct DiffLine {
  LineChange change = LineChange::Same;
  std::string text;
};

// Splits on '\n' (a trailing newline adds no empty line).
std::vector<std::string> SplitLines(std::string_view text);

// The lines of both texts in order, each marked Same, Added (in `after` only) or Removed (in `before` only).
// Lines compare with leading and trailing whitespace ignored, so a re-indented line is not a change.
std::vector<DiffLine> DiffLines(const std::vector<std::string>& before, const std::vector<std::string>& after);

}  // namespace fl
