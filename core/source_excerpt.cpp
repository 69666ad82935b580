#include "core/source_excerpt.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <vector>

namespace fl {
namespace {

bool IsIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// true for every character that is code (not inside a comment or a string or character literal).
std::vector<bool> CodeMask(std::string_view s) {
  std::vector<bool> code(s.size(), true);
  std::size_t i = 0;
  auto blank = [&](std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to && k < s.size(); ++k) code[k] = false;
  };
  while (i < s.size()) {
    if (s.compare(i, 2, "//") == 0) {
      const std::size_t end = s.find('\n', i);
      blank(i, end == std::string_view::npos ? s.size() : end);
      i = end == std::string_view::npos ? s.size() : end;
    } else if (s.compare(i, 2, "/*") == 0) {
      const std::size_t end = s.find("*/", i + 2);
      const std::size_t stop = end == std::string_view::npos ? s.size() : end + 2;
      blank(i, stop);
      i = stop;
    } else if (s[i] == '"' || s[i] == '\'') {
      const char quote = s[i];
      std::size_t k = i + 1;
      while (k < s.size() && s[k] != quote && s[k] != '\n') k += s[k] == '\\' ? 2 : 1;
      blank(i, k + 1);
      i = k + 1;
    } else {
      ++i;
    }
  }
  return code;
}

// Index of the bracket closing the one at `open`, or npos.
std::size_t Matching(std::string_view s, const std::vector<bool>& code, std::size_t open, char o, char c) {
  int depth = 0;
  for (std::size_t k = open; k < s.size(); ++k) {
    if (!code[k]) continue;
    if (s[k] == o) ++depth;
    if (s[k] == c && --depth == 0) return k;
  }
  return std::string_view::npos;
}

std::size_t SkipSpace(std::string_view s, const std::vector<bool>& code, std::size_t k) {
  while (k < s.size() && (!code[k] || std::isspace(static_cast<unsigned char>(s[k])))) ++k;
  return k;
}

// Where the body of a definition of the name ending at `after` opens ('{'), or npos when this is not a definition.
std::size_t BodyOpen(std::string_view s, const std::vector<bool>& code, std::size_t name_pos, std::size_t after) {
  std::size_t k = SkipSpace(s, code, after);
  if (k >= s.size()) return std::string_view::npos;
  const std::string_view before = s.substr(0, name_pos);
  const bool type = before.ends_with("struct ") || before.ends_with("class ");
  if (type) {
    while (k < s.size() && (!code[k] || (s[k] != '{' && s[k] != ';'))) ++k;  // skips a base list
    return k < s.size() && s[k] == '{' ? k : std::string_view::npos;
  }
  if (s[k] != '(') return std::string_view::npos;
  k = Matching(s, code, k, '(', ')');
  if (k == std::string_view::npos) return k;
  // Qualifiers between the parameter list and the body (const, noexcept, a trailing return type).
  for (++k; k < s.size(); ++k) {
    if (!code[k]) continue;
    if (s[k] == '{') return k;
    if (s[k] == ';' || s[k] == '}' || s[k] == '(' || s[k] == '=' || s[k] == ',' || s[k] == ')')
      return std::string_view::npos;
  }
  return std::string_view::npos;
}

std::string_view TrimmedView(std::string_view s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

}  // namespace

std::optional<SourceExcerpt> FindDefinition(std::string_view source, std::string_view name) {
  if (name.empty()) return std::nullopt;
  const std::vector<bool> code = CodeMask(source);
  for (std::size_t pos = source.find(name); pos != std::string_view::npos; pos = source.find(name, pos + 1)) {
    const std::size_t end = pos + name.size();
    if (!code[pos] || (pos > 0 && IsIdent(source[pos - 1])) || (end < source.size() && IsIdent(source[end])))
      continue;
    const std::size_t open = BodyOpen(source, code, pos, end);
    if (open == std::string_view::npos) continue;
    std::size_t close = Matching(source, code, open, '{', '}');
    if (close == std::string_view::npos) continue;
    // Lines: from the name's line up over the rest of the declaration (template line, qualifier line) and the
    // comment right above it, down to the line of the closing brace.
    std::size_t first = source.rfind('\n', pos);
    first = first == std::string_view::npos ? 0 : first + 1;
    bool in_comment = false;  // once the comment above is reached, only comment lines continue the excerpt
    while (first > 0) {
      const std::size_t prev = source.rfind('\n', first - 2);
      const std::size_t prev_start = prev == std::string_view::npos || first < 2 ? 0 : prev + 1;
      const std::string_view line = TrimmedView(source.substr(prev_start, first - 1 - prev_start));
      const bool declaration_part = !line.empty() && !line.starts_with("//") && !line.starts_with("#") &&
                                    !line.ends_with(";") && !line.ends_with("}") && !line.ends_with("{");
      const bool comment = line.starts_with("//");
      if (!comment && (in_comment || !declaration_part)) break;
      in_comment = in_comment || comment;
      first = prev_start;
    }
    std::size_t last = source.find('\n', close);
    last = last == std::string_view::npos ? source.size() : last;
    SourceExcerpt e;
    e.first_line = 1 + static_cast<int>(std::count(source.begin(), source.begin() + first, '\n'));
    e.body_line = 1 + static_cast<int>(std::count(source.begin(), source.begin() + pos, '\n'));
    e.text = std::string(source.substr(first, last - first));
    return e;
  }
  return std::nullopt;
}

}  // namespace fl
