#include <cfloat>
#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>

#include "cuda/display/display_convert.hpp"
#include "cuda/display/display_mips.hpp"
#include "cuda/display/mip_mean.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

constexpr int kReduceThreads = 256;
constexpr int kMaxReduceBlocks = 1024;

// Pass 1: each block folds a grid-stride share of the pixels into one (min, max); pass 2 (one block) folds those.
__global__ void MinMaxPartials(const std::uint8_t* src, std::size_t pitch, int w, int h, float2* partials) {
  __shared__ float lo[kReduceThreads];
  __shared__ float hi[kReduceThreads];
  float l = FLT_MAX, u = -FLT_MAX;
  const long n = static_cast<long>(w) * h;
  for (long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long>(gridDim.x) * blockDim.x) {
    const int y = static_cast<int>(i / w), x = static_cast<int>(i % w);
    const float v = RowPtr<float>(src, pitch, y)[x];
    if (isfinite(v)) {
      l = fminf(l, v);
      u = fmaxf(u, v);
    }
  }
  lo[threadIdx.x] = l;
  hi[threadIdx.x] = u;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) {
      lo[threadIdx.x] = fminf(lo[threadIdx.x], lo[threadIdx.x + s]);
      hi[threadIdx.x] = fmaxf(hi[threadIdx.x], hi[threadIdx.x + s]);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) partials[blockIdx.x] = make_float2(lo[0], hi[0]);
}

__global__ void MinMaxFinal(const float2* partials, int count, float2* result) {
  __shared__ float lo[kReduceThreads];
  __shared__ float hi[kReduceThreads];
  float l = FLT_MAX, u = -FLT_MAX;
  for (int i = threadIdx.x; i < count; i += blockDim.x) {
    l = fminf(l, partials[i].x);
    u = fmaxf(u, partials[i].y);
  }
  lo[threadIdx.x] = l;
  hi[threadIdx.x] = u;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) {
      lo[threadIdx.x] = fminf(lo[threadIdx.x], lo[threadIdx.x + s]);
      hi[threadIdx.x] = fmaxf(hi[threadIdx.x], hi[threadIdx.x + s]);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) *result = make_float2(lo[0], hi[0]);
}

struct SurfaceSink {
  cudaSurfaceObject_t surface;
  __device__ void operator()(int x, int y, uchar4 v) const { surf2Dwrite(v, surface, x * 4, y); }
};
struct LinearSink {
  std::uint8_t* base;
  std::size_t pitch;
  __device__ void operator()(int x, int y, uchar4 v) const { RowPtr<uchar4>(base, pitch, y)[x] = v; }
};

// Explicit roundings (no fused multiply-add) so that the bytes match the host conversion exactly.
__device__ inline std::uint8_t NormalisedByte(float f, float lo, float scale) {
  if (!isfinite(f)) return 0;
  const float v = __fadd_rn(__fmul_rn(__fsub_rn(f, lo), scale), 0.5f);
  return static_cast<std::uint8_t>(fminf(fmaxf(floorf(v), 0.0f), 255.0f));
}

// The displayed pixel at source pixel (sx, sy).
template <PixelFormat F>
__device__ __forceinline__ uchar4 DisplayPixel(const std::uint8_t* src, std::size_t pitch, int sx, int sy, float lo,
                                               float scale) {
  if constexpr (F == PixelFormat::Gray8) {
    const std::uint8_t g = RowPtr<std::uint8_t>(src, pitch, sy)[sx];
    return make_uchar4(g, g, g, 255);
  } else if constexpr (F == PixelFormat::Rgba8) {
    const uchar4 p = RowPtr<uchar4>(src, pitch, sy)[sx];
    return make_uchar4(p.x, p.y, p.z, 255);
  } else {
    const std::uint8_t g = NormalisedByte(RowPtr<float>(src, pitch, sy)[sx], lo, scale);
    return make_uchar4(g, g, g, 255);
  }
}

template <PixelFormat F, typename Sink>
__global__ void ToRgba8(const std::uint8_t* src, std::size_t pitch, int sw, int sh, int dw, int dh, int step,
                        float lo, float scale, Sink sink) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= dw || y >= dh) return;
  sink(x, y, DisplayPixel<F>(src, pitch, min(x * step, sw - 1), min(y * step, sh - 1), lo, scale));
}

