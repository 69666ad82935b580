#pragma once
// When a stage refuses its input's format (sobel after an rgba8 image), the filter whose stage, put before
// it, would hand it a format it accepts (gray): the fix the lab offers as a button and the CLI names in its
// error.
#include <string>

#include "core/registry.hpp"

namespace fl {

// The first format conversion of the registry (FilterSpec::converts_format) that reads `in`, keeps its size
// and, with its default parameters, writes another format that `target` accepts; empty when none does, or
// when `target` accepts `in` already.
std::string FormatBridge(const Registry& reg, const FilterSpec& target, const ImageShape& in);

}  // namespace fl
