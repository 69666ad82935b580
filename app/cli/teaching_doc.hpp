#pragma once
#include <string>

#include "core/registry.hpp"

namespace fl::cli {

// docs/TEACHING.md, generated from the registry so that it cannot drift from the code: every filter and every
// variant with its technique, what to expect and why. `filterlab list --markdown` prints it; a test checks that
// the committed file equals it.
std::string TeachingMarkdown(const Registry& reg);

}  // namespace fl::cli
