#pragma once
// Word arithmetic for the strip kernels (chunk_strip.cuh): the 16-bit-lane ("SIMD within a register") split of a
// word's bytes that lets one 32-bit add serve two 8-bit channels, and a gray8 pixel's neighbours in those lanes.
#include <cuda_runtime.h>

namespace fl::cuda::strip {

// The even bytes of a word as two 16-bit lanes (the odd bytes likewise: Odd below). Sums of up to 257 bytes
// fit a lane, so lane-wise adds of such values never carry into the next lane.
constexpr unsigned kLanes = 0x00FF00FFu;

// Words needed beyond the chunk on each side for a radius of R pixels.
__host__ __device__ constexpr int NbrWords(int radius, int bpp) { return (radius * bpp + 3) / 4; }

// Even and odd byte lanes of a word (each one instruction: an AND, a byte permute).
__device__ __forceinline__ unsigned Even(unsigned w) { return w & kLanes; }
__device__ __forceinline__ unsigned Odd(unsigned w) { return __byte_perm(w, 0u, 0x4341u); }

// The upper lane of a and the lower lane of b: for lane words of gray8 pixels, the lanes one pixel pair to the
// left of b.
__device__ __forceinline__ unsigned LaneShift(unsigned a, unsigned b) { return __byte_perm(a, b, 0x5432u); }

// The lanes of gray8 word c of an extended chunk (ext[kNbr + c]) and of its one-pixel neighbours, from one split
// per word: for the even pixels (0, 2) the left neighbours are odd pixels (-1, 1), the right ones the odd pixels
// of the word itself; for the odd pixels (1, 3) the left ones are the word's even pixels, the right ones even
// pixels (2, 4). Splitting l = m << 1 pixel and r = m >> 1 pixel themselves would cost four more instructions.
struct GrayLanes {
  unsigned even, odd;  // pixels 0, 2 and 1, 3 of the word
  unsigned odd_left;   // pixels -1, 1: the left neighbours of the even pixels
  unsigned even_right;  // pixels 2, 4: the right neighbours of the odd pixels
};
template <int kNbr>
__device__ __forceinline__ void SplitGrayWords(const unsigned* ext, GrayLanes (&out)[4]) {
  unsigned e[6], o[6];  // words -1 .. 4
#pragma unroll
  for (int k = 0; k < 6; ++k) {
    if (k > 0) e[k] = Even(ext[kNbr - 1 + k]);
    if (k < 5) o[k] = Odd(ext[kNbr - 1 + k]);
  }
#pragma unroll
  for (int c = 0; c < 4; ++c)
    out[c] = {e[c + 1], o[c + 1], LaneShift(o[c], o[c + 1]), LaneShift(e[c + 1], e[c + 2])};
}
// Two words of 16-bit lanes, each lane holding a value < 256, back into one word of bytes.
__device__ __forceinline__ unsigned Interleave(unsigned even, unsigned odd) { return even | (odd << 8); }
// The same for lanes holding sums below 2^(8 + kShift), each divided by 2^kShift: the even results are even >>
// kShift, the odd ones (odd >> kShift) << 8 = odd << (8 - kShift), each masked to its bytes (the bits a lane shifts
// into its neighbour fall outside the mask).
template <int kShift>
__device__ __forceinline__ unsigned InterleaveShifted(unsigned even, unsigned odd) {
  return ((even >> kShift) & kLanes) | ((odd << (8 - kShift)) & ~kLanes);
}

}  // namespace fl::cuda::strip
