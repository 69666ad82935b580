// Grey morphology as two passes through shared memory in one kernel (`two_pass_smem`), on words of 4 gray8 pixels
// or 1 rgba8 pixel (cuda/filters/morph_words.cuh). Max over a square is separable: the (2R + 1)^2 max is the
// (2R + 1)-row max of (2R + 1)-wide row maxes (for 5x5 equally two 3x3 passes: 3 + 3 - 1 = 5). A block's output
// tile is bx words x (by * py) rows:
//   1. load the input tile, 2R more rows and kHalo more words each side, at clamped coordinates (one global load
//      per word; each thread's body loads are issued 4 rows at a time so they are in flight together);
//   2. row pass: every tile row's row max / min per word, into a second tile (byte shifts on gray8 words);
//   3. column pass: each thread walks its strip of py outputs down one word column of the row tile, keeping the
//      last 2R row results in registers: one shared-memory read per output.
// The tile is the image extended by its replicated edge pixels, where the separation is exact everywhere, so the
// borders need no special case. What shared memory buys: the row results of the tile's 2R extra rows are computed
// once per block, not once per thread, and each input word is loaded from global memory once.
#include <type_traits>

#include "cuda/filters/morph.hpp"
#include "cuda/filters/morph_words.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

using morph::PlaneArgs;

// The launch bound caps registers at 32 per thread, so that 2048 threads (8 blocks of 32x8) fit on an SM. Compute
// capability 8.6, 8.7, 8.9 and 12.x hold 1536 threads an SM, where two blocks of 1024 never fit and ptxas would drop
// the bound with a warning: one block there, which caps registers at 64 as the dropped bound did.
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || __CUDA_ARCH__ == 890 || \
                               __CUDA_ARCH__ >= 1200)
constexpr int kTwoPassMinBlocks = 1;
#else
constexpr int kTwoPassMinBlocks = 2;
#endif

template <bool kDilate, int R, typename Words>
__global__ void __launch_bounds__(1024, kTwoPassMinBlocks) MorphTwoPassSmem(PlaneArgs p, int py) {
  extern __shared__ unsigned morph_words[];
  constexpr int kHalo = Words::template kHalo<R>;
  const int bx = static_cast<int>(blockDim.x), by = static_cast<int>(blockDim.y);
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
  const int rows = by * py + 2 * R;
  const int in_w = bx + 2 * kHalo;
  unsigned* in_tile = morph_words;             // rows x in_w words; column c is image word k0 - kHalo + c
  unsigned* row_tile = in_tile + rows * in_w;  // rows x bx words
  const int k0 = static_cast<int>(blockIdx.x) * bx;
  const int y0 = static_cast<int>(blockIdx.y) * by * py;  // first output row; tile row t is image row y0 - R + t

  // 1a. The body words, one column per thread.
  const int k = k0 + tx;
  auto load_body = [&](auto whole) {
    constexpr bool kWhole = decltype(whole)::value;
    for (int t0 = ty; t0 < rows; t0 += 4 * by) {
      unsigned v[4];
#pragma unroll
      for (int q = 0; q < 4; ++q)
        if (t0 + q * by < rows) v[q] = Words::template Load<kWhole>(morph::InRow(p, y0 - R + t0 + q * by), k, p.w);
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
    in_tile[t * in_w + c] = Words::template Load<false>(morph::InRow(p, y0 - R + t), k0 - kHalo + c, p.w);
  }
  __syncthreads();

  // 2. Row pass.
  for (int t = ty; t < rows; t += by)
    row_tile[t * bx + tx] = Words::template Row<kDilate, R>(in_tile + t * in_w + kHalo + tx);
  __syncthreads();

  // 3. Column pass: output row y0 + j0 + j reduces row-tile rows j0 + j .. j0 + j + 2R. Two neighbouring outputs
  // share 2R of their 2R + 1 rows, reduced once per pair.
  if (k >= Words::Count(p.w)) return;
  const int j0 = ty * py;
  const unsigned* col = row_tile + j0 * bx + tx;
  unsigned win[2 * R];  // rows j .. j + 2R - 1 of the pair's window
#pragma unroll
  for (int i = 0; i < 2 * R; ++i) win[i] = col[i * bx];
  for (int j = 0; j < py; j += 2) {
    const int y = y0 + j0 + j;
    if (y >= p.h) break;
    const unsigned last = col[(j + 2 * R) * bx];
    unsigned shared = last;
#pragma unroll
    for (int i = 1; i < 2 * R; ++i) shared = morph::Pick<kDilate>(shared, win[i]);
    Words::Store(morph::OutRow(p, y), k, p.w, morph::Pick<kDilate>(win[0], shared));
    if (j + 1 >= py || y + 1 >= p.h) break;
    const unsigned next = col[(j + 2 * R + 1) * bx];
    Words::Store(morph::OutRow(p, y + 1), k, p.w, morph::Pick<kDilate>(shared, next));
    // Slide by two rows.
#pragma unroll
    for (int i = 0; i + 2 < 2 * R; ++i) win[i] = win[i + 2];
    win[2 * R - 2] = last;
    win[2 * R - 1] = next;
  }
}

using TwoPassKernel = void (*)(PlaneArgs, int);

template <MorphOp Op, int R>
TwoPassKernel TwoPassFor(PixelFormat f) {
  constexpr bool kDilate = Op == MorphOp::Dilate;
  return f == PixelFormat::Rgba8 ? MorphTwoPassSmem<kDilate, R, morph::Rgba8Words>
                                 : MorphTwoPassSmem<kDilate, R, morph::Gray8Words>;
}

constexpr std::size_t kSmemWithoutOptIn = 48 * 1024;

}  // namespace

