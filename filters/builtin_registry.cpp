#include "filters/builtin_registry.hpp"

#include <algorithm>

#include "filters/declarations.hpp"

namespace fl {

namespace filters {
std::vector<Registration>& Registrations() {
  static std::vector<Registration> all;  // filled by the static Registrars of the declaration files
  return all;
}
}  // namespace filters

const Registry& BuiltinRegistry() {
  static const Registry registry([] {
    std::vector<filters::Registration> regs = filters::Registrations();
    std::stable_sort(regs.begin(), regs.end(), [](const auto& a, const auto& b) { return a.order < b.order; });
    std::vector<FilterSpec> specs;
    for (const auto& r : regs) specs.push_back(r.declare());
    return specs;
  }());
  return registry;
}

}  // namespace fl
