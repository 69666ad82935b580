// The `fast` geometry kernel: bit-identical to the CPU reference (core/cpu/affine.hpp's MapPoint and
// SampleBilinear), with the same float operations in the same order but none of the slow conversion
// instructions, four outputs per thread, a warp shape that keeps each load instruction's footprint compact,
// and 32-bit loads that fetch both taps of a row at once.
//
// Why conversions: on sm_90 float <-> int conversions and floorf (F2I, I2F, FRND) run at 16 lanes per clock
// per SM, an eighth of the FMA rate. The reference spends about 8 of them per gray8 pixel (two floorf, two
// float -> int, four byte -> float) and 28 per rgba8 pixel: at 16 per clock that alone is 0.5 (1.75) SM
// cycles per pixel, twice the whole budget of a kernel at 70% of the copy (about 0.28 cycles per gray8 pixel
// on an H100). Each one has an exact replacement on the FMA and integer pipes:
//   - floor(s) and its int, for |s| < 2^22: r = s + 1.5 * 2^23 rounded down (__fadd_rd) is 1.5 * 2^23 +
//     floor(s) exactly, so r - 1.5 * 2^23 is floorf(s) bit for bit and the bits of r minus 0x4B400000 are the
//     int. Outside that range (or NaN) the int is >= 2^22 as unsigned, which the interior test rejects.
//   - byte -> float: __byte_perm places the byte under the exponent of 2^23 (0x4B0000bb is 2^23 + b), one
//     integer instruction; tap differences are exact in that biased form (b01 - b00 = B01 - B00), and the two
//     base taps subtract 2^23 (exact).
//   - RoundToU8: t = v + 0.5f as the reference rounds it, then t + 2^23 rounded down holds floor(t) in its
//   low
//     byte. In the interior v is a convex mix of bytes, so it lies in [0, 255] and the clamps never act.
// Only interior pixels (both taps of both rows inside the image) take this path; the rest (the fill around
// the rotated image and its one-pixel rim) run SampleBilinear itself.
//
// Per interior output pixel at the default launch (block 8x32, 4 rows per thread), 30 degrees, predicted:
//   - loads (gray8): the two taps of a row share a 32-bit word unless x0 % 4 == 3, so 2 LDG.32 per pixel plus
//   2
//     predicated ones that about a quarter of the lanes execute. Thread (tx, ty) computes x = tx + 8 i, so
//     one load instruction of a warp covers 8x4 neighbouring outputs; rotated by 30 degrees they span about
//     7 * 0.5 + 3 * 0.87 + 1 ~ 8 input rows of a few bytes each: ~8.5 sectors (and 128-byte lines) per full
//     instruction and ~6 for a predicated one, ~29 per 32 pixels (0.9 per pixel, 29 B of L1 traffic), against
//     4 instructions of ~17 each (2.1 per pixel) for `naive`'s 32x1 warps. rgba8: 4 LDG.32 per pixel (the
//     taps' words), ~12 sectors each, 1.5 per pixel. Bytes from DRAM as for a copy: ~0.85 B (gray8) read, the
//     rest of the output being fill, and 1 B written per pixel.
//   - instructions, counted in the SASS (cuobjdump) of the all-interior path of one row of 4 pixels: gray8
//   199
//     (50 per pixel: 13 FADD, 5.5 FFMA, 4 PRMT, 3 SHF, 4 LDG, 1 STG, the rest address and interior tests),
//     rgba8 345 (86 per pixel, 16 PRMT and 34 FADD of them). No conversion instruction on that path.
//   - bound: gray8 is issue-bound at 50 / 128 = 0.39 SM cycles per pixel (0.35 with the fill pixels) and the
//     L1 sees ~0.9 lines per pixel, ~0.45 cycles if it handles 2 lines per clock (the rate `naive`'s
//     measured 0.33 ms fits). The copy moves a gray8 pixel in ~0.2 cycles, so expect 45-55% of the copy
//     (naive 15%, texture 25%). rgba8 moves 4x the bytes for 1.7x the instructions: 0.67 cycles per pixel
//     against the copy's ~0.7, so 70-90% of the copy, memory-bound rather than issue-bound.
#include <cstdint>

#include "core/cpu/affine.hpp"
#include "core/error.hpp"
#include "cuda/filters/warp.hpp"
#include "cuda/filters/warp_sample.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

using warp::Split;
using warp::SplitCoord;

constexpr int kPixelsPerThread = 4;  // strided by blockDim.x, so a warp's loads stay 2D-compact

struct FastArgs {
  warp::DirectInput direct;
  const std::uint8_t* in_bytes;
  std::size_t in_pitch;
  int in_w, in_h;
  std::uint8_t* out;
  unsigned out_pitch_pixels;  // rows are 4-byte aligned, so for rgba8 a whole number of pixels
  int out_w, out_h;
  cpu::AffineF inverse;
  std::uint8_t fill;
  float step_x;  // blockDim.x as a float: the x distance between a thread's pixels
  int rows;      // ppt: rows per thread
};

