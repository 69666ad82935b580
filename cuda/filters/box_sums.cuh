#pragma once
// The sums of the `fast` box kernel (box_fast.cu): a chunk's column sums in 16-bit lanes, moved one row at a time,
// and the horizontal sums over 2r + 1 of them that give its 16 means.
#include <cuda_runtime.h>

#include "core/cpu/box.hpp"
#include "cuda/filters/box_fast.hpp"
#include "cuda/filters/chunk_strip.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda::box {

using strip::Chunk;

// Column sums of a chunk: even[i] holds columns 4i and 4i + 2 in its low and high lanes, odd[i] columns 4i +
// 1 and 4i + 3.
struct ColumnSums {
  unsigned even[4], odd[4];
};

// AddRow adds a row (a chunk of bytes) to the column sums; SlideRow adds the entering row and takes the leaving
// one out (add first: a lane never goes negative, so no borrow crosses into the next lane).
__device__ __forceinline__ void AddRow(ColumnSums& s, const unsigned (&enter)[4]) {
#pragma unroll
  for (int i = 0; i < 4; ++i) s.even[i] += strip::Even(enter[i]), s.odd[i] += strip::Odd(enter[i]);
}
__device__ __forceinline__ void SlideRow(ColumnSums& s, const unsigned (&enter)[4], const unsigned (&leave)[4]) {
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    s.even[i] = s.even[i] + strip::Even(enter[i]) - strip::Even(leave[i]);
    s.odd[i] = s.odd[i] + strip::Odd(enter[i]) - strip::Odd(leave[i]);
  }
}

// The 16 means (each below 256) of a chunk as its bytes, each taken from byte kByte of its word in q.
template <int kByte>
__device__ __forceinline__ Chunk PackMeans(const unsigned (&q)[16]) {
  constexpr unsigned kPair = ((4u + kByte) << 4) | kByte;  // byte kByte of a, then of b
  Chunk out;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    out.w[i] = __byte_perm(__byte_perm(q[4 * i], q[4 * i + 1], kPair), __byte_perm(q[4 * i + 2], q[4 * i + 3], kPair),
                           0x5410u);
  return out;
}

// W(c), the column sums (c, c + 2) as (low, high) lanes, from words k = c >> 2 of a row of chunks' sums at
// e[k + kN] and o[k + kN]: for c % 4 == 0 or 1 a word as it stands, for 2 or 3 the upper lane of one and the
// lower lane of the next (one byte permute). c >> 2 and c & 3 floor negative c as intended.
template <int kN, int kLen>
__device__ __forceinline__ unsigned PairWord(const unsigned (&e)[kLen], const unsigned (&o)[kLen], int c) {
  const int k = (c >> 2) + kN;
  switch (c & 3) {
    case 0: return e[k];
    case 1: return o[k];
    case 2: return strip::LaneShift(e[k], e[k + 1]);
    default: return strip::LaneShift(o[k], o[k + 1]);
  }
}

// The 16 box means of the own chunk, packed as bytes, from the column sums of it and of its neighbours (left:
// lane - 1, right: lane + 1, by shuffle), for R <= 7: two outputs per add. Pair word W(c) holds the column
// sums (c, c + 2): for c % 4 == 0 or 1 that is a chunk word of `even` or `odd` as it stands, for 2 or 3 the
// upper lane of one and the lower lane of the next (one byte permute). T(x) = the sum of W(c) over c = x - R
// .. x + R holds the box sums of outputs x and x + 2, so sliding T from x to x + 1 is one three-operand add
// for two outputs, where extracting each 16-bit column would cost about eight instructions per output. A lane
// of T stays below 2^16 while (2R + 1)^2 * 255.5 does, hence R <= 7 (a sum transiently holds one more column,
// also below 2^16), and the modular 32-bit add leaves each lane exact because no lane of any T over- or
// underflows.
constexpr int kPackedMaxRadius = 7;

template <int R>
constexpr int kPackedNbrWords = (R + 3) / 4;  // words needed of each neighbouring chunk

// The column sums of the words of the chunk beyond a warp's end that its end lane needs: words 4 - kN .. 3 of the
// chunk left of lane 0, words 0 .. kN - 1 of the chunk right of lane 31.
template <int kN>
struct EdgeSums {
  unsigned even[kN], odd[kN];
};

