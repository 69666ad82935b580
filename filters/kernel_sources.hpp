#pragma once
// Declares where each CUDA variant's kernel is (VariantSpec::source), for the kernel source view. A CPU test checks
// that every CUDA variant names a file that is embedded and functions that are defined in it.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/filter_spec.hpp"
#include "filters/declarations.hpp"

namespace fl::filters {

// Sets the kernel source of the named variants; naming a variant that does not exist is a declaration bug and
// throws at registry construction.
inline void SetSources(FilterSpec& f, std::initializer_list<std::pair<std::string_view, KernelSource>> list) {
  for (const auto& [id, source] : list) DeclaredVariant(f, id, "kernel source").source = source;
}

}  // namespace fl::filters
