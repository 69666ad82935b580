#pragma once
// Small device helpers shared by the filter kernels: clamped (replicate-border) addressing, pixel access per
// format, grid sizing and launch-validation glue.
#include <cuda_runtime.h>

#include <cstdint>

#include "core/filter_spec.hpp"
#include "cuda/cuda_check.hpp"

namespace fl::cuda {

__host__ __device__ inline int ClampInt(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

template <typename T>
__device__ inline const T* RowPtr(const std::uint8_t* base, std::size_t pitch, int y) {
  return reinterpret_cast<const T*>(base + static_cast<std::size_t>(y) * pitch);
}
template <typename T>
__device__ inline T* RowPtr(std::uint8_t* base, std::size_t pitch, int y) {
  return reinterpret_cast<T*>(base + static_cast<std::size_t>(y) * pitch);
}

// Replicate border: coordinates outside the image read the nearest edge pixel.
template <typename T>
__device__ inline T LoadClamped(const std::uint8_t* base, std::size_t pitch, int w, int h, int x, int y) {
  return RowPtr<T>(base, pitch, ClampInt(y, 0, h - 1))[ClampInt(x, 0, w - 1)];
}

// Loads this block's blockDim-sized tile plus `halo` pixels on every side into shared memory, at clamped (replicate)
// coordinates, cooperatively in row-major strides so that consecutive threads read consecutive pixels (coalesced).
// Every thread of the block must call it (it ends with a barrier), including threads whose own pixel lies outside
// the image. tile(0, 0) is the image pixel (blockIdx * blockDim - halo); the tile's row length is blockDim.x + 2*halo.
template <typename P>
__device__ inline void LoadTileWithHalo(P* tile, const std::uint8_t* in, std::size_t pitch, int w, int h, int halo) {
  const int tw = blockDim.x + 2 * halo;
  const int th = blockDim.y + 2 * halo;
  const int ox = static_cast<int>(blockIdx.x * blockDim.x) - halo;
  const int oy = static_cast<int>(blockIdx.y * blockDim.y) - halo;
  for (int ty = threadIdx.y; ty < th; ty += blockDim.y)
    for (int tx = threadIdx.x; tx < tw; tx += blockDim.x)
      tile[ty * tw + tx] = LoadClamped<P>(in, pitch, w, h, ox + tx, oy + ty);
  __syncthreads();
}

inline unsigned DivUp(long a, long b) { return static_cast<unsigned>((a + b - 1) / b); }

inline dim3 BlockOf(const LaunchConfig& c) {
  return dim3(static_cast<unsigned>(c.block_x), static_cast<unsigned>(c.block_y));
}
// A grid covering w x h pixels where each thread does px x py of them.
inline dim3 GridFor(int w, int h, const LaunchConfig& c, int px = 1, int py = 1) {
  return dim3(DivUp(w, static_cast<long>(c.block_x) * px), DivUp(h, static_cast<long>(c.block_y) * py));
}

// The grid of a variant's main kernel as its plan computed it from the declared footprint (CudaCall::grid_x/y).
inline dim3 GridOf(const CudaCall& c) { return dim3(c.grid_x, c.grid_y); }

// What a one-input, one-output kernel reads and writes, passed to it by value.
struct PlaneArgs {
  const std::uint8_t* in;
  std::size_t in_pitch;
  std::uint8_t* out;
  std::size_t out_pitch;
  int w, h;
};

inline PlaneArgs PlaneArgsOf(const CudaCall& c) {
  return {c.in.data, c.in.pitch, c.out.data, c.out.pitch, c.in.shape.width, c.in.shape.height};
}

inline cudaStream_t StreamOf(const CudaCall& call) { return static_cast<cudaStream_t>(call.stream); }

// Per-format pixel types: one byte, four bytes (uchar4) or one float.
template <PixelFormat F>
struct PixelTraits;
template <>
struct PixelTraits<PixelFormat::Gray8> {
  using Type = std::uint8_t;
};
template <>
struct PixelTraits<PixelFormat::Rgba8> {
  using Type = uchar4;
};
template <>
struct PixelTraits<PixelFormat::Gray32f> {
  using Type = float;
};

}  // namespace fl::cuda
