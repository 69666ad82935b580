#pragma once
// Launch fields (block, ppt, halo) as a stage spec or a preset gives them, checked where they are read, on
// every backend: against the limits of any CUDA device (PortableCudaLimits) and the range of the variant that
// would run them on a GPU. That variant is the one the stage names or, when it names none, the filter's
// default CUDA variant (what a GPU machine picks for it). So a stage that loads on a laptop, where no variant
// named means the CPU reference, is never refused on a GPU later for its launch.
#include <optional>
#include <string>

#include "core/pipeline.hpp"

namespace fl {

enum class LaunchField { Block, Ppt, Halo };

// The reason a person can read ("variant 'separable': block 4096x4096 = 16777216 threads > 1024 per block on
// any CUDA device"), or nullopt when the field is fine or the variant ignores it.
std::optional<std::string> LaunchFieldProblem(const Registry& reg, const Stage& stage, bool variant_named,
                                              LaunchField field);

}  // namespace fl