// ToRgba8 into a surface, with the texture's level 1 (w1 x h1) beside it. Block 32 x 8 writes a 32 x 8 tile of
// level 0 as ToRgba8 does (one texel per thread, the fastest surface writes measured), keeps it in shared memory,
// and its first two warps write the 16 x 4 level-1 texels under the tile, each the rounded mean of its 2 x 2
// (clamped at an odd last column or row, as the mip chain clamps them; the clamped texel lies in the same tile,
// whose origin is even). The mip chain then starts from level 1, and level 0 is never read back.
template <PixelFormat F>
__global__ void __launch_bounds__(256) ToRgba8AndLevel1(const std::uint8_t* src, std::size_t pitch, int sw, int sh,
                                                        int dw, int dh, int step, float lo, float scale,
                                                        cudaSurfaceObject_t level0, cudaSurfaceObject_t level1,
                                                        int w1, int h1) {
  __shared__ uchar4 tile[8][32];
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
  const int ox = static_cast<int>(blockIdx.x) * 32, oy = static_cast<int>(blockIdx.y) * 8;
  const int x = ox + tx, y = oy + ty;
  if (x < dw && y < dh) {
    const uchar4 v = DisplayPixel<F>(src, pitch, min(x * step, sw - 1), min(y * step, sh - 1), lo, scale);
    surf2Dwrite(v, level0, 4 * x, y);  // surface x coordinates are in bytes
    tile[ty][tx] = v;
  }
  __syncthreads();
  const int t = ty * 32 + tx;
  if (t >= 64) return;
  const int lx = (ox >> 1) + (t & 15), ly = (oy >> 1) + (t >> 4);
  if (lx >= w1 || ly >= h1) return;
  const int x0 = min(2 * lx, dw - 1) - ox, x1 = min(2 * lx + 1, dw - 1) - ox;
  const int y0 = min(2 * ly, dh - 1) - oy, y1 = min(2 * ly + 1, dh - 1) - oy;
  surf2Dwrite(Mean(tile[y0][x0], tile[y0][x1], tile[y1][x0], tile[y1][x1]), level1, 4 * lx, ly);
}

// What every conversion launches with: the displayed size at `step`, the gray32f mapping (lo and the host's scale,
// 255 / (hi - lo), or 0 for a flat or empty range: black), and a 32 x 8 block per 32 x 8 displayed texels.
struct Conversion {
  int sw, sh, dw, dh;
  float lo, scale;
  dim3 grid, block;
};
Conversion Prepare(const DeviceView& src, int step, ValueRange range) {
  if (step < 1) throw InputError("display step must be at least 1");
  Conversion c;
  c.sw = src.shape.width, c.sh = src.shape.height;
  c.dw = DisplaySide(c.sw, step), c.dh = DisplaySide(c.sh, step);
  const float span = range.hi - range.lo;
  c.lo = range.lo;
  c.scale = (range.finite && span > 0.0f) ? 255.0f / span : 0.0f;
  c.block = dim3(32, 8);
  c.grid = dim3(DivUp(c.dw, c.block.x), DivUp(c.dh, c.block.y));
  return c;
}

// Calls launch(F) with the source format as a compile-time constant, for the kernel's instance of that format.
template <typename Launch>
void ForFormat(PixelFormat f, Launch launch) {
  switch (f) {
    case PixelFormat::Gray8: return launch(std::integral_constant<PixelFormat, PixelFormat::Gray8>{});
    case PixelFormat::Rgba8: return launch(std::integral_constant<PixelFormat, PixelFormat::Rgba8>{});
    case PixelFormat::Gray32f: return launch(std::integral_constant<PixelFormat, PixelFormat::Gray32f>{});
  }
}

template <typename Sink>
void LaunchToRgba8(const DeviceView& src, int step, ValueRange range, Sink sink, cudaStream_t stream) {
  const Conversion c = Prepare(src, step, range);
  ForFormat(src.shape.format, [&](auto f) {
    ToRgba8<decltype(f)::value><<<c.grid, c.block, 0, stream>>>(src.data, src.pitch, c.sw, c.sh, c.dw, c.dh, step,
                                                                c.lo, c.scale, sink);
  });
  FL_CUDA_CHECK_LAUNCH("ToRgba8");
}

}  // namespace

