// Grey morphology, the teaching variants one pixel (naive, smem), a strip of 4 (ppt4) or a word of 4 gray8 pixels
// (packed4) per thread, for radius R = 1 (3x3) and R = 2 (5x5).
#include <type_traits>

#include "cuda/filters/morph.hpp"
#include "cuda/filters/morph_words.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

// Max (dilate) or min (erode) of one channel, or of the four channels of an rgba8 pixel at once: __vmaxu4 /
// __vminu4 on the pixel as one 32-bit word.
template <MorphOp Op>
struct Combine {
  static constexpr bool kMax = Op == MorphOp::Dilate;
  __device__ std::uint8_t operator()(std::uint8_t a, std::uint8_t b) const {
    return kMax ? (a > b ? a : b) : (a < b ? a : b);
  }
  __device__ uchar4 operator()(uchar4 a, uchar4 b) const {
    const unsigned w = morph::Pick<kMax>(*reinterpret_cast<const unsigned*>(&a), *reinterpret_cast<const unsigned*>(&b));
    return *reinterpret_cast<const uchar4*>(&w);
  }
};

// The max or min of N values as a pairwise tree (a shorter dependency chain than a running max).
template <MorphOp Op, typename P, int N>
__device__ inline P Tree(const P (&v)[N]) {
  const Combine<Op> op;
  if constexpr (N == 1) {
    return v[0];
  } else {
    P half[(N + 1) / 2];
#pragma unroll
    for (int i = 0; i < N / 2; ++i) half[i] = op(v[2 * i], v[2 * i + 1]);
    if constexpr (N % 2) half[N / 2] = v[N - 1];
    return Tree<Op>(half);
  }
}

// The max or min of the window that `at(dx, dy)` (dx, dy in -R..R) fetches, one row at a time.
template <typename P, MorphOp Op, int R, typename Fetch>
__device__ inline P WindowAt(Fetch at) {
  P rows[2 * R + 1];
#pragma unroll
  for (int dy = -R; dy <= R; ++dy) {
    P row[2 * R + 1];
#pragma unroll
    for (int dx = -R; dx <= R; ++dx) row[dx + R] = at(dx, dy);
    rows[dy + R] = Tree<Op>(row);
  }
  return Tree<Op>(rows);
}

// Clamps x + d to [0, last] for an offset d known at compile time once the window is unrolled: one side only
// (the pixel itself is in range), as the per-size kernels this family replaced did; clamping both sides of every
// tap cost the 5x5 naive kernel 5% (measured on an H100).
__device__ inline int ClampOffset(int x, int d, int last) { return d < 0 ? max(x + d, 0) : d > 0 ? min(x + d, last) : x; }

// One thread per pixel, (2R + 1)^2 clamped global loads.
template <typename P, MorphOp Op, int R>
__global__ void MorphNaive(PlaneArgs p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  RowPtr<P>(p.out, p.out_pitch, y)[x] = WindowAt<P, Op, R>([&](int dx, int dy) {
    return RowPtr<P>(p.in, p.in_pitch, ClampOffset(y, dy, p.h - 1))[ClampOffset(x, dx, p.w - 1)];
  });
}

// The block's tile plus an R-pixel halo in shared memory, loaded cooperatively (row-major strides, coalesced).
// Threads past the image still load and reach the barrier; they only skip the store.
template <typename P, MorphOp Op, int R>
__global__ void MorphSmem(PlaneArgs p) {
  extern __shared__ __align__(16) unsigned char morph_tile[];
  P* tile = reinterpret_cast<P*>(morph_tile);
  const int tw = blockDim.x + 2 * R;
  LoadTileWithHalo<P>(tile, p.in, p.in_pitch, p.w, p.h, R);
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  const int cx = threadIdx.x + R;
  const int cy = threadIdx.y + R;
  RowPtr<P>(p.out, p.out_pitch, y)[x] =
      WindowAt<P, Op, R>([&](int dx, int dy) { return tile[(cy + dy) * tw + cx + dx]; });
}

constexpr int kStripRows = 4;

// A vertical strip of kStripRows outputs per thread. The thread loads its kStripRows + 2R input rows (2R + 1
// pixels each) before using any, so those loads are in flight together, reduces each row horizontally once, and
// every output reduces 2R + 1 of those row results.
template <typename P, MorphOp Op, int R>
__global__ void MorphStrip(PlaneArgs p) {
  constexpr int kRows = kStripRows + 2 * R;
  const Combine<Op> op;
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * kStripRows;
  if (x >= p.w || y0 >= p.h) return;
  int cols[2 * R + 1];
#pragma unroll
  for (int d = 0; d <= 2 * R; ++d) cols[d] = ClampOffset(x, d - R, p.w - 1);
  P px[kRows][2 * R + 1];
#pragma unroll
  for (int i = 0; i < kRows; ++i) {
    const P* row = RowPtr<P>(p.in, p.in_pitch, ClampInt(y0 - R + i, 0, p.h - 1));
#pragma unroll
    for (int d = 0; d <= 2 * R; ++d) px[i][d] = row[cols[d]];
  }
  P rows[kRows];
#pragma unroll
  for (int i = 0; i < kRows; ++i) {
    rows[i] = px[i][0];
#pragma unroll
    for (int d = 1; d <= 2 * R; ++d) rows[i] = op(rows[i], px[i][d]);
  }
#pragma unroll
  for (int j = 0; j < kStripRows; ++j) {
    P v = rows[j];
#pragma unroll
    for (int i = 1; i <= 2 * R; ++i) v = op(v, rows[j + i]);
    if (y0 + j < p.h) RowPtr<P>(p.out, p.out_pitch, y0 + j)[x] = v;  // a guarded store, as the 3x3 kernel had
  }
}

