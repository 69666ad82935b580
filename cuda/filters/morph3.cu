#include <type_traits>

#include "cuda/filters/morph3.hpp"
#include "cuda/filters/morph_words.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

// The max / min functors. rgba8 pixels are combined as one 32-bit word with the per-byte SIMD intrinsics
// (__vmaxu4 / __vminu4): one call for all four channels.
struct MaxOp {
  __device__ std::uint8_t operator()(std::uint8_t a, std::uint8_t b) const { return a > b ? a : b; }
  __device__ uchar4 operator()(uchar4 a, uchar4 b) const { return Bits(__vmaxu4(Word(a), Word(b))); }
  __device__ static unsigned Word(uchar4 p) { return *reinterpret_cast<const unsigned*>(&p); }
  __device__ static uchar4 Bits(unsigned w) { return *reinterpret_cast<const uchar4*>(&w); }
};
struct MinOp {
  __device__ std::uint8_t operator()(std::uint8_t a, std::uint8_t b) const { return a < b ? a : b; }
  __device__ uchar4 operator()(uchar4 a, uchar4 b) const {
    return MaxOp::Bits(__vminu4(MaxOp::Word(a), MaxOp::Word(b)));
  }
};

template <MorphOp M>
using OpOf = std::conditional_t<M == MorphOp::Dilate, MaxOp, MinOp>;

template <typename P, typename Op>
__device__ inline P Combine3(Op op, P a, P b, P c) {
  return op(op(a, b), c);
}

// The max or min of the window that `at(dx, dy)` (dx, dy in -1..1) fetches, one row at a time.
template <typename P, typename Op, typename Fetch>
__device__ inline P Morph3At(Op op, Fetch at) {
  const P top = Combine3(op, at(-1, -1), at(0, -1), at(1, -1));
  const P mid = Combine3(op, at(-1, 0), at(0, 0), at(1, 0));
  const P bot = Combine3(op, at(-1, 1), at(0, 1), at(1, 1));
  return Combine3(op, top, mid, bot);
}

// One thread per pixel, nine clamped global loads.
template <typename P, typename Op>
__global__ void Morph3Naive(PlaneArgs p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  RowPtr<P>(p.out, p.out_pitch, y)[x] = Morph3At<P>(
      Op{}, [&](int dx, int dy) { return LoadClamped<P>(p.in, p.in_pitch, p.w, p.h, x + dx, y + dy); });
}

// The block's tile plus a 1-pixel halo in shared memory, loaded cooperatively (row-major strides, coalesced).
// Threads past the image still load and reach the barrier; they only skip the store.
template <typename P, typename Op>
__global__ void Morph3Smem(PlaneArgs p) {
  extern __shared__ __align__(16) unsigned char morph3_tile[];
  P* tile = reinterpret_cast<P*>(morph3_tile);
  const int tw = blockDim.x + 2;
  LoadTileWithHalo<P>(tile, p.in, p.in_pitch, p.w, p.h, 1);
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  const int cx = threadIdx.x + 1;
  const int cy = threadIdx.y + 1;
  RowPtr<P>(p.out, p.out_pitch, y)[x] =
      Morph3At<P>(Op{}, [&](int dx, int dy) { return tile[(cy + dy) * tw + cx + dx]; });
}

// A vertical strip of PY outputs per thread. The thread loads its PY + 2 input rows (3 pixels each) before using
// any, so those loads are in flight together, reduces each row horizontally once, and every output reduces 3 of
// those row results: 3 (PY + 2) loads for PY outputs instead of 9 PY.
template <typename P, typename Op, int PY>
__global__ void Morph3Strip(PlaneArgs p) {
  const Op op;
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * PY;
  if (x >= p.w || y0 >= p.h) return;
  const int left = ClampInt(x - 1, 0, p.w - 1);
  const int right = ClampInt(x + 1, 0, p.w - 1);
  P l[PY + 2], m[PY + 2], r[PY + 2];
#pragma unroll
  for (int i = 0; i < PY + 2; ++i) {
    const P* row = RowPtr<P>(p.in, p.in_pitch, ClampInt(y0 - 1 + i, 0, p.h - 1));
    l[i] = row[left], m[i] = row[x], r[i] = row[right];
  }
  P rows[PY + 2];
#pragma unroll
  for (int i = 0; i < PY + 2; ++i) rows[i] = Combine3(op, l[i], m[i], r[i]);
#pragma unroll
  for (int j = 0; j < PY; ++j)
    if (y0 + j < p.h) RowPtr<P>(p.out, p.out_pitch, y0 + j)[x] = Combine3(op, rows[j], rows[j + 1], rows[j + 2]);
}

constexpr int kStripRows = 4;

