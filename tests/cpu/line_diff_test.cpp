#include "core/line_diff.hpp"

#include <gtest/gtest.h>

namespace fl {
namespace {

std::string Render(const std::vector<DiffLine>& d) {
  std::string s;
  for (const DiffLine& l : d) s += (l.change == LineChange::Same ? " " : l.change == LineChange::Added ? "+" : "-") + l.text + "\n";
  return s;
}

TEST(LineDiff, SplitLinesDropsOnlyTheTrailingNewline) {
  EXPECT_EQ(SplitLines("a\nb\n"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(SplitLines("a\n\nb"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_TRUE(SplitLines("").empty());
}

TEST(LineDiff, MarksInsertedDeletedAndChangedLines) {
  const std::vector<std::string> before = {"x = load(p);", "y = x * 2;", "store(y);"};
  const std::vector<std::string> after = {"tile = load(p);", "sync();", "y = x * 2;", "store(y);", "done();"};
  EXPECT_EQ(Render(DiffLines(before, after)),
            "+tile = load(p);\n+sync();\n-x = load(p);\n y = x * 2;\n store(y);\n+done();\n");
}

TEST(LineDiff, KeepsTheLongestCommonSubsequence) {
  const std::vector<std::string> a = {"a", "b", "c", "d", "e"}, b = {"b", "c", "x", "e", "a"};
  int same = 0;
  for (const DiffLine& l : DiffLines(a, b)) same += l.change == LineChange::Same;
  EXPECT_EQ(same, 3);  // b c e
}

TEST(LineDiff, IndentationAloneIsNoChange) {
  const auto d = DiffLines({"  if (x) {"}, {"    if (x) {"});
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].change, LineChange::Same);
  EXPECT_EQ(d[0].text, "    if (x) {");  // shown as it is now
}

TEST(LineDiff, EmptySidesAreAllAddedOrAllRemoved) {
  EXPECT_EQ(Render(DiffLines({}, {"a", "b"})), "+a\n+b\n");
  EXPECT_EQ(Render(DiffLines({"a"}, {})), "-a\n");
}

}  // namespace
}  // namespace fl
