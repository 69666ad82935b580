#pragma once
// The one rule every display mip level follows, shared by the conversion (which writes level 1 beside level 0)
// and the mip chain (display_mips.cu): each channel the rounded mean of the 2 x 2 texels above it.
#include <cuda_runtime.h>

namespace fl::cuda {

__device__ __forceinline__ unsigned Mean4(unsigned a, unsigned b, unsigned c, unsigned d) {
  return (a + b + c + d + 2) >> 2;
}

__device__ __forceinline__ uchar4 Mean(uchar4 a, uchar4 b, uchar4 c, uchar4 d) {
  return make_uchar4(Mean4(a.x, b.x, c.x, d.x), Mean4(a.y, b.y, c.y, d.y), Mean4(a.z, b.z, c.z, d.z),
                     Mean4(a.w, b.w, c.w, d.w));
}

}  // namespace fl::cuda