ValueRange DisplayConverter::MinMax(const DeviceView& src, cudaStream_t stream) {
  if (src.shape.format != PixelFormat::Gray32f) return {0.0f, 255.0f, true};
  const long n = static_cast<long>(src.shape.width) * src.shape.height;
  const int blocks = static_cast<int>(std::min<long>(kMaxReduceBlocks, (n + kReduceThreads - 1) / kReduceThreads));
  const std::size_t bytes = sizeof(float2) * (blocks + 1);  // the partials, then the result
  if (partials_.size() < bytes) {
    partials_.Reset();
    partials_ = DeviceBuffer::Allocate(bytes);
  }
  float2* partials = partials_.as<float2>();
  MinMaxPartials<<<blocks, kReduceThreads, 0, stream>>>(src.data, src.pitch, src.shape.width, src.shape.height,
                                                        partials);
  FL_CUDA_CHECK_LAUNCH("MinMaxPartials");
  MinMaxFinal<<<1, kReduceThreads, 0, stream>>>(partials, blocks, partials + blocks);
  FL_CUDA_CHECK_LAUNCH("MinMaxFinal");
  float2 result{};
  FL_CUDA_CHECK(cudaMemcpyAsync(&result, partials + blocks, sizeof result, cudaMemcpyDeviceToHost, stream));
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
  if (result.x > result.y) return {0.0f, 0.0f, false};  // no finite value: the fold never moved
  return {result.x, result.y, true};
}

void DisplayConverter::ToSurface(const DeviceView& src, int step, ValueRange range, cudaSurfaceObject_t surface,
                                 cudaStream_t stream) {
  LaunchToRgba8(src, step, range, SurfaceSink{surface}, stream);
}

void DisplayConverter::ToSurfaceAndLevel1(const DeviceView& src, int step, ValueRange range,
                                          cudaSurfaceObject_t level0, cudaSurfaceObject_t level1,
                                          cudaStream_t stream) {
  const Conversion c = Prepare(src, step, range);
  const int w1 = MipSide(c.dw, 1), h1 = MipSide(c.dh, 1);
  ForFormat(src.shape.format, [&](auto f) {
    ToRgba8AndLevel1<decltype(f)::value><<<c.grid, c.block, 0, stream>>>(
        src.data, src.pitch, c.sw, c.sh, c.dw, c.dh, step, c.lo, c.scale, level0, level1, w1, h1);
  });
  FL_CUDA_CHECK_LAUNCH("ToRgba8AndLevel1");
}

Image DisplayConverter::ToHost(const DeviceView& src, int step, ValueRange range, cudaStream_t stream) {
  const ImageShape shape{DisplaySide(src.shape.width, step), DisplaySide(src.shape.height, step),
                         PixelFormat::Rgba8};
  if (staging_.empty() || staging_.shape() != shape) staging_ = DeviceImage(shape);
  LaunchToRgba8(src, step, range, LinearSink{staging_.view().data, staging_.pitch()}, stream);
  Image out(shape.width, shape.height, PixelFormat::Rgba8);
  FL_CUDA_CHECK(cudaMemcpy2DAsync(out.data(), out.pitch(), staging_.view().data, staging_.pitch(), shape.RowBytes(),
                                  shape.height, cudaMemcpyDeviceToHost, stream));
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
  return out;
}

std::array<float, 4> ReadPixel(const DeviceView& src, int x, int y, cudaStream_t stream) {
  if (x < 0 || y < 0 || x >= src.shape.width || y >= src.shape.height)
    throw InputError("pixel " + std::to_string(x) + "," + std::to_string(y) + " is outside the image");
  const std::size_t bpp = BytesPerPixel(src.shape.format);
  std::uint8_t bytes[4] = {};
  const std::uint8_t* at = src.data + static_cast<std::size_t>(y) * src.pitch + static_cast<std::size_t>(x) * bpp;
  FL_CUDA_CHECK(cudaMemcpyAsync(bytes, at, bpp, cudaMemcpyDeviceToHost, stream));
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::array<float, 4> v{};
  switch (src.shape.format) {
    case PixelFormat::Gray8: v[0] = bytes[0]; break;
    case PixelFormat::Rgba8:
      for (int c = 0; c < 4; ++c) v[c] = bytes[c];
      break;
    case PixelFormat::Gray32f: std::memcpy(&v[0], bytes, sizeof(float)); break;
  }
  return v;
}

}  // namespace fl::cuda
