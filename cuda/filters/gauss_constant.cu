// `gauss` direct variants whose weights live in __constant__ memory. The constant cache serves one address
// per warp per cycle: when all 32 lanes read the same weight (direct_constant) it is broadcast in one go;
// when the lanes read different weights (constant_divergent) the reads are serialised, one per distinct
// address.
//
// The symbol is one per process and is rewritten, in stream order, by every launch. Two streams running these
// variants with different weights at the same time would race on it; the executor runs its stages on one
// stream.
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "cuda/filters/gauss.hpp"
#include "cuda/filters/gauss_direct.cuh"

namespace fl::cuda {
namespace {

using gauss::Planes;
using gauss::PlanesOf;

__constant__ float c_gauss_weights[kGaussMaxTaps * kGaussMaxTaps];  // 16.5 KiB of the 64 KiB bank

struct ConstantWeights {
  __device__ __forceinline__ float operator[](int k) const { return c_gauss_weights[k]; }
};

template <typename In>
__global__ void GaussDirectConstant(Planes p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  gauss::DirectPixel<In>(p, ConstantWeights{}, x, y);
}

// Each lane starts its walk along a row of taps at column (lane mod d) and wraps around, so at every step the
// warp asks for up to min(32, d) different weights. The pixels read per step stay within the same cache lines
// as the uniform walk (the warp still covers one row segment), so what slows it down is the weights alone.
template <typename In>
__global__ void GaussConstantDivergent(Planes p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  const int d = 2 * p.r + 1;
  const int lane = (threadIdx.y * blockDim.x + threadIdx.x) & 31;
  const int start = lane % d;
  gauss::Acc<In> acc = gauss::Zero<gauss::Acc<In>>();
  for (int dy = -p.r; dy <= p.r; ++dy) {
    const In* row = RowPtr<In>(p.in, p.in_pitch, ClampInt(y + dy, 0, p.h - 1));
    const float* weights = c_gauss_weights + (dy + p.r) * d;
    int i = start;
    for (int t = 0; t < d; ++t) {
      gauss::MulAdd(acc, weights[i], gauss::ToAcc(row[ClampInt(x + i - p.r, 0, p.w - 1)]));
      i = i + 1 == d ? 0 : i + 1;
    }
  }
  gauss::Store(RowPtr<In>(p.out, p.out_pitch, y)[x], acc);
}

void UploadConstantWeights(const CudaCall& c) {
  const std::vector<float> w2 = GaussWeights2D(c.params.Int("radius"), c.params.Float("sigma"));
  // From pageable memory the copy is staged before this call returns, so w2 may go out of scope.
  FL_CUDA_CHECK(cudaMemcpyToSymbolAsync(c_gauss_weights, w2.data(), w2.size() * sizeof(float), 0,
                                        cudaMemcpyHostToDevice, StreamOf(c)));
}

}  // namespace

const void* GaussDirectConstantKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  const void* k = nullptr;
  gauss::DispatchFormat(
      f, [&](auto px) { k = reinterpret_cast<const void*>(&GaussDirectConstant<decltype(px)>); });
  return k;
}

const void* GaussConstantDivergentKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  const void* k = nullptr;
  gauss::DispatchFormat(
      f, [&](auto px) { k = reinterpret_cast<const void*>(&GaussConstantDivergent<decltype(px)>); });
  return k;
}

void LaunchGaussDirectConstant(const CudaCall& c) {
  UploadConstantWeights(c);
  const Planes p = PlanesOf(c);
  gauss::DispatchFormat(c.in.shape.format, [&](auto px) {
    GaussDirectConstant<decltype(px)><<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  });
  FL_CUDA_CHECK_LAUNCH("GaussDirectConstant");
}

void LaunchGaussConstantDivergent(const CudaCall& c) {
  UploadConstantWeights(c);
  const Planes p = PlanesOf(c);
  gauss::DispatchFormat(c.in.shape.format, [&](auto px) {
    GaussConstantDivergent<decltype(px)>
        <<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  });
  FL_CUDA_CHECK_LAUNCH("GaussConstantDivergent");
}

}  // namespace fl::cuda