// A chunk's words with kW words of each neighbouring chunk: e[kW + i] = own.even[i] (o: odd), e[i] = word 4 - kW +
// i of the chunk to the left and e[4 + kW + i] = word i of the one to the right. They come from the adjacent lanes
// by shuffle, or for a warp's end lanes (edge_left: lane 0, edge_right: lane 31) from `edge`, whose kN words are the
// last kN (left) or first kN (right) of that chunk.
template <int kW, int kN>
__device__ __forceinline__ void NeighbourWords(const ColumnSums& own, const EdgeSums<kN>& edge, bool edge_left,
                                               bool edge_right, unsigned (&e)[4 + 2 * kW], unsigned (&o)[4 + 2 * kW]) {
  static_assert(kW <= kN && kN <= 4);
#pragma unroll
  for (int i = 0; i < 4; ++i) e[kW + i] = own.even[i], o[kW + i] = own.odd[i];
#pragma unroll
  for (int i = 0; i < kW; ++i) {
    const unsigned even_left = __shfl_up_sync(strip::kFullMask, own.even[4 - kW + i], 1);
    const unsigned odd_left = __shfl_up_sync(strip::kFullMask, own.odd[4 - kW + i], 1);
    const unsigned even_right = __shfl_down_sync(strip::kFullMask, own.even[i], 1);
    const unsigned odd_right = __shfl_down_sync(strip::kFullMask, own.odd[i], 1);
    e[i] = edge_left ? edge.even[kN - kW + i] : even_left;
    o[i] = edge_left ? edge.odd[kN - kW + i] : odd_left;
    e[4 + kW + i] = edge_right ? edge.even[i] : even_right;
    o[4 + kW + i] = edge_right ? edge.odd[i] : odd_right;
  }
}

// `edge` is taken by lane 0 (edge_left) or lane 31 (edge_right) instead of the shuffled words; overlapping warps
// pass false for both.
template <int R>
__device__ __forceinline__ Chunk HorizontalPacked(const ColumnSums& own, const EdgeSums<kPackedNbrWords<R>>& edge,
                                                  bool edge_left, bool edge_right, unsigned reciprocal) {
  static_assert(R >= 1 && R <= kPackedMaxRadius);
  static_assert(cpu::BoxTaps(kPackedMaxRadius) <= cpu::kBoxLaneMeanMaxTaps, "both lane means exact (PackMeans<2>)");
  constexpr int kN = kPackedNbrWords<R>;
  unsigned e[4 + 2 * kN], o[4 + 2 * kN];  // words k = -kN .. 3 + kN (at k + kN), the neighbours' by shuffle
  NeighbourWords<kN>(own, edge, edge_left, edge_right, e, o);
  auto pair = [&](int c) { return PairWord<kN>(e, o, c); };  // c = -R .. 13 + R
  constexpr unsigned kHalf = (2 * R + 1) * (2 * R + 1) / 2;  // cpu::BoxTaps(R) / 2, in both lanes
  unsigned t = kHalf * 0x00010001u;
#pragma unroll
  for (int c = -R; c <= R; ++c) t += pair(c);
  unsigned q[16];  // the means, output x at q[x]
#pragma unroll
  for (int x = 0; x < 14; ++x) {
    if (x > 0) t = t + pair(x + R) - pair(x - R - 1);
    if ((x & 2) == 0) {  // T(x) for x % 4 == 0, 1 holds outputs x and x + 2
      // Both means land in byte 2 of a multiply-high (cpu::BoxLowLaneMean, cpu::BoxHighLaneMean, which say why):
      // no lane is masked or shifted out first, so 16 masks and shifts a row on the ALU pipe, which the sums and
      // byte permutes keep busy, became 8 shifts of the whole word (t << 16).
      q[x] = __umulhi(t << 16, reciprocal);
      q[x + 2] = __umulhi(t, reciprocal);
    }
  }
  return PackMeans<2>(q);
}

// The rgba8 means, for R <= BoxFastEdgeMaxRadius(4) (box_rgba_wide.cuh beyond it): a chunk is 4 pixels, and its
// column sums' words are already pixels (even[i]: channels 0 and 2 of pixel i in the low and high lanes, odd[i]:
// channels 1 and 3), so the box sum slides over whole words, two channels per add, with no lane shifting at all.
// The R pixels on each side are R words of the neighbouring chunks (NeighbourWords; an end lane's `edge` holds kN >=
// R). A lane of a sum stays below 2^16 as in HorizontalPacked, and each mean comes from byte 2 of a multiply-high
// the same way.
template <int R, int kN>
__device__ __forceinline__ Chunk HorizontalRgbaPacked(const ColumnSums& own, const EdgeSums<kN>& edge, bool edge_left,
                                                      bool edge_right, unsigned reciprocal) {
  static_assert(R >= 1 && BoxFastOwnWarps(R, 4) && kN >= R && kN <= 4);
  unsigned e[4 + 2 * R], o[4 + 2 * R];  // pixels k = -R .. 3 + R at k + R
  NeighbourWords<R>(own, edge, edge_left, edge_right, e, o);
  constexpr unsigned kHalf = (2 * R + 1) * (2 * R + 1) / 2;  // cpu::BoxTaps(R) / 2, in both lanes
  unsigned te = kHalf * 0x00010001u, to = te;
#pragma unroll
  for (int k = 0; k <= 2 * R; ++k) te += e[k], to += o[k];
  constexpr unsigned kPair = ((4u + 2u) << 4) | 2u;  // byte 2 of a, then of b
  Chunk out;
#pragma unroll
  for (int x = 0; x < 4; ++x) {
    if (x > 0) {  // pixel x + R enters, x - R - 1 leaves
      te = te + e[x + 2 * R] - e[x - 1];
      to = to + o[x + 2 * R] - o[x - 1];
    }
    const unsigned low = __byte_perm(__umulhi(te << 16, reciprocal), __umulhi(to << 16, reciprocal), kPair);
    const unsigned high = __byte_perm(__umulhi(te, reciprocal), __umulhi(to, reciprocal), kPair);
    out.w[x] = __byte_perm(low, high, 0x5410u);  // channels 0, 1, 2, 3
  }
  return out;
}

