#pragma once
// The rgba8 means of the `fast` box kernel for radius 5..16 (box_fast.cu), where a pixel's window reaches past the
// neighbouring chunk: 2R + 1 pixels span up to 9 lanes of 4 pixels. The warps overlap by
// BoxFastApronChunks(R) = ceil(R / 4) chunks on each side (strip::PlaceApronWarp), so every lane a middle lane
// needs is in its warp.
//
// A lane's 16 means: its first pixel's box sum W (per channel, 32-bit), then three slides to pixels 1..3, each adding
// the pixel entering the window and taking out the one leaving it. With R = 4q + s, W is
//  - the chunk totals (each channel's sum of the chunk's 4 column sums) of the lanes wholly inside the window,
//    l - q .. l + q - 1 (l + q too when s = 3), summed across lanes by doubling (WindowOfLanes): 8 lanes at
//    radius 16 take 16 shuffles instead of 32;
//  - the pixels of the two partly covered lanes, s on the left and s + 1 on the right (none when s = 3).
// Pixel words (even: channels 0 and 2 in 16-bit lanes, odd: 1 and 3) come by shuffle from 4(l + q) + j (right,
// j = 0 .. s + 3) and 4(l - q - 1) + j (left, j = 4 - s .. 6 - s), each once. A chunk total (4 x 33 x 255) and
// the sum of the up to 5 partial pixels fit a 16-bit lane, a box sum (up to 33^2 x 255) does not: sums are
// unpacked to 32 bits once, and each slide adds two channels' differences in one word, biased by 0x8000 so that
// no lane borrows from the next (as in box::HorizontalWide).
#include <cuda_runtime.h>

#include "cuda/filters/box_fast.hpp"
#include "cuda/filters/box_sums.cuh"

namespace fl::cuda::box {

// out(l) = the sum of v over lanes l + kFirst .. l + kFirst + N - 1, for 4 words at once: sums of 1, 2, 4, ..
// lanes built by doubling (g[k] covers 2^k lanes from l), then N taken as a sum of powers of two, each term
// one shuffle. Lanes whose window leaves the warp get garbage: only apron lanes, which write nothing.
template <int N, int kFirst>
__device__ __forceinline__ void WindowOfLanes(const unsigned (&v)[4], unsigned (&out)[4]) {
  static_assert(N >= 1 && N <= 15);
  constexpr int kLevels = N >= 8 ? 4 : N >= 4 ? 3 : N >= 2 ? 2 : 1;
  unsigned g[kLevels][4];
#pragma unroll
  for (int c = 0; c < 4; ++c) g[0][c] = v[c];
#pragma unroll
  for (int k = 1; k < kLevels; ++k)
#pragma unroll
    for (int c = 0; c < 4; ++c) g[k][c] = g[k - 1][c] + __shfl_down_sync(strip::kFullMask, g[k - 1][c], 1 << (k - 1));
#pragma unroll
  for (int c = 0; c < 4; ++c) out[c] = 0u;
  int at = kFirst;  // the first lane of the next term, relative to l
#pragma unroll
  for (int k = kLevels - 1; k >= 0; --k) {
    if ((N >> k) & 1) {
#pragma unroll
      for (int c = 0; c < 4; ++c) {
        unsigned term = g[k][c];
        if (at > 0) term = __shfl_down_sync(strip::kFullMask, term, at);
        if (at < 0) term = __shfl_up_sync(strip::kFullMask, term, -at);
        out[c] += term;
      }
      at += 1 << k;
    }
  }
}

// Adds a word's two 16-bit lanes (channels lo, hi) to 32-bit sums.
__device__ __forceinline__ void AddLanes(unsigned w, unsigned& lo, unsigned& hi) { lo += w & 0xffffu, hi += w >> 16; }

template <int R>
__device__ __forceinline__ Chunk HorizontalRgbaWide(const ColumnSums& own, unsigned reciprocal) {
  static_assert(!BoxFastOwnWarps(R, 4) && R <= kBoxFastMaxRadius);
  constexpr int q = R / 4, s = R % 4;
  constexpr int kFullLanes = 2 * q + (s == 3 ? 1 : 0);  // lanes l - q .. wholly inside pixel 0's window
  // Pixel words beside the full lanes, each shuffled once: right j = 0 .. s + 3 from 4(l + q), left j = 4 - s ..
  // 6 - s from 4(l - q - 1) (j < 4 in the lane before).
  unsigned re[8], ro[8], le[8], lo[8];
#pragma unroll
  for (int j = 0; j <= s + 3; ++j) {
    const int delta = q + j / 4, k = j % 4;
    re[j] = __shfl_down_sync(strip::kFullMask, own.even[k], delta);
    ro[j] = __shfl_down_sync(strip::kFullMask, own.odd[k], delta);
  }
#pragma unroll
  for (int j = 4 - s; j <= 6 - s; ++j) {
    const int delta = q + 1 - j / 4, k = j % 4;
    le[j] = __shfl_up_sync(strip::kFullMask, own.even[k], delta);
    lo[j] = __shfl_up_sync(strip::kFullMask, own.odd[k], delta);
  }
  // Chunk totals, channels 0..3 (a 16-bit lane holds 4 column sums), summed over the full lanes.
  const unsigned te = own.even[0] + own.even[1] + own.even[2] + own.even[3];
  const unsigned to = own.odd[0] + own.odd[1] + own.odd[2] + own.odd[3];
  const unsigned t[4] = {te & 0xffffu, to & 0xffffu, te >> 16, to >> 16};
  unsigned sum[4];
  WindowOfLanes<kFullLanes, -q>(t, sum);
  // The partly covered lanes: left pixels j = 4 - s .. 3 and right j = 0 .. s (s < 3), at most 5 in a lane.
  unsigned pe = 0u, po = 0u;
#pragma unroll
  for (int j = 4 - s; j <= 3; ++j) pe += le[j], po += lo[j];
  if constexpr (s < 3) {
#pragma unroll
    for (int j = 0; j <= s; ++j) pe += re[j], po += ro[j];
  }
  constexpr unsigned kHalf = (2 * R + 1) * (2 * R + 1) / 2;  // cpu::BoxTaps(R) / 2
  AddLanes(pe, sum[0], sum[2]);
  AddLanes(po, sum[1], sum[3]);
#pragma unroll
  for (int c = 0; c < 4; ++c) sum[c] += kHalf;

  constexpr unsigned kPair = 0x0040u;  // byte 0 of a, then of b
  Chunk out;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    if (i > 0) {  // pixel 4l + i + R (right j = s + i) enters, 4l + i - 1 - R (left j = 3 - s + i) leaves
      const unsigned de = re[s + i] + 0x80008000u - le[3 - s + i];
      const unsigned dodd = ro[s + i] + 0x80008000u - lo[3 - s + i];
      sum[0] = sum[0] + (de & 0xffffu) - 0x8000u;
      sum[2] = sum[2] + (de >> 16) - 0x8000u;
      sum[1] = sum[1] + (dodd & 0xffffu) - 0x8000u;
      sum[3] = sum[3] + (dodd >> 16) - 0x8000u;
    }
    const unsigned c01 = __byte_perm(__umulhi(sum[0], reciprocal), __umulhi(sum[1], reciprocal), kPair);
    const unsigned c23 = __byte_perm(__umulhi(sum[2], reciprocal), __umulhi(sum[3], reciprocal), kPair);
    out.w[i] = __byte_perm(c01, c23, 0x5410u);  // channels 0, 1, 2, 3
  }
  return out;
}

}  // namespace fl::cuda::box