// The input tile (by * ppt + 2R rows of bx + 2 kHalo words) and the row tile (the same rows, bx words). Block 32x8
// at ppt 4 takes under 10 KiB, so 8 such blocks (2048 threads) fit on an SM.
template <int R>
std::size_t MorphTwoPassSmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat f) {
  const std::size_t halo =
      f == PixelFormat::Rgba8 ? morph::Rgba8Words::kHalo<R> : morph::Gray8Words::kHalo<R>;
  const std::size_t bx = static_cast<std::size_t>(c.block_x);
  const std::size_t rows = static_cast<std::size_t>(c.block_y) * static_cast<std::size_t>(c.ppt) + 2 * R;
  return rows * (bx + 2 * halo + bx) * sizeof(unsigned);
}

template <MorphOp Op, int R>
const void* MorphTwoPassSmemKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return reinterpret_cast<const void*>(TwoPassFor<Op, R>(f));
}

template <MorphOp Op, int R>
void LaunchMorphTwoPassSmem(const CudaCall& c) {
  morph::RequireWordRows(c, "MorphTwoPassSmem");
  const std::size_t smem = MorphTwoPassSmemBytes<R>(c.launch, c.params, c.in.shape.format);
  const TwoPassKernel kernel = TwoPassFor<Op, R>(c.in.shape.format);
  if (smem > kSmemWithoutOptIn)  // the plan kept it within the device's opt-in limit
    FL_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  kernel<<<GridOf(c), BlockOf(c.launch), smem, StreamOf(c)>>>(PlaneArgsOf(c), c.launch.ppt);
  FL_CUDA_CHECK_LAUNCH("MorphTwoPassSmem");
}

#define FL_MORPH_TWO_PASS_INSTANTIATE(Op, R)                    \
  template void LaunchMorphTwoPassSmem<Op, R>(const CudaCall&); \
  template const void* MorphTwoPassSmemKernel<Op, R>(PixelFormat, const LaunchConfig&, const ParamValues&);
FL_MORPH_TWO_PASS_INSTANTIATE(MorphOp::Dilate, 1)
FL_MORPH_TWO_PASS_INSTANTIATE(MorphOp::Erode, 1)
FL_MORPH_TWO_PASS_INSTANTIATE(MorphOp::Dilate, 2)
FL_MORPH_TWO_PASS_INSTANTIATE(MorphOp::Erode, 2)
#undef FL_MORPH_TWO_PASS_INSTANTIATE

template std::size_t MorphTwoPassSmemBytes<1>(const LaunchConfig&, const ParamValues&, PixelFormat);
template std::size_t MorphTwoPassSmemBytes<2>(const LaunchConfig&, const ParamValues&, PixelFormat);

}  // namespace fl::cuda
