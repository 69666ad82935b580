#include "core/source_excerpt.hpp"

#include <gtest/gtest.h>

namespace fl {
namespace {

constexpr const char* kSource = R"(#include "x.cuh"
// Uses Kernel() in a comment: not a definition.

int Helper(int a) { return a + 1; }

// One thread per pixel.
// Second comment line.
template <typename P>
__global__ void __launch_bounds__(256, 2)
    Kernel(Args p) {
  if (p.x) {
    const char* s = "}";  // a brace in a string
  }
  Helper(1);
}

void Launch() { Kernel<int><<<1, 1>>>(Args{}); }

struct Stencil : Base {
  int Row() const { return 0; }
};
)";

TEST(SourceExcerpt, FindsAKernelWithItsTemplateLineAndComment) {
  const auto e = FindDefinition(kSource, "Kernel");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->first_line, 6);
  EXPECT_EQ(e->body_line, 10);
  EXPECT_TRUE(e->text.starts_with("// One thread per pixel.\n// Second comment line.\ntemplate <typename P>\n"));
  EXPECT_TRUE(e->text.ends_with("  Helper(1);\n}")) << e->text;
}

TEST(SourceExcerpt, FindsOneLineFunctionsAndStructs) {
  const auto h = FindDefinition(kSource, "Helper");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->text, "int Helper(int a) { return a + 1; }");
  const auto s = FindDefinition(kSource, "Stencil");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->text, "struct Stencil : Base {\n  int Row() const { return 0; }\n};");
}

TEST(SourceExcerpt, CallsCommentsAndPartialNamesAreNotDefinitions) {
  EXPECT_FALSE(FindDefinition(kSource, "Kern"));
  EXPECT_FALSE(FindDefinition(kSource, "Absent"));
  EXPECT_FALSE(FindDefinition("void f() { g(1); }", "g"));
  EXPECT_FALSE(FindDefinition("// void g() {}\n", "g"));
  EXPECT_FALSE(FindDefinition("", "g"));
  EXPECT_FALSE(FindDefinition("void g(", "g"));  // unterminated: nothing, no crash
}

}  // namespace
}  // namespace fl
