#include <gtest/gtest.h>

#include "core/error.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {

TEST(Registry, EveryFilterHasReferenceAndOpenmp) {
  for (const auto& f : BuiltinRegistry().filters()) {
    EXPECT_NE(f.FindVariant("reference"), nullptr) << f.id;
    EXPECT_NE(f.FindVariant("openmp"), nullptr) << f.id;
    EXPECT_FALSE(f.teaching.empty()) << f.id;
    for (const auto& v : f.variants) EXPECT_FALSE(v.technique.empty()) << f.id << "/" << v.id;
  }
}

TEST(Registry, UnknownFilterNamesTheKnownOnes) {
  try {
    BuiltinRegistry().Get("nope");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown filter 'nope'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("gray"), std::string::npos);
  }
}

}  // namespace fl
