#pragma once
// Word arithmetic for the strip kernels (chunk_strip.cuh): the pixels d to the left or right of a word, and the
// 16-bit-lane ("SIMD within a register") sums that let one 32-bit add serve two 8-bit channels.
#include <cuda_runtime.h>

namespace fl::cuda::strip {

// The even bytes of a word as two 16-bit lanes; the odd bytes are (w >> 8) & kLanes. Sums of up to 257 bytes
// fit a lane, so lane-wise adds of such values never carry into the next lane.
constexpr unsigned kLanes = 0x00FF00FFu;

// __byte_perm selectors: the word of pixels 1, 2 or 3 to the left of m (taken from l, m) or to the right of m
// (taken from m, r). __byte_perm(a, b, s) picks result byte k from byte (s >> 4k) & 7 of {a, b}.
__host__ __device__ constexpr unsigned LeftSelector(int d) { return d == 1 ? 0x6543u : d == 2 ? 0x5432u : 0x4321u; }
__host__ __device__ constexpr unsigned RightSelector(int d) { return d == 1 ? 0x4321u : d == 2 ? 0x5432u : 0x6543u; }

// The word whose pixels lie D pixels left of those of word i of an extended chunk (ext[kNbr + i] is word i).
// rgba8 (Bpp 4): a word is a pixel, so it is word i - D. gray8: D pixels are D bytes, a whole-word step plus a
// byte shift across two words.
template <int Bpp, int kNbr, int D>
__device__ __forceinline__ unsigned PixelsLeft(const unsigned* ext, int i) {
  if constexpr (Bpp == 4) {
    return ext[kNbr + i - D];
  } else {
    constexpr int q = D / 4, rem = D % 4;
    if constexpr (rem == 0) return ext[kNbr + i - q];
    else return __byte_perm(ext[kNbr + i - q - 1], ext[kNbr + i - q], LeftSelector(rem));
  }
}
template <int Bpp, int kNbr, int D>
__device__ __forceinline__ unsigned PixelsRight(const unsigned* ext, int i) {
  if constexpr (Bpp == 4) {
    return ext[kNbr + i + D];
  } else {
    constexpr int q = D / 4, rem = D % 4;
    if constexpr (rem == 0) return ext[kNbr + i + q];
    else return __byte_perm(ext[kNbr + i + q], ext[kNbr + i + q + 1], RightSelector(rem));
  }
}

// Words needed beyond the chunk on each side for a radius of R pixels.
__host__ __device__ constexpr int NbrWords(int radius, int bpp) { return (radius * bpp + 3) / 4; }

// Even and odd byte lanes of a word.
__device__ __forceinline__ unsigned Even(unsigned w) { return w & kLanes; }
__device__ __forceinline__ unsigned Odd(unsigned w) { return (w >> 8) & kLanes; }
// Two words of 16-bit lanes, each lane holding a value < 256, back into one word of bytes.
__device__ __forceinline__ unsigned Interleave(unsigned even, unsigned odd) { return even | (odd << 8); }

}  // namespace fl::cuda::strip
