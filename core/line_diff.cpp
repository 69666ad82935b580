#include "core/line_diff.hpp"

#include <algorithm>
#include <cstddef>

namespace fl {

std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.emplace_back(text.substr(start));
      break;
    }
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

static std::string_view Trimmed(std::string_view s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::vector<DiffLine> DiffLines(const std::vector<std::string>& before, const std::vector<std::string>& after) {
  const std::size_t n = before.size(), m = after.size();
  // lcs[i][j]: length of the longest common subsequence of before[i..] and after[j..].
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[i][j] = Trimmed(before[i]) == Trimmed(after[j]) ? lcs[i + 1][j + 1] + 1
                                                          : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::vector<DiffLine> out;
  std::size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && Trimmed(before[i]) == Trimmed(after[j])) {
      out.push_back({LineChange::Same, after[j]});
      ++i, ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out.push_back({LineChange::Added, after[j++]});
    } else {
      out.push_back({LineChange::Removed, before[i++]});
    }
  }
  return out;
}

}  // namespace fl
