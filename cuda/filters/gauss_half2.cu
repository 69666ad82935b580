// `half2` gauss (gray8 and rgba8, radius 1..4): a kernel of 16-byte chunks and strips of rows, as the other fast
// filters' (chunk_strip.cuh, row_pipe.cuh), whose column and row passes run on pairs of half-precision values, two
// pixels (gray8) or two channels (rgba8) per instruction.
//
// Why half2: the separable passes cost 2(2r + 1) multiply-adds per pixel (18 at radius 4). In fp32 that is
// about as many instructions as a device-to-device copy leaves time for; HFMA2 does two at once.
// Why it stays within the filter's tolerance of 1 grey level: every value is centred (byte - 128, exact in
// half), so the partial sums stay within about 128 in size, where a rounding moves a sum by half an ulp: 1/32
// below 128 (1/16 in the rare sum just past it). The taps are summed from the outermost (smallest weights) in, so
// the early sums, and their roundings, are smaller still. A half weight is within 2^-12 of the float one,
// relatively (absolutely within 2^-25 for the tiny weights that are subnormal in half), which moves a sum by at
// most 128 x 2^-12 = 1/32. So a pass errs by at most (2r + 3) / 32 (0.34 at radius 4, counting one sum past
// 128), the row pass carries the column pass's error through weights that sum to 1, and both passes together
// stay below 0.7 of a level before the final rounding: the result is the reference's or next to it (the GPU
// tests compare every output with it).
#include <cuda_fp16.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "core/error.hpp"
#include "cuda/filters/gauss_half2.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

// The 1D weights as half2 (each weight in both halves), outermost first: w[0] is tap -r, w[2r] tap +r.
struct Half2Weights {
  __half2_raw w[2 * kGaussHalf2MaxRadius + 1];
};

__device__ __forceinline__ __half2 AsHalf2(unsigned bits) {
  __half2 h;
  static_assert(sizeof(h) == sizeof(bits));
  memcpy(&h, &bits, sizeof(bits));
  return h;
}
__device__ __forceinline__ unsigned AsBits(__half2 h) {
  unsigned bits;
  memcpy(&bits, &h, sizeof(bits));
  return bits;
}

// Bytes 0, 1 (high = false) or 2, 3 of a word as the half2 (b - 128, b' - 128), exactly: the permute puts each
// byte under a 0x64 byte, which reads as the half 1024 + b, and one subtraction of 1152 centres it.
__device__ __forceinline__ __half2 CentredPair(unsigned word, bool high) {
  constexpr unsigned kHalf1024 = 0x64646464u;
  return __hsub2(AsHalf2(__byte_perm(word, kHalf1024, high ? 0x7362u : 0x5140u)), AsHalf2(0x64806480u));
}

// Two centred pairs back to four bytes: + 1152 rounds each to an integer (halves in [1024, 2048) are exactly
// the integers), the clamp keeps it within 1024 + [0, 255], and the low bytes of those halves are the results.
__device__ __forceinline__ unsigned PackPairs(__half2 a, __half2 b) {
  const __half2 bias = AsHalf2(0x64806480u), lo = AsHalf2(0x64006400u), hi = AsHalf2(0x64FF64FFu);
  a = __hmin2(__hmax2(__hadd2(a, bias), lo), hi);
  b = __hmin2(__hmax2(__hadd2(b, bias), lo), hi);
  return __byte_perm(AsBits(a), AsBits(b), 0x6420u);
}

// Sum of w[t] * v(t) over the taps t = 0 .. 2R (t = R the centre), the outermost pair of taps first.
template <int R, typename Tap>
__device__ __forceinline__ __half2 TapSum(const Half2Weights& w, Tap v) {
  __half2 acc = __hmul2(__half2(w.w[0]), v(0));
  acc = __hfma2(__half2(w.w[2 * R]), v(2 * R), acc);
#pragma unroll
  for (int d = R - 1; d >= 1; --d) {
    acc = __hfma2(__half2(w.w[R - d]), v(R - d), acc);
    acc = __hfma2(__half2(w.w[R + d]), v(R + d), acc);
  }
  return __hfma2(__half2(w.w[R]), v(R), acc);
}

// A thread's 16 bytes of one row as 8 centred pairs: gray8 pixels (2i, 2i + 1), or rgba8 pixel i / 2's (r, g)
// (i even) or (b, a).
struct Pairs {
  __half2 h[8];
};

__device__ __forceinline__ Pairs ToPairs(const strip::Chunk& c) {
  Pairs p;
#pragma unroll
  for (int i = 0; i < 4; ++i) p.h[2 * i] = CentredPair(c.w[i], false), p.h[2 * i + 1] = CentredPair(c.w[i], true);
  return p;
}

