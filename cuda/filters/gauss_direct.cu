// `gauss` direct variants whose weights come from global memory: read there by every thread (direct_global)
// or first copied by each block into shared memory (direct_shared). One thread per output pixel.
#include <string>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "cuda/filters/gauss.hpp"
#include "cuda/filters/gauss_direct.cuh"

namespace fl::cuda {
namespace {

using gauss::Planes;
using gauss::PlanesOf;
using gauss::PointerWeights;

template <typename In>
__global__ void GaussDirectGlobal(Planes p, const float* weights) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  gauss::DirectPixel<In>(p, PointerWeights{weights}, x, y);
}

template <typename In>
__global__ void GaussDirectShared(Planes p, const float* weights) {
  extern __shared__ float smem_weights[];
  // Every thread helps copy, including those outside the image, before anyone reads.
  const int taps = (2 * p.r + 1) * (2 * p.r + 1);
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  for (int k = tid; k < taps; k += blockDim.x * blockDim.y) smem_weights[k] = weights[k];
  __syncthreads();
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  gauss::DirectPixel<In>(p, PointerWeights{smem_weights}, x, y);
}

// Puts the 2D weights into the call's scratch, in stream order before the kernel that reads them.
const float* UploadWeights(const CudaCall& c) {
  const std::vector<float> w2 = GaussWeights2D(c.params.Int("radius"), c.params.Float("sigma"));
  const std::size_t bytes = w2.size() * sizeof(float);
  if (!c.scratch || c.scratch_bytes < bytes)
    throw RuntimeError("gauss: scratch of " + std::to_string(c.scratch_bytes) + " bytes cannot hold " +
                       std::to_string(bytes) + " bytes of weights");
  // From pageable memory the copy is staged before this call returns, so w2 may go out of scope.
  FL_CUDA_CHECK(cudaMemcpyAsync(c.scratch, w2.data(), bytes, cudaMemcpyHostToDevice, StreamOf(c)));
  return static_cast<const float*>(c.scratch);
}

}  // namespace

std::size_t GaussWeights2DBytes(const ImageShape&, const ParamValues& p) {
  const std::size_t d = 2 * static_cast<std::size_t>(p.Int("radius")) + 1;
  return d * d * sizeof(float);
}

std::size_t GaussDirectSharedSmemBytes(const LaunchConfig&, const ParamValues& p, PixelFormat) {
  return GaussWeights2DBytes(ImageShape{}, p);
}

const void* GaussDirectGlobalKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  const void* k = nullptr;
  gauss::DispatchFormat(
      f, [&](auto px) { k = reinterpret_cast<const void*>(&GaussDirectGlobal<decltype(px)>); });
  return k;
}

const void* GaussDirectSharedKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  const void* k = nullptr;
  gauss::DispatchFormat(
      f, [&](auto px) { k = reinterpret_cast<const void*>(&GaussDirectShared<decltype(px)>); });
  return k;
}

void LaunchGaussDirectGlobal(const CudaCall& c) {
  const float* weights = UploadWeights(c);
  const Planes p = PlanesOf(c);
  gauss::DispatchFormat(c.in.shape.format, [&](auto px) {
    GaussDirectGlobal<decltype(px)>
        <<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p, weights);
  });
  FL_CUDA_CHECK_LAUNCH("GaussDirectGlobal");
}

void LaunchGaussDirectShared(const CudaCall& c) {
  const float* weights = UploadWeights(c);
  const Planes p = PlanesOf(c);
  // At most 65 x 65 floats (16.5 KiB): below the 48 KiB that needs no opt-in.
  const std::size_t smem = GaussDirectSharedSmemBytes(c.launch, c.params, c.in.shape.format);
  gauss::DispatchFormat(c.in.shape.format, [&](auto px) {
    GaussDirectShared<decltype(px)>
        <<<GridOf(c), BlockOf(c.launch), smem, StreamOf(c)>>>(p, weights);
  });
  FL_CUDA_CHECK_LAUNCH("GaussDirectShared");
}

}  // namespace fl::cuda
