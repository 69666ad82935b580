#pragma once
#include "core/registry.hpp"

namespace fl {

// Every filter Filter Lab ships, built once on first use.
const Registry& BuiltinRegistry();

}  // namespace fl