// Four outputs of row y: x = x_first + bx i. When all four are interior (most threads) their loads are issued
// together; otherwise each pixel takes its own path.
template <int C>
__device__ __forceinline__ void WarpFour(const FastArgs& a, int x_first, int y, int bx, float step) {
  // MapPoint's inner fmaf depends on y only; the outer one, per pixel, is the same operation on the same
  // values.
  const float fy = static_cast<float>(y);
  const float row_x = fmaf(a.inverse.m[1], fy, a.inverse.m[2]);
  const float row_y = fmaf(a.inverse.m[4], fy, a.inverse.m[5]);
  // One address per row; the four stores add bx * C (an immediate offset when bx is a template constant).
  const unsigned first = static_cast<unsigned>(y) * a.out_pitch_pixels + static_cast<unsigned>(x_first);
  std::uint8_t* dst = a.out + static_cast<std::size_t>(first) * C;
  float fx = static_cast<float>(x_first);  // exact integers: sides are at most kMaxImageSide = 32768 < 2^24
  float sx[kPixelsPerThread], sy[kPixelsPerThread];
  Split hx[kPixelsPerThread], hy[kPixelsPerThread];
  bool all_interior = x_first + (kPixelsPerThread - 1) * bx < a.out_w;
#pragma unroll
  for (int i = 0; i < kPixelsPerThread; ++i, fx += step) {
    sx[i] = fmaf(a.inverse.m[0], fx, row_x);
    sy[i] = fmaf(a.inverse.m[3], fx, row_y);
    hx[i] = SplitCoord(sx[i]);
    hy[i] = SplitCoord(sy[i]);
    all_interior &= warp::TapsInside(a.direct, hx[i], hy[i]);
  }
  if (all_interior) {
    unsigned v[kPixelsPerThread];
#pragma unroll
    for (int i = 0; i < kPixelsPerThread; ++i) v[i] = warp::Interior<C>(a.direct, hx[i], hy[i]);
#pragma unroll
    for (int i = 0; i < kPixelsPerThread; ++i) warp::Store<C>(dst + i * bx * C, v[i]);
    return;
  }
#pragma unroll
  for (int i = 0; i < kPixelsPerThread; ++i) {
    if (x_first + i * bx >= a.out_w) return;
    if (warp::TapsInside(a.direct, hx[i], hy[i]))
      warp::Store<C>(dst + i * bx * C, warp::Interior<C>(a.direct, hx[i], hy[i]));
    else
      cpu::SampleBilinear<C>(a.in_bytes, a.in_pitch, a.in_w, a.in_h, sx[i], sy[i], a.fill, dst + i * bx * C);
  }
}

// Block (bx, by) covers (4 bx) x (by ppt) outputs: thread (tx, ty) computes x = tile_x + tx + bx i, i < 4, in
// rows y = tile_y + ty + by j, j < ppt. With bx = 8 a warp is 8 x 4 threads and each of its instructions
// touches 8 x 4 neighbouring outputs. kBlockX = 8 (the default launch) makes the strides compile-time
// constants (immediate store offsets); 0 reads blockDim.x.
template <int C, int kBlockX>
__global__ void __launch_bounds__(1024) WarpBilinearFast(const FastArgs a) {
  const int bx = kBlockX > 0 ? kBlockX : static_cast<int>(blockDim.x);
  const float step = kBlockX > 0 ? static_cast<float>(kBlockX) : a.step_x;
  const int x_first = static_cast<int>(blockIdx.x) * bx * kPixelsPerThread + static_cast<int>(threadIdx.x);
  if (x_first >= a.out_w) return;
  const int by = static_cast<int>(blockDim.y);
  int y = static_cast<int>(blockIdx.y) * by * a.rows + static_cast<int>(threadIdx.y);
#pragma unroll 1
  for (int j = 0; j < a.rows && y < a.out_h; ++j, y += by) WarpFour<C>(a, x_first, y, bx, step);
}

using KernelPtr = void (*)(FastArgs);

KernelPtr KernelFor(PixelFormat f, const LaunchConfig& c) {
  const bool eight = c.block_x == 8;
  if (f == PixelFormat::Rgba8) return eight ? WarpBilinearFast<4, 8> : WarpBilinearFast<4, 0>;
  return eight ? WarpBilinearFast<1, 8> : WarpBilinearFast<1, 0>;
}

void LaunchFast(const CudaCall& c, const cpu::WarpSetup& s) {
  warp::CheckRowAlignment(c, 4, "warp fast kernel");  // word loads and stores
  const FastArgs a{warp::DirectInputOf(c.in),
                   c.in.data,
                   c.in.pitch,
                   c.in.shape.width,
                   c.in.shape.height,
                   c.out.data,
                   static_cast<unsigned>(c.out.pitch / BytesPerPixel(c.out.shape.format)),
                   c.out.shape.width,
                   c.out.shape.height,
                   s.inverse,
                   s.fill,
                   static_cast<float>(c.launch.block_x),
                   c.launch.ppt};
  const auto kernel = KernelFor(c.in.shape.format, c.launch);
  kernel<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(a);
  FL_CUDA_CHECK_LAUNCH("WarpBilinearFast");
}

}  // namespace

void LaunchWarpAffineFast(const CudaCall& c) {
  if (c.launch.smem)
    LaunchWarpAffineTile(c);
  else
    LaunchFast(c, cpu::WarpAffineSetup(c.params, c.in.shape));
}
void LaunchLetterboxFast(const CudaCall& c) { LaunchFast(c, cpu::LetterboxSetup(c.params, c.in.shape)); }

const void* WarpAffineFastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&) {
  return c.smem ? WarpTileKernel(f) : reinterpret_cast<const void*>(KernelFor(f, c));
}
const void* LetterboxFastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&) {
  return reinterpret_cast<const void*>(KernelFor(f, c));
}

}  // namespace fl::cuda
