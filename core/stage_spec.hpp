#pragma once
// The command line's stage syntax: id[:key=value]..., keys being the filter's params plus variant, block, ppt,
// halo and smem. Example: gauss:radius=4:sigma=2:variant=separable:block=32x8
#include <string>

#include "core/pipeline.hpp"

namespace fl {

// Throws InputError naming the stage text and the key at fault.
Stage ParseStageSpec(const Registry& reg, const std::string& spec, Backend backend);
// The inverse: a spec that ParseStageSpec turns back into the same stage.
std::string FormatStageSpec(const Registry& reg, const Stage& stage);

}  // namespace fl
