#pragma once
// The set of declared filters. The built-in one is made in filters/builtin_registry.cpp; tests may build others.
#include <string_view>
#include <vector>

#include "core/filter_spec.hpp"

namespace fl {

class Registry {
 public:
  explicit Registry(std::vector<FilterSpec> filters);  // checks the declarations (unique ids, a reference each)
  const std::vector<FilterSpec>& filters() const { return filters_; }
  const FilterSpec* Find(std::string_view id) const;
  // Throws InputError "unknown filter 'x' (known: a, b, ...)".
  const FilterSpec& Get(std::string_view id) const;
  // Throws InputError "filter 'x' has no variant 'y' (variants: ...)".
  const VariantSpec& GetVariant(const FilterSpec& f, std::string_view id) const;
  // The variant a new stage gets on a backend: the first CUDA variant, or `openmp` on the CPU.
  const VariantSpec& DefaultVariant(const FilterSpec& f, Backend b) const;

 private:
  std::vector<FilterSpec> filters_;
};

}  // namespace fl
