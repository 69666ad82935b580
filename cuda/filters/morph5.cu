#include "cuda/filters/morph5.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

// Max (dilate) or min (erode) of two pixels, per channel.
template <bool kDilate>
__device__ inline std::uint8_t Pick2(std::uint8_t a, std::uint8_t b) {
  return kDilate ? (a > b ? a : b) : (a < b ? a : b);
}
template <bool kDilate>
__device__ inline uchar4 Pick2(uchar4 a, uchar4 b) {
  return make_uchar4(Pick2<kDilate>(a.x, b.x), Pick2<kDilate>(a.y, b.y), Pick2<kDilate>(a.z, b.z),
                     Pick2<kDilate>(a.w, b.w));
}
template <bool kDilate, typename P>
__device__ inline P Pick3(P a, P b, P c) {
  return Pick2<kDilate>(Pick2<kDilate>(a, b), c);
}
template <bool kDilate, typename P>
__device__ inline P Pick5(P a, P b, P c, P d, P e) {
  return Pick2<kDilate>(Pick2<kDilate>(Pick2<kDilate>(a, b), Pick2<kDilate>(c, d)), e);
}

struct Planes {
  const std::uint8_t* in;
  std::size_t in_pitch;
  std::uint8_t* out;
  std::size_t out_pitch;
  int w, h;
};

// The max / min of one input row over the 5 columns around x (clamped).
template <bool kDilate, typename P>
__device__ inline P Row5(const Planes& p, int row, int x) {
  const P* r = RowPtr<P>(p.in, p.in_pitch, ClampInt(row, 0, p.h - 1));
  const int last = p.w - 1;
  return Pick5<kDilate>(r[ClampInt(x - 2, 0, last)], r[max(x - 1, 0)], r[x], r[min(x + 1, last)],
                        r[ClampInt(x + 2, 0, last)]);
}

// One thread per pixel: all 25 neighbours straight from global memory.
template <bool kDilate, typename P>
__global__ void Morph5Naive(Planes p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  RowPtr<P>(p.out, p.out_pitch, y)[x] =
      Pick5<kDilate>(Row5<kDilate, P>(p, y - 2, x), Row5<kDilate, P>(p, y - 1, x), Row5<kDilate, P>(p, y, x),
                     Row5<kDilate, P>(p, y + 1, x), Row5<kDilate, P>(p, y + 2, x));
}

constexpr int kStripRows = 4;

// A vertical strip of 4 outputs per thread: each of the 8 input rows it needs is read (5 pixels) and reduced once,
// and every output reduces 5 of those row results: 40 loads for 4 outputs instead of 100.
template <bool kDilate, typename P>
__global__ void Morph5Strip(Planes p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * kStripRows;
  if (x >= p.w || y0 >= p.h) return;
  P rows[kStripRows + 4];
#pragma unroll
  for (int r = 0; r < kStripRows + 4; ++r) rows[r] = Row5<kDilate, P>(p, y0 - 2 + r, x);
#pragma unroll
  for (int j = 0; j < kStripRows; ++j)
    if (y0 + j < p.h)
      RowPtr<P>(p.out, p.out_pitch, y0 + j)[x] =
          Pick5<kDilate>(rows[j], rows[j + 1], rows[j + 2], rows[j + 3], rows[j + 4]);
}

// The 3x3 max / min centred on (cx, cy) of a tile `stride` pixels wide.
template <bool kDilate, typename P>
__device__ inline P Window3(const P* tile, int stride, int cx, int cy) {
  const P* up = tile + (cy - 1) * stride + cx;
  const P* mid = up + stride;
  const P* down = mid + stride;
  return Pick3<kDilate>(Pick3<kDilate>(up[-1], up[0], up[1]), Pick3<kDilate>(mid[-1], mid[0], mid[1]),
                        Pick3<kDilate>(down[-1], down[0], down[1]));
}

// 5x5 as two 3x3 passes through shared memory, in one kernel. The block's output tile is bx x by:
//   1. load the input tile with a 2-pixel halo, (bx+4) x (by+4), at clamped coordinates;
//   2. first 3x3 pass into an intermediate tile with a 1-pixel halo, (bx+2) x (by+2);
//   3. second 3x3 pass from the intermediate tile to the output.
// The loaded tile is a piece of the image extended by replicated edge pixels; on that extended image the 3x3
// square added to itself is the 5x5 square and max / min are associative, so the two passes give exactly the
// 5x5 result, borders included. Intermediate positions outside the image need no special case for that reason.
template <bool kDilate, typename P>
__global__ void Morph5TwoPassSmem(Planes p) {
  extern __shared__ __align__(16) unsigned char morph5_smem[];
  const int bx = blockDim.x;
  const int by = blockDim.y;
  const int in_w = bx + 4, in_h = by + 4;
  const int mid_w = bx + 2, mid_h = by + 2;
  P* in_tile = reinterpret_cast<P*>(morph5_smem);
  P* mid_tile = in_tile + in_w * in_h;
  const int ox = static_cast<int>(blockIdx.x) * bx - 2;  // image coordinates of in_tile(0, 0)
  const int oy = static_cast<int>(blockIdx.y) * by - 2;

  for (int ty = threadIdx.y; ty < in_h; ty += by)
    for (int tx = threadIdx.x; tx < in_w; tx += bx)
      in_tile[ty * in_w + tx] = LoadClamped<P>(p.in, p.in_pitch, p.w, p.h, ox + tx, oy + ty);
  __syncthreads();

  // mid_tile(mx, my) is centred on in_tile(mx + 1, my + 1).
  for (int my = threadIdx.y; my < mid_h; my += by)
    for (int mx = threadIdx.x; mx < mid_w; mx += bx)
      mid_tile[my * mid_w + mx] = Window3<kDilate>(in_tile, in_w, mx + 1, my + 1);
  __syncthreads();

  const int x = blockIdx.x * bx + threadIdx.x;
  const int y = blockIdx.y * by + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  RowPtr<P>(p.out, p.out_pitch, y)[x] = Window3<kDilate>(mid_tile, mid_w, threadIdx.x + 1, threadIdx.y + 1);
}