// The same 16 means for R = 8 .. 16, where a box sum (up to 33^2 x 255) no longer fits a 16-bit lane but a
// column sum (up to 33 x 255) and the difference of two still do. Sliding from output x - 1 to x adds
// D(x) = col(x + R) - col(x - R - 1); one three-operand add of pair words gives two such differences,
// D(x) and D(x + 2), each biased by 0x8000 so that no lane borrows from the next. So an output costs a lane
// extraction and one add instead of two column extractions and two adds, and the first output's sum
// adds whole words of four columns (at most 7 per accumulator, so that a lane stays below 2^16) instead of
// 2R + 1 single columns.
template <int R>
__device__ __forceinline__ Chunk HorizontalWide(const ColumnSums& own, unsigned reciprocal) {
  static_assert(R > kPackedMaxRadius && R <= kBoxFastMaxRadius);
  constexpr int kN = 4;                           // every word of both neighbouring chunks
  unsigned e[4 + 2 * kN + 1], o[4 + 2 * kN + 1];  // words k = -4 .. 7 at k + kN, and a zero word past them
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    e[kN + i] = own.even[i], o[kN + i] = own.odd[i];
    e[i] = __shfl_up_sync(strip::kFullMask, own.even[i], 1);
    o[i] = __shfl_up_sync(strip::kFullMask, own.odd[i], 1);
    e[4 + kN + i] = __shfl_down_sync(strip::kFullMask, own.even[i], 1);
    o[4 + kN + i] = __shfl_down_sync(strip::kFullMask, own.odd[i], 1);
  }
  e[4 + 2 * kN] = o[4 + 2 * kN] = 0u;  // only ever the unused upper lane of the last pair below
  auto pair = [&](int c) { return PairWord<kN>(e, o, c); };  // c = -16 .. 30
  auto col = [&](int c) {  // column c, c = -16 .. 16
    const unsigned w = pair(c & ~2);
    return (c & 2) ? w >> 16 : w & 0xffffu;
  };
  // The first output's sum: groups of four columns wholly inside -R .. R as their two words, the rest alone.
  constexpr int kFirstGroup = -(R / 4), kLastGroup = (R - 3) >> 2;  // floor((R - 3) / 4)
  unsigned acc[3] = {0u, 0u, 0u};
  unsigned sum = (2 * R + 1) * (2 * R + 1) / 2;  // cpu::BoxTaps(R) / 2
#pragma unroll
  for (int c = -R; c <= R; ++c) {
    const int k = c >> 2;
    if (k >= kFirstGroup && k <= kLastGroup) {
      if ((c & 3) == 0) {
        const int j = 2 * (k - kFirstGroup);  // the word's index among those added, 7 per accumulator
        acc[j / 7] += e[k + kN];
        acc[(j + 1) / 7] += o[k + kN];
      }
    } else {
      sum += col(c);
    }
  }
#pragma unroll
  for (int i = 0; i < 3; ++i) sum += (acc[i] & 0xffffu) + (acc[i] >> 16);

  unsigned d[17];  // d[x] = 0x8000 + D(x), x = 1 .. 15 (d[16] unused)
#pragma unroll
  for (int x = 1; x <= 14; ++x) {
    if ((x & 3) == 1 || (x & 3) == 2) {
      const unsigned dp = pair(x + R) + 0x80008000u - pair(x - R - 1);
      d[x] = dp & 0xffffu;
      d[x + 2] = dp >> 16;
    }
  }
  unsigned q[16];
  q[0] = __umulhi(sum, reciprocal);
#pragma unroll
  for (int x = 1; x < 16; ++x) {
    sum = sum + d[x] - 0x8000u;
    q[x] = __umulhi(sum, reciprocal);
  }
  return PackMeans<0>(q);
}

}  // namespace fl::cuda::box
