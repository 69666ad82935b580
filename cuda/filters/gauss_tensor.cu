// `tensor` gauss (gray8, radius 1..8): both separable passes as matrix products on the tensor cores
// (mma.sync m16n8k16, half inputs, float accumulators), so a pixel costs a few instructions instead of 2(2r+1)
// fused multiply-adds.
//
// A warp owns a strip 16 pixels wide and ppt rows tall and walks down it 16 output rows at a time.
// Row pass, per tile of 8 rows: H (16 x-positions x 8 rows) = T (16 x 32) * P (32 input x-positions x 8 rows),
// T the band (Toeplitz) matrix of the 1D weights, P the 32 input pixels from x0 - 8: two mma of k = 16.
// Column pass, per 16 output rows: O (16 rows x 8 x-positions) = W (16 x 32) * H (32 rows x 8 x-positions), the
// 32 rows being four row-pass tiles from 8 rows above to 8 below: two mma per 8 x-positions, 4 per step.
// The summation index of a product can be numbered in any order as long as both factors agree. Numbering the
// row pass's k so that each thread's part of P is 8 contiguous bytes (one 8-byte load), and its m (the output
// x) so that each thread's part of O is 4 contiguous bytes of a row (one 4-byte store), makes the row pass's
// result fragment exactly the column pass's operand fragment: no shuffle and no shared memory anywhere.
//
// Numbers: a byte q becomes the half 1024 + q with one byte permute (0x64 is the high byte of 1024.0 in half), and
// the row pass's accumulator starts at -1024 * sum(weights), which removes the offset again. Error bound: half
// weights (relative error <= 2^-11) in both passes and half row results (<= 1/16 grey level) move an output by
// at most 0.32 grey levels before rounding, so it rounds within 1 of the float reference (the filter's tolerance).
#include <cuda_fp16.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "core/error.hpp"
#include "cuda/filters/gauss_tensor.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

constexpr int kStripWidth = 16;  // output columns per warp: the row pass's m
constexpr int kTileRows = 8;     // rows per row-pass tile: the mma's n

struct HalfWeights {
  unsigned short bits[2 * kGaussTensorMaxRadius + 1];  // the 1D weights as half, raw bits
  int radius;
  float row_bias;  // -1024 * (sum of the half weights)
};

struct TensorArgs {
  const std::uint8_t* in;
  std::size_t in_pitch;
  std::uint8_t* out;
  std::size_t out_pitch;
  int w, h;
  int rows;          // output rows per warp, a multiple of 16
  bool wide_loads;   // input and its pitch 8-byte aligned: 8-byte loads
  bool word_stores;  // output and its pitch 4-byte aligned: 4-byte stores
};

// Input byte of the 32-byte window for the row pass's summation index k (see the header comment): thread t of
// a quad holds k = 2t + {0, 1, 8, 9} (+16), which are bytes 8t .. 8t + 7.
__device__ __forceinline__ int InputOffsetOfK(int k) {
  const int kb = k >> 4, r = k & 15;
  return 8 * ((r & 7) >> 1) + 4 * kb + 2 * (r >> 3) + (r & 1);
}
// Output x (0..15 in the strip) of the row pass's m: thread t's output fragment covers x = 4t .. 4t + 3.
__device__ __forceinline__ int OutputXOfM(int m) { return 4 * ((m & 7) >> 1) + 2 * (m >> 3) + (m & 1); }

__device__ __forceinline__ unsigned short TapBits(const HalfWeights& wt, int d) {
  return (d >= -wt.radius && d <= wt.radius) ? wt.bits[d + wt.radius] : 0;
}

// The A fragment (row-major 16 x 16, k block kb) of a matrix given element-wise: registers hold (m, k) pairs
// (g, 2t..2t+1), (g + 8, 2t..), (g, 2t + 8..), (g + 8, 2t + 8..) with g = lane / 4, t = lane % 4.
template <typename Element>
__device__ uint4 AFragment(Element a, int kb) {
  const int lane = static_cast<int>(threadIdx.x) & 31, g = lane >> 2, t = lane & 3;
  auto pair = [&](int m, int k) { return unsigned(a(m, k)) | (unsigned(a(m, k + 1)) << 16); };
  const int k = 16 * kb + 2 * t;
  return make_uint4(pair(g, k), pair(g + 8, k), pair(g, k + 8), pair(g + 8, k + 8));
}

__device__ __forceinline__ void Mma(float (&d)[4], const uint4& a, unsigned b0, unsigned b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a.x), "r"(a.y), "r"(a.z), "r"(a.w), "r"(b0), "r"(b1));
}