using PlanesKernel = void (*)(PlaneArgs);

PlanesKernel Pick(PixelFormat f, PlanesKernel gray, PlanesKernel rgba) { return f == PixelFormat::Rgba8 ? rgba : gray; }

template <MorphOp M>
PlanesKernel NaiveFor(PixelFormat f) {
  return Pick(f, Morph3Naive<std::uint8_t, OpOf<M>>, Morph3Naive<uchar4, OpOf<M>>);
}
template <MorphOp M>
PlanesKernel SmemFor(PixelFormat f) {
  return Pick(f, Morph3Smem<std::uint8_t, OpOf<M>>, Morph3Smem<uchar4, OpOf<M>>);
}
template <MorphOp M>
PlanesKernel StripFor(PixelFormat f) {
  return Pick(f, Morph3Strip<std::uint8_t, OpOf<M>, kStripRows>, Morph3Strip<uchar4, OpOf<M>, kStripRows>);
}

using WordsKernel = void (*)(morph::PlaneArgs);

template <MorphOp M>
WordsKernel PackedFor(int ppt) {
  return morph::DispatchRows(ppt, [](auto rows) -> WordsKernel {
    return morph::PackedGrayStrip<M == MorphOp::Dilate, 1, decltype(rows)::value>;
  });
}

const void* AsVoid(PlanesKernel k) { return reinterpret_cast<const void*>(k); }

}  // namespace

// The largest tile is 3 x 1026 pixels (block 1024x1 or 1x1024): 12 KiB of rgba8, under the 48 KiB a block gets
// without opting in, so no cudaFuncSetAttribute is needed.
std::size_t Morph3SmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat f) {
  return static_cast<std::size_t>(c.block_x + 2) * static_cast<std::size_t>(c.block_y + 2) * BytesPerPixel(f);
}

template <MorphOp M>
const void* Morph3NaiveKernel(PixelFormat f, const LaunchConfig&) {
  return AsVoid(NaiveFor<M>(f));
}
template <MorphOp M>
const void* Morph3SmemKernel(PixelFormat f, const LaunchConfig&) {
  return AsVoid(SmemFor<M>(f));
}
template <MorphOp M>
const void* Morph3Ppt4Kernel(PixelFormat f, const LaunchConfig&) {
  return AsVoid(StripFor<M>(f));
}

template <MorphOp M>
const void* Morph3Packed4Kernel(PixelFormat, const LaunchConfig& c) {
  return reinterpret_cast<const void*>(PackedFor<M>(c.ppt));
}

template <MorphOp M>
void LaunchMorph3Packed4(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  morph::RequireWordRows(c, "Morph3PackedGrayStrip");
  const dim3 grid = GridFor(morph::GrayWords(p.w), p.h, c.launch, 1, c.launch.ppt);
  PackedFor<M>(c.launch.ppt)<<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph3PackedGrayStrip");
}

template <MorphOp M>
void LaunchMorph3Naive(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  NaiveFor<M>(c.in.shape.format)<<<GridFor(p.w, p.h, c.launch), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph3Naive");
}

template <MorphOp M>
void LaunchMorph3Smem(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  const std::size_t smem = Morph3SmemBytes(c.launch, c.params, c.in.shape.format);
  SmemFor<M>(c.in.shape.format)<<<GridFor(p.w, p.h, c.launch), BlockOf(c.launch), smem, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph3Smem");
}

template <MorphOp M>
void LaunchMorph3Ppt4(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  StripFor<M>(c.in.shape.format)<<<GridFor(p.w, p.h, c.launch, 1, kStripRows), BlockOf(c.launch), 0,
                                   StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph3Strip");
}

#define FL_MORPH3_INSTANTIATE(M)                                               \
  template void LaunchMorph3Naive<M>(const CudaCall&);                         \
  template void LaunchMorph3Smem<M>(const CudaCall&);                          \
  template void LaunchMorph3Ppt4<M>(const CudaCall&);                          \
  template void LaunchMorph3Packed4<M>(const CudaCall&);                       \
  template const void* Morph3Packed4Kernel<M>(PixelFormat, const LaunchConfig&); \
  template const void* Morph3NaiveKernel<M>(PixelFormat, const LaunchConfig&); \
  template const void* Morph3SmemKernel<M>(PixelFormat, const LaunchConfig&);  \
  template const void* Morph3Ppt4Kernel<M>(PixelFormat, const LaunchConfig&);
FL_MORPH3_INSTANTIATE(MorphOp::Dilate)
FL_MORPH3_INSTANTIATE(MorphOp::Erode)
#undef FL_MORPH3_INSTANTIATE

}  // namespace fl::cuda