// The column pass first, on the exact centred bytes of the window's rows; then the row pass on those sums, the
// neighbouring columns' sums coming from the neighbouring lanes by warp shuffle. So the window's first 2R rows
// of each strip cost only their conversion, not a row pass each, and a thread never fetches its neighbours'
// bytes. A warp's two end lanes have no neighbour in the warp: they compute their column sums for the lanes
// beside them and write nothing (a warp writes 30 chunks: strip::PlaceApronWarp).
template <int Bpp, int R>
__device__ __forceinline__ strip::Chunk ColumnsThenRow(const Pairs (&win)[2 * R + 1], const Half2Weights& w) {
  Pairs v;  // the column sums of the own chunk
#pragma unroll
  for (int i = 0; i < 8; ++i) v.h[i] = TapSum<R>(w, [&](int t) { return win[t].h[i]; });
  // The pairs the row pass reaches beyond the chunk: R pixels on each side, kSide pairs.
  constexpr int kSide = Bpp == 1 ? (R + 1) / 2 : 2 * R;
  __half2 e[8 + 2 * kSide];  // e[kSide + i] = v.h[i]
#pragma unroll
  for (int i = 0; i < 8; ++i) e[kSide + i] = v.h[i];
#pragma unroll
  for (int i = 0; i < kSide; ++i) {
    e[i] = AsHalf2(__shfl_up_sync(strip::kFullMask, AsBits(v.h[8 - kSide + i]), 1));
    e[8 + kSide + i] = AsHalf2(__shfl_down_sync(strip::kFullMask, AsBits(v.h[i]), 1));
  }
  __half2 out[8];
  if constexpr (Bpp == 1) {
    // Output pair j is pixels p, p + 1 of e (p = 2 kSide + 2j); tap t reads pixels p + t - R and the one after:
    // a pair as it stands when p + t - R is even, else the halves of two neighbouring pairs.
#pragma unroll
    for (int j = 0; j < 8; ++j) {
      const int p = 2 * kSide + 2 * j;
      out[j] = TapSum<R>(w, [&](int t) {
        const int q = p + t - R;
        return q % 2 == 0 ? e[q / 2] : AsHalf2(strip::LaneShift(AsBits(e[q / 2]), AsBits(e[q / 2 + 1])));
      });
    }
  } else {  // rgba8: pixel i's taps are pixels i + t - R, each two pairs
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int half = 0; half < 2; ++half)
        out[2 * i + half] = TapSum<R>(w, [&](int t) { return e[kSide + 2 * (i + t - R) + half]; });
  }
  strip::Chunk c;
#pragma unroll
  for (int i = 0; i < 4; ++i) c.w[i] = PackPairs(out[2 * i], out[2 * i + 1]);
  return c;
}

// Block bx x by: warp (tx / 32, ty) owns 30 chunks of a row (its lanes 1..30; lanes 0 and 31 take the chunks
// beside them as the apron) for a strip of `rows` output rows. With kPipe (launch smem on) rows arrive by
// cp.async, kPipeDepth - 1 ahead; without, each is loaded when it is needed. The window slides by copies (28
// register moves an output row at radius 4): unrolled by 2R + 1 so that it slid by renaming, the kernel was
// slower (radius 4 gray8 0.0845 against 0.0767 ms, rgba8 0.2755 against 0.2558; H100, 729d23d).
template <int Bpp, int R, bool kPipe>
__global__ void __launch_bounds__(256, 2) GaussHalf2(const strip::StripArgs a, const Half2Weights w) {
  extern __shared__ uint4 half2_rings[];
  const strip::ApronWarpPlace at = strip::PlaceApronWarp(a);
  if (at.end <= 0) return;
  // Every strip walks down (no strip::StripWalk): TapSum adds the window's rows in a fixed order in half
  // precision, so a strip walked up would round its sums differently from its neighbours.
  const int x = at.x, y0 = at.y0, end = at.end;
  const bool writes = at.writes;
  const int in_rows = end + 2 * R;  // input rows y0 - R + i, i in [0, in_rows)
  strip::RowPipe<false> pipe(half2_rings);
  const strip::OutsideChunk outside(x, a.row_bytes);  // chunks outside the row: made by shuffle, not fetched
  auto row_ptr = [&](int i) { return strip::RowAt(a.in, ClampInt(y0 - R + i, 0, a.h - 1), a.in_pitch); };
  auto issue = [&](int i) {
    if constexpr (kPipe) {
      if (i < in_rows && !outside.own_outside) pipe.Issue<Bpp>(row_ptr(i), x, a.row_bytes, i);
      strip::RowPipe<false>::Commit();
    }
  };
  auto row_at = [&](int i) {
    if constexpr (kPipe) {
      const strip::Chunk c = pipe.Take(i);
      issue(i + strip::kPipeDepth - 1);
      return ToPairs(outside.Make<Bpp>(c, x));
    } else {
      const strip::Chunk c = outside.own_outside ? strip::Chunk{} : strip::LoadChunk<Bpp>(row_ptr(i), x, a.row_bytes);
      return ToPairs(outside.Make<Bpp>(c, x));
    }
  };
#pragma unroll
  for (int i = 0; i < strip::kPipeDepth - 1; ++i) issue(i);
  Pairs win[2 * R + 1];
#pragma unroll
  for (int i = 0; i < 2 * R; ++i) win[i] = row_at(i);
#pragma unroll 2
  for (int j = 0; j < end; ++j) {
    win[2 * R] = row_at(j + 2 * R);
    const strip::Chunk out = ColumnsThenRow<Bpp, R>(win, w);
    if (writes) strip::StoreChunk(strip::RowAt(a.out, y0 + j, a.out_pitch), x, a.out_row_bytes, out);
#pragma unroll
    for (int i = 0; i < 2 * R; ++i) win[i] = win[i + 1];
  }
}

