#include <type_traits>

#include "cuda/filters/morph5.hpp"
#include "cuda/filters/morph_words.cuh"
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

using morph::PlaneArgs;

// The max / min of one input row over the 5 columns around x (clamped).
template <bool kDilate, typename P>
__device__ inline P Row5(const PlaneArgs& p, int row, int x) {
  const P* r = RowPtr<P>(p.in, p.in_pitch, ClampInt(row, 0, p.h - 1));
  const int last = p.w - 1;
  return Pick5<kDilate>(r[ClampInt(x - 2, 0, last)], r[max(x - 1, 0)], r[x], r[min(x + 1, last)],
                        r[ClampInt(x + 2, 0, last)]);
}

// One thread per pixel: all 25 neighbours straight from global memory.
template <bool kDilate, typename P>
__global__ void Morph5Naive(PlaneArgs p) {
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
__global__ void Morph5Strip(PlaneArgs p) {
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

// 5x5 in two passes through shared memory, one kernel, words of 4 gray8 pixels or 1 rgba8 pixel
// (cuda/filters/morph_words.cuh). Max over a square is separable: the 5x5 max is the 5-row max of 5-wide row maxes,
// just as two 3x3 passes are (3 + 3 - 1 = 5 both ways). A block's output tile is bx words x (by * py) rows:
//   1. load the input tile, 4 more rows and kHalo more words each side, at clamped coordinates (one global load
//      per word; each thread's body loads are issued 4 rows at a time so they are in flight together);
//   2. row pass: every tile row's 5-wide max / min per word, into a second tile (byte shifts on gray8 words);
//   3. column pass: each thread walks its strip of py outputs down one word column of the row tile, keeping the
//      last four row results in registers: one shared-memory read per output.
// The tile is the image extended by its replicated edge pixels, where the separation is exact everywhere, so
// the borders need no special case. What shared memory buys: the row results of the tile's 4 extra rows are
// computed once per block, not once per thread, and each input word is loaded from global memory once.
// The launch bound caps registers at 32 per thread, so that 2048 threads (8 blocks of 32x8) fit on an SM.
template <bool kDilate, typename Words>
__global__ void __launch_bounds__(1024, 2) Morph5TwoPassSmem(morph::PlaneArgs p, int py) {
  extern __shared__ unsigned morph5_words[];
  constexpr int kHalo = Words::kHalo;
  const int bx = static_cast<int>(blockDim.x), by = static_cast<int>(blockDim.y);
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
  const int rows = by * py + 4;
  const int in_w = bx + 2 * kHalo;
  unsigned* in_tile = morph5_words;            // rows x in_w words; column c is image word k0 - kHalo + c
  unsigned* row_tile = in_tile + rows * in_w;  // rows x bx words
  const int k0 = static_cast<int>(blockIdx.x) * bx;
  const int y0 = static_cast<int>(blockIdx.y) * by * py;  // first output row; tile row t is image row y0 - 2 + t

  // 1a. The body words, one column per thread.
  const int k = k0 + tx;
  auto load_body = [&](auto whole) {
    constexpr bool kWhole = decltype(whole)::value;
    for (int t0 = ty; t0 < rows; t0 += 4 * by) {
      unsigned v[4];
#pragma unroll
      for (int q = 0; q < 4; ++q)
        if (t0 + q * by < rows) v[q] = Words::template Load<kWhole>(morph::InRow(p, y0 - 2 + t0 + q * by), k, p.w);
#pragma unroll
      for (int q = 0; q < 4; ++q)
        if (t0 + q * by < rows) in_tile[(t0 + q * by) * in_w + kHalo + tx] = v[q];
    }
  };
  if (Words::Whole(k, p.w))
    load_body(std::true_type{});
  else
    load_body(std::false_type{});
  // 1b. The halo words, kHalo on each side of every row, shared among all the block's threads.
  for (int i = ty * bx + tx; i < rows * 2 * kHalo; i += bx * by) {
    const int t = i / (2 * kHalo), s = i % (2 * kHalo);
    const int c = s < kHalo ? s : bx + s;
    in_tile[t * in_w + c] = Words::template Load<false>(morph::InRow(p, y0 - 2 + t), k0 - kHalo + c, p.w);
  }
  __syncthreads();

  // 2. Row pass.
  for (int t = ty; t < rows; t += by)
    row_tile[t * bx + tx] = Words::template Row5<kDilate>(in_tile + t * in_w + kHalo + tx);
  __syncthreads();

  // 3. Column pass: output row y0 + j0 + j reduces row-tile rows j0 + j .. j0 + j + 4. Two neighbouring outputs
  // share four of their five rows, reduced once per pair.
  if (k >= Words::Count(p.w)) return;
  const int j0 = ty * py;
  const unsigned* col = row_tile + j0 * bx + tx;
  unsigned a = col[0], b = col[bx], c = col[2 * bx], d = col[3 * bx];
  for (int j = 0; j < py; j += 2) {
    const int y = y0 + j0 + j;
    if (y >= p.h) break;
    const unsigned e = col[(j + 4) * bx];
    const unsigned shared = morph::Pick<kDilate>(morph::Pick<kDilate>(b, c), morph::Pick<kDilate>(d, e));
    Words::Store(morph::OutRow(p, y), k, p.w, morph::Pick<kDilate>(a, shared));
    if (j + 1 >= py || y + 1 >= p.h) break;
    const unsigned f = col[(j + 5) * bx];
    Words::Store(morph::OutRow(p, y + 1), k, p.w, morph::Pick<kDilate>(shared, f));
    a = c, b = d, c = e, d = f;
  }
}

using PlanesKernel = void (*)(PlaneArgs);

template <bool kDilate>
PlanesKernel NaiveFor(PixelFormat f) {
  return f == PixelFormat::Rgba8 ? Morph5Naive<kDilate, uchar4> : Morph5Naive<kDilate, std::uint8_t>;
}
template <bool kDilate>
PlanesKernel StripFor(PixelFormat f) {
  return f == PixelFormat::Rgba8 ? Morph5Strip<kDilate, uchar4> : Morph5Strip<kDilate, std::uint8_t>;
}
template <bool kDilate>
PlanesKernel PackedFor(int ppt) {
  return morph::DispatchRows(ppt, [](auto rows) -> PlanesKernel {
    return morph::PackedGrayStrip<kDilate, 2, decltype(rows)::value>;
  });
}

using TwoPassKernel = void (*)(PlaneArgs, int);

template <bool kDilate>
TwoPassKernel TwoPassFor(PixelFormat f) {
  return f == PixelFormat::Rgba8 ? Morph5TwoPassSmem<kDilate, morph::Rgba8Words>
                                 : Morph5TwoPassSmem<kDilate, morph::Gray8Words>;
}

int WordsOf(PixelFormat f, int w) {
  return f == PixelFormat::Rgba8 ? morph::Rgba8Words::Count(w) : morph::Gray8Words::Count(w);
}

constexpr std::size_t kSmemWithoutOptIn = 48 * 1024;

}  // namespace

// The input tile (by * ppt + 4 rows of bx + 2 kHalo words) and the row tile (the same rows, bx words). Block 32x8
// at ppt 4 takes under 10 KiB, so 8 such blocks (2048 threads) fit on an SM.
std::size_t Morph5TwoPassSmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat f) {
  const std::size_t halo = f == PixelFormat::Rgba8 ? morph::Rgba8Words::kHalo : morph::Gray8Words::kHalo;
  const std::size_t bx = static_cast<std::size_t>(c.block_x);
  const std::size_t rows = static_cast<std::size_t>(c.block_y) * static_cast<std::size_t>(c.ppt) + 4;
  return rows * (bx + 2 * halo + bx) * sizeof(unsigned);
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
const void* Morph5Packed4Kernel(PixelFormat, const LaunchConfig& c) {
  return reinterpret_cast<const void*>(PackedFor<kDilate>(c.ppt));
}

template <bool kDilate>
void LaunchMorph5Naive(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  NaiveFor<kDilate>(c.in.shape.format)<<<GridFor(p.w, p.h, c.launch), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph5Naive");
}

template <bool kDilate>
void LaunchMorph5Ppt4(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  StripFor<kDilate>(c.in.shape.format)<<<GridFor(p.w, p.h, c.launch, 1, kStripRows), BlockOf(c.launch), 0,
                                         StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph5Strip");
}

template <bool kDilate>
void LaunchMorph5TwoPassSmem(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  const PixelFormat f = c.in.shape.format;
  morph::RequireWordRows(c, "Morph5TwoPassSmem");
  const std::size_t smem = Morph5TwoPassSmemBytes(c.launch, c.params, f);
  const TwoPassKernel kernel = TwoPassFor<kDilate>(f);
  if (smem > kSmemWithoutOptIn)  // CheckLaunch kept it within the device's opt-in limit
    FL_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  const dim3 grid = GridFor(WordsOf(f, p.w), p.h, c.launch, 1, c.launch.ppt);
  kernel<<<grid, BlockOf(c.launch), smem, StreamOf(c)>>>(p, c.launch.ppt);
  FL_CUDA_CHECK_LAUNCH("Morph5TwoPassSmem");
}

template <bool kDilate>
void LaunchMorph5Packed4(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  morph::RequireWordRows(c, "Morph5PackedGrayStrip");
  const dim3 grid = GridFor(morph::GrayWords(p.w), p.h, c.launch, 1, c.launch.ppt);
  PackedFor<kDilate>(c.launch.ppt)<<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Morph5PackedGrayStrip");
}

#define FL_MORPH5_INSTANTIATE(D)                                                     \
  template void LaunchMorph5Naive<D>(const CudaCall&);                               \
  template void LaunchMorph5Ppt4<D>(const CudaCall&);                                \
  template void LaunchMorph5TwoPassSmem<D>(const CudaCall&);                         \
  template void LaunchMorph5Packed4<D>(const CudaCall&);                             \
  template const void* Morph5NaiveKernel<D>(PixelFormat, const LaunchConfig&);       \
  template const void* Morph5Ppt4Kernel<D>(PixelFormat, const LaunchConfig&);        \
  template const void* Morph5TwoPassSmemKernel<D>(PixelFormat, const LaunchConfig&); \
  template const void* Morph5Packed4Kernel<D>(PixelFormat, const LaunchConfig&);
FL_MORPH5_INSTANTIATE(true)
FL_MORPH5_INSTANTIATE(false)
#undef FL_MORPH5_INSTANTIATE

}  // namespace fl::cuda
