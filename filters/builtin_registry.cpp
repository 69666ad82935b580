#include "filters/builtin_registry.hpp"

#include "filters/declarations.hpp"

namespace fl {

const Registry& BuiltinRegistry() {
  static const Registry registry({
      filters::DeclareGray(),
  });
  return registry;
}

}  // namespace fl