using Half2Kernel = void (*)(strip::StripArgs, Half2Weights);

template <int Bpp, bool kPipe>
Half2Kernel KernelFor(int r) {
  switch (r) {
    case 1: return GaussHalf2<Bpp, 1, kPipe>;
    case 2: return GaussHalf2<Bpp, 2, kPipe>;
    case 3: return GaussHalf2<Bpp, 3, kPipe>;
    case 4: return GaussHalf2<Bpp, 4, kPipe>;
    default: return nullptr;
  }
}

Half2Kernel KernelFor(PixelFormat f, int r, bool pipe) {
  if (f == PixelFormat::Rgba8) return pipe ? KernelFor<4, true>(r) : KernelFor<4, false>(r);
  if (f == PixelFormat::Gray8) return pipe ? KernelFor<1, true>(r) : KernelFor<1, false>(r);
  return nullptr;
}

}  // namespace

std::optional<std::string> GaussHalf2Problem(const LaunchConfig& c, const ParamValues& p) {
  const int r = p.Int("radius");
  if (r > kGaussHalf2MaxRadius)
    return "half2 serves radius 1.." + std::to_string(kGaussHalf2MaxRadius) +
           " (its window of 2r+1 rows lives in registers), not " + std::to_string(r) + ": pick tensor or fast";
  return strip::BlockProblem(c, p);
}

const void* GaussHalf2Kernel(PixelFormat f, const LaunchConfig& c, const ParamValues& p) {
  const Half2Kernel k = KernelFor(f, std::clamp(p.Int("radius"), 1, kGaussHalf2MaxRadius), c.smem);
  return reinterpret_cast<const void*>(k ? k : GaussHalf2<1, kGaussHalf2MaxRadius, true>);  // gray32f: its fallback
}

std::size_t GaussHalf2SmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat) {
  return !c.smem || c.block_x <= 0 || c.block_y <= 0 ? 0
                                                     : strip::PipeBytes(static_cast<long>(c.block_x) * c.block_y, false);
}

void LaunchGaussHalf2(const CudaCall& c) {
  const int r = c.params.Int("radius");
  strip::RequireChunkRows(c, "GaussHalf2");
  const Half2Kernel kernel = KernelFor(c.in.shape.format, r, c.launch.smem);
  if (!kernel)
    throw InputError("gauss half2: no kernel for radius " + std::to_string(r) + " on " +
                     std::string(ToString(c.in.shape.format)));
  const std::vector<float> w1 = GaussWeights1D(r, c.params.Float("sigma"));
  Half2Weights w{};
  for (int t = 0; t < 2 * r + 1; ++t) {
    const __half_raw h = __float2half_rn(w1[static_cast<std::size_t>(t)]);
    w.w[t] = __half2_raw{h.x, h.x};
  }
  const std::size_t smem = GaussHalf2SmemBytes(c.launch, c.params, c.in.shape.format);  // at most 16 KiB
  dim3 grid;
  const strip::StripArgs args = strip::StripArgsOf(c, reinterpret_cast<const void*>(kernel), smem, &grid);
  kernel<<<grid, BlockOf(c.launch), smem, StreamOf(c)>>>(args, w);
  FL_CUDA_CHECK_LAUNCH("GaussHalf2");
}

}  // namespace fl::cuda
