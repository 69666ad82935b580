#pragma once
// What the stage-spec and preset fuzzers share: running a parsed pipeline on a small image, as the lab would.
#include "core/pipeline.hpp"

namespace fl::fuzz {

// Plans `p` on a 13x7 image of each format on both backends (planning never throws for a bad pipeline) and,
// when the CPU plan is fine and its outputs stay small, runs it. Bad pipelines may only ever be InputErrors.
void PlanAndRun(const Registry& reg, const Pipeline& p);

}  // namespace fl::fuzz
