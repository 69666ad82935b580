// Error messages print as one line whatever user text they quote.
#include "core/one_line.hpp"

#include <gtest/gtest.h>

namespace fl {
namespace {

TEST(OneLine, EscapesControlBytesAndKeepsTheRest) {
  EXPECT_EQ(OneLine("plain text, unicode \xC3\xA9"), "plain text, unicode \xC3\xA9");
  EXPECT_EQ(OneLine("a\nb\rc\td"), "a\\nb\\rc\\td");
  EXPECT_EQ(OneLine(std::string("x\x01y\x7Fz\0w", 7)), "x\\x01y\\x7Fz\\x00w");
}

TEST(OneLine, CutsLongTextOnACharacterBoundaryAndSaysHowMuchWasLeft) {
  EXPECT_EQ(OneLine(std::string(20, 'a'), 8), "aaaaaaaa... (12 more bytes)");
  // "é" is two bytes: a cut between them backs off to before it.
  EXPECT_EQ(OneLine("abc\xC3\xA9"
                    "def",
                    4),
            "abc... (5 more bytes)");
  EXPECT_EQ(OneLine(std::string(10, 'a'), 10), std::string(10, 'a'));
}

}  // namespace
}  // namespace fl
