#pragma once
// A small registry of made-up filters covering every kind of parameter, format rule and launch field, so that the
// pipeline, preset and stage-spec rules are tested whatever the built-in registry holds on a given day.
//
//   blur      gray8 rgba8 gray32f; radius (int 0..16), sigma (float, > 0, <= 10), mode (fast|exact);
//             variants reference, openmp, cuda `broken` (KnownWrong, declared first), `tiled` (block, ppt 1..8,
//             smem, halo 1..4; gray8 and rgba8 only), `naive` (block only). CPU output: a copy of the input.
//   tofloat   gray8 -> gray32f (v / 255)
//   threshold gray8 only; level (int 0..255): v >= level ? 255 : 0
//   mix       two inputs (param `with`: source | stage:N), weight (float 0..1): (a + b) / 2
//   shrink    any format -> half the size (every other pixel); refuses inputs narrower or lower than 2
// The CUDA launchers throw: the CPU tests never launch them.
#include "core/registry.hpp"

namespace fl::test {

const Registry& FakeRegistry();

}  // namespace fl::test
