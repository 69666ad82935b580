// "WxH" on the command line: two ints, nothing else, and no wrapping past an int.
#include "core/size_text.hpp"

#include <gtest/gtest.h>

namespace fl {
namespace {

TEST(SizeText, TwoIntsAndNothingElse) {
  EXPECT_EQ(ParseWxH("8192x8192"), (std::array<int, 2>{8192, 8192}));
  EXPECT_EQ(ParseWxH("1x2147483647"), (std::array<int, 2>{1, 2147483647}));
  EXPECT_EQ(ParseWxH("-5x3"), (std::array<int, 2>{-5, 3}));  // the caller checks the range
  for (const char* bad : {"", "x", "64", "64x", "x64", "64x64x", "64x64 ", " 64x64", "+64x64", "0x10x4",
                          "4294967360x64", "64x4294967297", "18446744073709551680x64", "6.4x64", "64X64"})
    EXPECT_FALSE(ParseWxH(bad)) << bad;
}

}  // namespace
}  // namespace fl
