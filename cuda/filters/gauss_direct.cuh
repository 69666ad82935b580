#pragma once
// The per-pixel loop of the direct (2D) gauss variants, written once and parameterised by where the weights
// live. It walks the taps in the CPU reference's order (dy outer, dx inner, ascending), so only the
// contraction of w * p + acc into one fused multiply-add separates it from the reference.
#include "cuda/filters/gauss_pixel.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda::gauss {

// Weights behind a pointer: global or shared memory, whichever the pointer was derived from in the kernel.
struct PointerWeights {
  const float* w;
  __device__ __forceinline__ float operator[](int k) const { return w[k]; }
};

template <typename In, typename Weights>
__device__ __forceinline__ void DirectPixel(const Planes& p, const Weights& weights, int x, int y) {
  Acc<In> acc = Zero<Acc<In>>();
  int k = 0;
  for (int dy = -p.r; dy <= p.r; ++dy) {
    const In* row = RowPtr<In>(p.in, p.in_pitch, ClampInt(y + dy, 0, p.h - 1));
    for (int dx = -p.r; dx <= p.r; ++dx, ++k)
      MulAdd(acc, weights[k], ToAcc(row[ClampInt(x + dx, 0, p.w - 1)]));
  }
  Store(RowPtr<In>(p.out, p.out_pitch, y)[x], acc);
}

inline Planes PlanesOf(const CudaCall& c) {
  return {c.in.data,
          c.in.pitch,
          c.out.data,
          c.out.pitch,
          c.in.shape.width,
          c.in.shape.height,
          c.params.Int("radius")};
}

}  // namespace fl::cuda::gauss