using PlanesKernel = void (*)(PlaneArgs);

PlanesKernel Pick(PixelFormat f, PlanesKernel gray, PlanesKernel rgba) { return f == PixelFormat::Rgba8 ? rgba : gray; }

template <MorphOp Op, int R>
PlanesKernel NaiveFor(PixelFormat f) {
  return Pick(f, MorphNaive<std::uint8_t, Op, R>, MorphNaive<uchar4, Op, R>);
}
template <MorphOp Op, int R>
PlanesKernel SmemFor(PixelFormat f) {
  return Pick(f, MorphSmem<std::uint8_t, Op, R>, MorphSmem<uchar4, Op, R>);
}
template <MorphOp Op, int R>
PlanesKernel StripFor(PixelFormat f) {
  return Pick(f, MorphStrip<std::uint8_t, Op, R>, MorphStrip<uchar4, Op, R>);
}
template <MorphOp Op, int R>
PlanesKernel PackedFor(int ppt) {
  return morph::DispatchRows(ppt, [](auto rows) -> PlanesKernel {
    return morph::PackedGrayStrip<(Op == MorphOp::Dilate), R, decltype(rows)::value>;
  });
}

const void* AsVoid(PlanesKernel k) { return reinterpret_cast<const void*>(k); }

// Launches a kernel of this family on the grid its plan computed from the declared footprint.
void Launch(PlanesKernel kernel, const CudaCall& c, std::size_t smem, const char* what) {
  kernel<<<GridOf(c), BlockOf(c.launch), smem, StreamOf(c)>>>(PlaneArgsOf(c));
  Check(cudaGetLastError(), what, __FILE__, __LINE__);
}

}  // namespace

// The largest tile is (2R + 1) x (1024 + 2R) pixels (block 1024x1 or 1x1024): 20 KiB of rgba8 at R = 2, under
// the 48 KiB a block gets without opting in, so no cudaFuncSetAttribute is needed.
template <int R>
std::size_t MorphSmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat f) {
  return static_cast<std::size_t>(c.block_x + 2 * R) * static_cast<std::size_t>(c.block_y + 2 * R) *
         BytesPerPixel(f);
}

template <MorphOp Op, int R>
const void* MorphNaiveKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return AsVoid(NaiveFor<Op, R>(f));
}
template <MorphOp Op, int R>
const void* MorphSmemKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return AsVoid(SmemFor<Op, R>(f));
}
template <MorphOp Op, int R>
const void* MorphPpt4Kernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return AsVoid(StripFor<Op, R>(f));
}
template <MorphOp Op, int R>
const void* MorphPacked4Kernel(PixelFormat, const LaunchConfig& c, const ParamValues&) {
  return AsVoid(PackedFor<Op, R>(c.ppt));
}

template <MorphOp Op, int R>
void LaunchMorphNaive(const CudaCall& c) {
  Launch(NaiveFor<Op, R>(c.in.shape.format), c, 0, "launch of MorphNaive");
}
template <MorphOp Op, int R>
void LaunchMorphSmem(const CudaCall& c) {
  Launch(SmemFor<Op, R>(c.in.shape.format), c, MorphSmemBytes<R>(c.launch, c.params, c.in.shape.format),
         "launch of MorphSmem");
}
template <MorphOp Op, int R>
void LaunchMorphPpt4(const CudaCall& c) {
  Launch(StripFor<Op, R>(c.in.shape.format), c, 0, "launch of MorphStrip");
}
template <MorphOp Op, int R>
void LaunchMorphPacked4(const CudaCall& c) {
  morph::RequireWordRows(c, "MorphPackedGrayStrip");
  Launch(PackedFor<Op, R>(c.launch.ppt), c, 0, "launch of MorphPackedGrayStrip");
}

#define FL_MORPH_INSTANTIATE(Op, R)                                                                   \
  template void LaunchMorphNaive<Op, R>(const CudaCall&);                                             \
  template void LaunchMorphSmem<Op, R>(const CudaCall&);                                              \
  template void LaunchMorphPpt4<Op, R>(const CudaCall&);                                              \
  template void LaunchMorphPacked4<Op, R>(const CudaCall&);                                           \
  template const void* MorphNaiveKernel<Op, R>(PixelFormat, const LaunchConfig&, const ParamValues&); \
  template const void* MorphSmemKernel<Op, R>(PixelFormat, const LaunchConfig&, const ParamValues&);  \
  template const void* MorphPpt4Kernel<Op, R>(PixelFormat, const LaunchConfig&, const ParamValues&);  \
  template const void* MorphPacked4Kernel<Op, R>(PixelFormat, const LaunchConfig&, const ParamValues&);
FL_MORPH_INSTANTIATE(MorphOp::Dilate, 1)
FL_MORPH_INSTANTIATE(MorphOp::Erode, 1)
FL_MORPH_INSTANTIATE(MorphOp::Dilate, 2)
FL_MORPH_INSTANTIATE(MorphOp::Erode, 2)
#undef FL_MORPH_INSTANTIATE

template std::size_t MorphSmemBytes<1>(const LaunchConfig&, const ParamValues&, PixelFormat);
template std::size_t MorphSmemBytes<2>(const LaunchConfig&, const ParamValues&, PixelFormat);

}  // namespace fl::cuda
