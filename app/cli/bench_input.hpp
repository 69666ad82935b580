#pragma once
#include <string>

#include "core/image.hpp"

namespace fl::cli {

// The benchmark's input: a file, or (with --size WxH) deterministic noise of the given format. Throws InputError.
Image BenchInput(const std::string& path, const std::string& size, const std::string& format);

}  // namespace fl::cli
