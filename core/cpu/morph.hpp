#pragma once
// Grey morphology over a (2R + 1) x (2R + 1) square, replicate border, per channel: dilate3 / erode3 (R = 1) and
// dilate5 / erode5 (R = 2) are one family.
#include "core/filter_spec.hpp"

namespace fl {

enum class MorphOp { Dilate, Erode };

namespace cpu {

template <MorphOp Op, int R>
void MorphReference(const CpuCall& call);
template <MorphOp Op, int R>
void MorphOpenmp(const CpuCall& call);

}  // namespace cpu
}  // namespace fl
