#pragma once
#include "core/filter_spec.hpp"

namespace fl::cpu {

// BT.601 luma in 8.8 fixed point: (77 R + 150 G + 29 B + 128) >> 8. A gray8 input is copied.
void GrayReference(const CpuCall& call);
void GrayOpenmp(const CpuCall& call);

}  // namespace fl::cpu