__device__ __forceinline__ unsigned HalfPair(float lo, float hi) {
  const __half2 h = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<const unsigned*>(&h);
}

// One tile's row pass results, as the column pass's operand: rows 2t, 2t + 1 of the tile at x-positions
// OutputXOfM(g) (x-tile 0) and OutputXOfM(g + 8) (x-tile 1).
struct TileRows {
  unsigned x0, x1;
};

__device__ __forceinline__ TileRows RowPass(const uint4 (&t)[2], float bias, uint2 bytes) {
  constexpr unsigned kHigh = 0x64646464u;  // 1024.0 in half is 0x6400
  float c[4] = {bias, bias, bias, bias};
  Mma(c, t[0], __byte_perm(bytes.x, kHigh, 0x4140), __byte_perm(bytes.x, kHigh, 0x4342));
  Mma(c, t[1], __byte_perm(bytes.y, kHigh, 0x4140), __byte_perm(bytes.y, kHigh, 0x4342));
  return {HalfPair(c[0], c[1]), HalfPair(c[2], c[3])};
}

// 8 bytes of `row` from x, each clamped to the row (the strips at the image's left and right edges).
__device__ __noinline__ uint2 LoadClampedWindow(const std::uint8_t* row, int x, int w) {
  unsigned v[2] = {0, 0};
#pragma unroll
  for (int i = 0; i < 8; ++i) v[i / 4] |= unsigned(__ldg(row + ClampInt(x + i, 0, w - 1))) << (8 * (i % 4));
  return make_uint2(v[0], v[1]);
}

// floor(v) in the low byte, for 0 <= v < 256 (v carries its +0.5 already; see gauss::RoundU8 for the trick). No
// clamp is needed: a Gaussian is a weighted mean, so the exact value is in [0, 255], and the error bound (0.32)
// keeps v = value + 0.5 in [0.18, 255.82].
__device__ __forceinline__ unsigned FloorByte(float v) { return __float_as_uint(__fadd_rz(v, 8388608.0f)); }
__device__ __forceinline__ unsigned PackBytes(float a, float b, float c, float d) {
  return __byte_perm(__byte_perm(FloorByte(a), FloorByte(b), 0x0040),
                     __byte_perm(FloorByte(c), FloorByte(d), 0x0040), 0x5410);
}