Planes PlanesOf(const CudaCall& c) {
  return {c.in.data, c.in.pitch, c.out.data, c.out.pitch, c.in.shape.width, c.in.shape.height};
}

using PlanesKernel = void (*)(Planes);

template <bool kDilate>
PlanesKernel NaiveFor(PixelFormat f) {
  return f == PixelFormat::Rgba8 ? Morph5Naive<kDilate, uchar4> : Morph5Naive<kDilate, std::uint8_t>;
}
template <bool kDilate>
PlanesKernel StripFor(PixelFormat f) {
  return f == PixelFormat::Rgba8 ? Morph5Strip<kDilate, uchar4> : Morph5Strip<kDilate, std::uint8_t>;
}
template <bool kDilate>
PlanesKernel TwoPassFor(PixelFormat f) {
  return f == PixelFormat::Rgba8 ? Morph5TwoPassSmem<kDilate, uchar4> : Morph5TwoPassSmem<kDilate, std::uint8_t>;
}

}  // namespace

// The largest tiles (block 1024x1): 1028 x 5 + 1026 x 3 pixels, 32.8 KiB as rgba8, under the 48 KiB a block gets
// without opting in, so no cudaFuncSetAttribute is needed.
std::size_t Morph5TwoPassSmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat f) {
  const std::size_t bx = static_cast<std::size_t>(c.block_x);
  const std::size_t by = static_cast<std::size_t>(c.block_y);
  return ((bx + 4) * (by + 4) + (bx + 2) * (by + 2)) * BytesPerPixel(f);
}

template <bool kDilate>
const void* Morph5NaiveKernel(PixelFormat f, const LaunchConfig&) {
  return reinterpret_cast<const void*>(NaiveFor<kDilate>(f));
}
template <bool kDilate>
const void* Morph5Ppt4Kernel(PixelFormat f, const LaunchConfig&) {
  return reinterpret_cast<const void*>(StripFor<kDilate>(f));
}
template <bool kDilate>
const void* Morph5TwoPassSmemKernel(PixelFormat f, const LaunchConfig&) {
  return reinterpret_cast<const void*>(TwoPassFor<kDilate>(f));
}

template <bool kDilate>
void LaunchMorph5Naive(const CudaCall& c) {
  const Planes p = PlanesOf(c);
  NaiveFor<kDilate>(c.in.shape.format)<<<GridFor(p.w, p.h, c.launch), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph5Naive");
}

template <bool kDilate>
void LaunchMorph5Ppt4(const CudaCall& c) {
  const Planes p = PlanesOf(c);
  StripFor<kDilate>(c.in.shape.format)<<<GridFor(p.w, p.h, c.launch, 1, kStripRows), BlockOf(c.launch), 0,
                                         StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph5Strip");
}

template <bool kDilate>
void LaunchMorph5TwoPassSmem(const CudaCall& c) {
  const Planes p = PlanesOf(c);
  const std::size_t smem = Morph5TwoPassSmemBytes(c.launch, c.params, c.in.shape.format);
  TwoPassFor<kDilate>(c.in.shape.format)<<<GridFor(p.w, p.h, c.launch), BlockOf(c.launch), smem, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph5TwoPassSmem");
}

#define FL_MORPH5_INSTANTIATE(D)                                                     \
  template void LaunchMorph5Naive<D>(const CudaCall&);                               \
  template void LaunchMorph5Ppt4<D>(const CudaCall&);                                \
  template void LaunchMorph5TwoPassSmem<D>(const CudaCall&);                         \
  template const void* Morph5NaiveKernel<D>(PixelFormat, const LaunchConfig&);       \
  template const void* Morph5Ppt4Kernel<D>(PixelFormat, const LaunchConfig&);        \
  template const void* Morph5TwoPassSmemKernel<D>(PixelFormat, const LaunchConfig&);
FL_MORPH5_INSTANTIATE(true)
FL_MORPH5_INSTANTIATE(false)
#undef FL_MORPH5_INSTANTIATE

}  // namespace fl::cuda
