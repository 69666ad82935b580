#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "app/cli/teaching_doc.hpp"
#include "common/test_images.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {

// docs/TEACHING.md is generated; this keeps the committed copy in step with the registry.
TEST(TeachingDoc, CommittedFileMatchesTheRegistry) {
  std::ifstream f(std::string(FILTERLAB_SOURCE_DIR) + "/docs/TEACHING.md");
  ASSERT_TRUE(f) << "docs/TEACHING.md is missing: run `filterlab list --markdown > docs/TEACHING.md`";
  std::stringstream ss;
  ss << f.rdbuf();
  EXPECT_EQ(ss.str(), cli::TeachingMarkdown(BuiltinRegistry()))
      << "docs/TEACHING.md is stale: run `filterlab list --markdown > docs/TEACHING.md`";
}

TEST(TeachingDoc, EveryVariantHasAnEntry) {
  const std::string md = cli::TeachingMarkdown(BuiltinRegistry());
  for (const auto& f : BuiltinRegistry().filters()) {
    EXPECT_NE(md.find("## " + f.id + "\n"), std::string::npos) << f.id;
    for (const auto& v : f.variants) EXPECT_NE(md.find("| `" + v.id + "` |"), std::string::npos) << f.id << "/" << v.id;
  }
}

}  // namespace fl
