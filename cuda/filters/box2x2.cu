#include "core/cpu/box2x2.hpp"
#include "cuda/filters/box2x2.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

__device__ inline std::uint8_t Mean(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d) {
  return static_cast<std::uint8_t>(cpu::Box2x2Mean(a, b, c, d));
}
__device__ inline uchar4 Mean(uchar4 a, uchar4 b, uchar4 c, uchar4 d) {
  return make_uchar4(Mean(a.x, b.x, c.x, d.x), Mean(a.y, b.y, c.y, d.y), Mean(a.z, b.z, c.z, d.z),
                     Mean(a.w, b.w, c.w, d.w));
}

// One thread per output: four loads (the right and lower neighbours clamped to the edge), one store.
template <typename P>
__global__ void Box2x2Naive(PlaneArgs p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  const int x1 = min(x + 1, p.w - 1);
  const P* r0 = RowPtr<P>(p.in, p.in_pitch, y);
  const P* r1 = RowPtr<P>(p.in, p.in_pitch, min(y + 1, p.h - 1));
  RowPtr<P>(p.out, p.out_pitch, y)[x] = Mean(r0[x], r0[x1], r1[x], r1[x1]);
}

// One thread per 2x2 block of outputs. The four outputs share their inputs: together they need the 3x3 pixels
// from (x, y) to (x+2, y+2), loaded once into registers: 9 loads for 4 outputs instead of 16.
template <typename P>
__global__ void Box2x2Ppt2x2(PlaneArgs p) {
  const int x = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
  const int y = (blockIdx.y * blockDim.y + threadIdx.y) * 2;
  if (x >= p.w || y >= p.h) return;
  const int xs[3] = {x, min(x + 1, p.w - 1), min(x + 2, p.w - 1)};
  P v[3][3];
#pragma unroll
  for (int r = 0; r < 3; ++r) {
    const P* row = RowPtr<P>(p.in, p.in_pitch, min(y + r, p.h - 1));
#pragma unroll
    for (int c = 0; c < 3; ++c) v[r][c] = row[xs[c]];
  }
#pragma unroll
  for (int j = 0; j < 2; ++j) {
    if (y + j >= p.h) break;
    P* out = RowPtr<P>(p.out, p.out_pitch, y + j);
    out[x] = Mean(v[j][0], v[j][1], v[j + 1][0], v[j + 1][1]);
    if (x + 1 < p.w) out[x + 1] = Mean(v[j][1], v[j][2], v[j + 1][1], v[j + 1][2]);
  }
}

using PlanesKernel = void (*)(PlaneArgs);

PlanesKernel NaiveFor(PixelFormat f) {
  return f == PixelFormat::Rgba8 ? Box2x2Naive<uchar4> : Box2x2Naive<std::uint8_t>;
}
PlanesKernel Ppt2x2For(PixelFormat f) {
  return f == PixelFormat::Rgba8 ? Box2x2Ppt2x2<uchar4> : Box2x2Ppt2x2<std::uint8_t>;
}

}  // namespace

const void* Box2x2NaiveKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return reinterpret_cast<const void*>(NaiveFor(f));
}
const void* Box2x2Ppt2x2Kernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return reinterpret_cast<const void*>(Ppt2x2For(f));
}

void LaunchBox2x2Naive(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  NaiveFor(c.in.shape.format)<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Box2x2Naive");
}

void LaunchBox2x2Ppt2x2(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  Ppt2x2For(c.in.shape.format)<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Box2x2Ppt2x2");
}

}  // namespace fl::cuda