__device__ __forceinline__ void StoreWord(std::uint8_t* p, bool whole, int valid, unsigned word) {
  if (whole) {
    *reinterpret_cast<unsigned*>(p) = word;
    return;
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
    if (i < valid) p[i] = static_cast<std::uint8_t>(word >> (8 * i));
}

__global__ void __launch_bounds__(256) GaussTensor(const __grid_constant__ HalfWeights wt, const TensorArgs a) {
  const int lane = static_cast<int>(threadIdx.x) & 31, g = lane >> 2, t = lane & 3;
  const int x0 = static_cast<int>(blockIdx.x * blockDim.y + threadIdx.y) * kStripWidth;
  const int ys = static_cast<int>(blockIdx.y) * a.rows;
  if (x0 >= a.w || ys >= a.h) return;  // the same for the whole warp
  const int yend = min(ys + a.rows, a.h);

  // The band matrices, built once: row pass T(m, k) = w[x_in(k) - x_out(m)], column pass W(m, i) = w[i - 8 - m].
  auto row_tap = [&](int m, int k) { return TapBits(wt, InputOffsetOfK(k) - 8 - OutputXOfM(m)); };
  auto col_tap = [&](int m, int i) { return TapBits(wt, i - 8 - m); };
  const uint4 row_a[2] = {AFragment(row_tap, 0), AFragment(row_tap, 1)};
  const uint4 col_a[2] = {AFragment(col_tap, 0), AFragment(col_tap, 1)};

  // Tile j holds rows ys - 8 + 8j .. +7; thread (g, t) loads row g's bytes xl .. xl + 7. Tiles past the last
  // one the strip needs are not loaded.
  const int xl = x0 - 8 + 8 * t;
  const bool wide = a.wide_loads && xl >= 0 && xl + 8 <= a.w;
  const int last_tile = (yend - ys + 15) / 16 * 2 + 1;
  auto load = [&](int j) {
    if (j > last_tile) return make_uint2(0, 0);
    const std::uint8_t* row = a.in + static_cast<std::size_t>(ClampInt(ys - 8 + kTileRows * j + g, 0, a.h - 1)) *
                                         a.in_pitch;
    return wide ? __ldg(reinterpret_cast<const uint2*>(row + xl)) : LoadClampedWindow(row, xl, a.w);
  };
  // Thread (g, t) stores x = xs .. xs + 3 of rows g and g + 8 of each step.
  const int xs = x0 + 4 * t;
  const int valid = a.w - xs;  // bytes of the word inside the row (<= 0: none)
  const bool whole = a.word_stores && valid >= 4;
  std::uint8_t* dst = a.out + static_cast<std::size_t>(ys + g) * a.out_pitch + xs;
  const std::size_t eight_rows = 8 * a.out_pitch;

  TileRows above = RowPass(row_a, wt.row_bias, load(0)), top = RowPass(row_a, wt.row_bias, load(1));
  uint2 next[2] = {load(2), load(3)}, after[2] = {load(4), load(5)};  // two steps in flight
  for (int y0 = ys, j = 6; y0 < yend; y0 += 16, j += 2) {
    const TileRows bottom = RowPass(row_a, wt.row_bias, next[0]), below = RowPass(row_a, wt.row_bias, next[1]);
    next[0] = after[0], next[1] = after[1];
    after[0] = load(j), after[1] = load(j + 1);
    // Rows y0 - 8 .. y0 + 23 as k: above, top | bottom, below. Accumulators start at +0.5 for the rounding.
    float o0[4] = {0.5f, 0.5f, 0.5f, 0.5f}, o1[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    Mma(o0, col_a[0], above.x0, top.x0);
    Mma(o0, col_a[1], bottom.x0, below.x0);
    Mma(o1, col_a[0], above.x1, top.x1);
    Mma(o1, col_a[1], bottom.x1, below.x1);
    // o0: rows g, g + 8 at x 4t, 4t + 1; o1: the same rows at x 4t + 2, 4t + 3.
    if (valid > 0) {
      if (y0 + g < yend) StoreWord(dst, whole, valid, PackBytes(o0[0], o0[1], o1[0], o1[1]));
      if (y0 + g + 8 < yend) StoreWord(dst + eight_rows, whole, valid, PackBytes(o0[2], o0[3], o1[2], o1[3]));
    }
    dst += 2 * eight_rows;
    above = bottom, top = below;
  }
}

bool Aligned(const void* p, std::size_t pitch, std::size_t n) {
  return reinterpret_cast<std::uintptr_t>(p) % n == 0 && pitch % n == 0;
}

}  // namespace

std::optional<std::string> GaussTensorProblem(const LaunchConfig& c, const ParamValues& p) {
  if (p.Int("radius") > kGaussTensorMaxRadius)
    return "tensor serves radius 1.." + std::to_string(kGaussTensorMaxRadius) +
           " (its band matrices span 32 pixels), not " + std::to_string(p.Int("radius")) +
           ": pick separable_fused";
  if (c.block_x != 32) return "tensor needs block x = 32 (one warp across; each warp owns a 16-pixel strip)";
  if (c.block_y < 1 || c.block_y > 8) return "tensor takes block y 1..8 (warps side by side)";
  if (c.ppt < 16 || c.ppt % 16 != 0) return "tensor needs ppt (rows per warp) a multiple of 16";
  return std::nullopt;
}

const void* GaussTensorKernel(PixelFormat, const LaunchConfig&) { return reinterpret_cast<const void*>(GaussTensor); }

void LaunchGaussTensor(const CudaCall& c) {
  const int r = c.params.Int("radius");
  if (r < 1 || r > kGaussTensorMaxRadius)
    throw InputError("gauss tensor: radius " + std::to_string(r) + " is outside 1.." +
                     std::to_string(kGaussTensorMaxRadius));
  if (c.in.shape.format != PixelFormat::Gray8) throw InputError("gauss tensor: gray8 only");
  const std::vector<float> w1 = GaussWeights1D(r, c.params.Float("sigma"));
  HalfWeights wt{};
  wt.radius = r;
  float sum = 0.0f;
  for (int i = 0; i <= 2 * r; ++i) {
    const __half h = __float2half_rn(w1[static_cast<std::size_t>(i)]);
    wt.bits[i] = __half_as_ushort(h);
    sum += __half2float(h);
  }
  wt.row_bias = -1024.0f * sum;
  const TensorArgs a{c.in.data,
                     c.in.pitch,
                     c.out.data,
                     c.out.pitch,
                     c.in.shape.width,
                     c.in.shape.height,
                     c.launch.ppt,
                     Aligned(c.in.data, c.in.pitch, 8),
                     Aligned(c.out.data, c.out.pitch, 4)};
  GaussTensor<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(wt, a);
  FL_CUDA_CHECK_LAUNCH("GaussTensor");
}

}  // namespace fl::cuda
