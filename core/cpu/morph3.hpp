#pragma once
#include "core/filter_spec.hpp"

namespace fl {

// Which 3x3 grey morphology: dilate takes the maximum over the 3x3 square, erode the minimum. Shared by the CPU
// and CUDA implementations so that one template serves both filters.
enum class MorphOp { Dilate, Erode };

namespace cpu {

// Per channel (alpha included), replicate border. Instantiated for both MorphOp values.
template <MorphOp Op>
void Morph3Reference(const CpuCall& call);
template <MorphOp Op>
void Morph3Openmp(const CpuCall& call);

}  // namespace cpu
}  // namespace fl
