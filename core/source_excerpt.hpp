#pragma once
// Finding a definition in C++/CUDA source text, for the kernel source view: a function (a CUDA kernel, a
// device helper) or a struct, with the template line and the comment above it, by brace matching. Comments and
// string literals are skipped, so a name in a comment or a call is never taken for the definition.
#include <optional>
#include <string>
#include <string_view>

namespace fl {

struct SourceExcerpt {
  int first_line = 0;  // 1-based line of the excerpt's first line in the file
  int body_line = 0;   // 1-based line where the name itself is
  std::string text;    // whole lines, from the comment above the definition to its closing brace
};

// The first definition of `name` in `source`, or nullopt when there is none.
std::optional<SourceExcerpt> FindDefinition(std::string_view source, std::string_view name);

}  // namespace fl
