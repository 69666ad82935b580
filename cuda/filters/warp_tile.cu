// The `fast` warp_affine kernel with shared memory on: each block first copies the input region its tile's
// outputs map into (the rotated footprint's bounding box plus a margin, cuda/filters/warp_tile_plan.hpp) into
// shared memory by cp.async in aligned chunks, then samples from there with warp_fast.cu's exact arithmetic.
//
// Why: the direct kernel (smem off) is limited by its L1, not by DRAM or arithmetic. Every tap load of a warp
// touches ~8 input rows, so the L1 looks up ~8 lines per instruction (0.9 sectors per pixel; ncu: L1 "Mem
// Busy" 94% at 21.6% of the copy). Here the input arrives once per block in whole 128-byte lines, and a tap
// load costs one shared-memory wavefront per bank conflict: the layout's row stride is chosen on the host by
// counting the conflicts of the block's first warps (TapWavefronts) over the candidate strides (StrideStep).
//
// Per interior output pixel (gray8), counted in the SASS of the loop: 2 FFMA for the position, 6 FADD for the
// floor and fraction (no slow conversion), 1 IMAD for the shared-memory address, 4 LDS.U8, 4 I2FP and 2
// integer subtracts for the taps, 6 for the lerps and rounding, ~1.5 to pack and store a word of 4 outputs:
// 29 per pixel. ncu of the whole kernel (8192 x 8192, 30 degrees, H100) counts ~40 per pixel (83.5 M warp
// instructions for 67 M pixels): the staging, the block's set-up and the per-pixel tests of the blocks on the
// image's border are the rest. The scheduler issues on 86% of cycles: issue-bound, at 42% of the copy (the direct
// kernel: 21%, bound by its L1). ncu's source counters (bench/results/2026-11-27j_session10, call 2) split those
// 83.4 M: the loop 61% (0.9 warp instructions per pixel: even alone, at this issue rate, about 60% of the copy),
// each warp's set-up 13% (83 instructions, and 37% of the stall samples: a block's start), the staging 12%.
// Blocks whose region lies inside the image skip every per-pixel test; blocks whose region lies
// outside it store `fill` words; the others (the image's border) test each pixel and fall back to direct loads
// or SampleBilinear itself, so every output is bit-identical to the reference.
#include <cstdint>

#include "core/error.hpp"
#include "cuda/filters/row_pipe.cuh"
#include "cuda/filters/warp.hpp"
#include "cuda/filters/warp_sample.cuh"
#include "cuda/filters/warp_tile_plan.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

using warp::Split;
using warp::SplitCoord;

struct TileArgs {
  warp::DirectInput direct;
  const std::uint8_t* in;
  std::size_t in_pitch;
  int in_w, in_h;
  std::uint8_t* out;
  std::size_t out_pitch;
  int out_w, out_h;
  cpu::AffineF inverse;
  std::uint8_t fill;
  int rows;  // ppt: rows per thread
  warp::TileLayout layout;
  warp::RegionOrigins origins;
};

// The input this block holds in shared memory: pixels [x0, x1) of rows [y0, y1) (empty when not staged), row
// y0 from byte `base` of the image row (16-byte aligned) at shared byte 0. `whole`: the unclamped region lies
// inside the image and the tile inside the output, so no pixel of the block needs a test. `outside`: it lies
// wholly outside the image, so every tap reads `fill` and every output is `fill` exactly (SampleBilinear's lerps
// of four equal values return that value).
struct Region {
  int x0, x1, y0, y1, base;
  bool whole, outside;
};

template <int C>
__device__ Region BlockRegion(const TileArgs& a) {
  const warp::TileLayout& l = a.layout;
  const int i = static_cast<int>(blockIdx.x), j = static_cast<int>(blockIdx.y);
  const int rx = warp::RegionStart(a.origins.x, i, j), ry = warp::RegionStart(a.origins.y, i, j);
  Region r;
  r.x0 = max(rx, 0);
  r.y0 = max(ry, 0);
  r.x1 = l.staged ? min(rx + l.region_w, a.in_w) : r.x0;
  r.y1 = l.staged ? min(ry + l.region_h, a.in_h) : r.y0;
  r.base = (r.x0 * C) & ~(warp::kChunkBytes - 1);
  const bool tile_inside = (i + 1) * l.tile_w <= a.out_w && (j + 1) * l.tile_h <= a.out_h;
  r.whole = l.staged && rx >= 0 && ry >= 0 && rx + l.region_w <= a.in_w && ry + l.region_h <= a.in_h &&
            tile_inside;
  r.outside = l.staged && (rx + l.region_w <= 0 || ry + l.region_h <= 0 || rx >= a.in_w || ry >= a.in_h) &&
              tile_inside;
  return r;
}

// 4 bytes by cp.async: rgba8's shared rows are only 4-byte aligned (StrideStep).
__device__ __forceinline__ void CpAsync4To(unsigned slot, const void* gmem) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(slot), "l"(gmem) : "memory");
}

// Starts copying the region's rows in 16-byte chunks by cp.async (one commit group; the caller waits for it):
// 2^shift threads per row, so that a short row (7 chunks for a 64x64 tile at 30 degrees) does not leave most of a
// warp idle. Chunks may reach past the row's last pixel, never past its pitch (a multiple of 16, checked by the
// launcher). Every chunk is in flight at once. Before, each went through registers, its store waiting for its
// load, one latency after another (ncu: those stores held a third of gray8's stall samples).
template <int C>
__device__ void StageRegion(const TileArgs& a, const Region& r, unsigned char* smem) {
  const int rows = r.y1 - r.y0;
  const int chunks = (r.x1 * C - r.base + warp::kChunkBytes - 1) / warp::kChunkBytes;
  if (rows <= 0 || chunks <= 0) return;
  const int shift = a.layout.fill_lane_shift, lanes = 1 << shift;
  const int threads = static_cast<int>(blockDim.x * blockDim.y);
  const int t = static_cast<int>(threadIdx.y * blockDim.x + threadIdx.x);
  const int rows_per_step = threads >> shift;
  const int first_chunk = t & (lanes - 1);
  if (t >= rows_per_step << shift || first_chunk >= chunks) return;
  int row = t >> shift;
  const std::uint8_t* src = a.in + static_cast<std::size_t>(r.y0 + row) * a.in_pitch + r.base +
                            warp::kChunkBytes * first_chunk;
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem)) +
                 static_cast<unsigned>(row * a.layout.stride + warp::kChunkBytes * first_chunk);
  const std::size_t src_step = static_cast<std::size_t>(rows_per_step) * a.in_pitch;
  const unsigned dst_step = static_cast<unsigned>(rows_per_step * a.layout.stride);
  const int lane_bytes = warp::kChunkBytes * lanes;
  // Whole chunks where the stride keeps every row 16-byte aligned (always for gray8; for rgba8 when the plan chose
  // such a stride, as it does at 30 degrees): four 4-byte copies cost about four times the instructions.
  auto copy = [&](auto chunk) {
    for (; row < rows; row += rows_per_step, src += src_step, dst += dst_step)
      for (int c = first_chunk, offset = 0; c < chunks; c += lanes, offset += lane_bytes)
        chunk(dst + offset, src + offset);
  };
  if (warp::StrideStep(C) % 16 == 0 || a.layout.stride % 16 == 0) {
    copy([](unsigned d, const std::uint8_t* g) { strip::CpAsync16To(d, g); });
  } else {
    copy([](unsigned d, const std::uint8_t* g) {
#pragma unroll
      for (int k = 0; k < 16; k += 4) CpAsync4To(d + k, g + k);
    });
  }
  strip::CpAsyncCommit();
}

// Loads from a 32-bit shared-memory address. Written as PTX so that the address stays a 32-bit sum the
// compiler can split into a per-thread register and a block-uniform one (LDS [R + UR + imm]): row 0's and row
// 1's taps then share one register, and the region's origin costs no instruction per pixel.
__device__ __forceinline__ unsigned SharedByte(unsigned address) {
  unsigned v;
  asm volatile("ld.shared.u8 %0, [%1];" : "=r"(v) : "r"(address));
  return v;
}
__device__ __forceinline__ unsigned SharedWord(unsigned address) {
  unsigned v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(address));
  return v;
}

// The four taps at shared address `row0 + offset` (x0, y0) and `row1 + offset` (row y0 + 1), interpolated as
// SampleBilinear does. gray8 converts with I2FP (int -> float, on sm_90 an ALU-pipe instruction: ncu showed no
// extra XU-pipe use): the tap and the tap difference of each row as two conversions and one integer subtract,
// where the biased-float form costs two byte permutes and two adds.
template <int C>
__device__ __forceinline__ unsigned SharedSample(unsigned row0, unsigned row1, unsigned offset, float ax,
                                                 float ay) {
  if constexpr (C == 1) {
    const int b00 = SharedByte(row0 + offset), b01 = SharedByte(row0 + offset + 1);
    const int b10 = SharedByte(row1 + offset), b11 = SharedByte(row1 + offset + 1);
    return warp::LerpAndRound(__int2float_rn(b00), __int2float_rn(b01 - b00), __int2float_rn(b10),
                              __int2float_rn(b11 - b10), ax, ay);
  } else {
    return warp::InterpolateRgba(SharedWord(row0 + offset), SharedWord(row0 + offset + 4),
                                 SharedWord(row1 + offset), SharedWord(row1 + offset + 4), ax, ay);
  }
}

// Four consecutive outputs from x (a multiple of 4): one 32-bit store (gray8) or one 128-bit store (rgba8).
template <int C>
__device__ __forceinline__ void StoreUnit(std::uint8_t* dst, const unsigned (&v)[warp::kUnitPixels]) {
  if constexpr (C == 1)
    *reinterpret_cast<unsigned*>(dst) =
        __byte_perm(__byte_perm(v[0], v[1], 0x0040), __byte_perm(v[2], v[3], 0x0040), 0x5410);
  else
    *reinterpret_cast<uint4*>(dst) = make_uint4(v[0], v[1], v[2], v[3]);
}

// A block whose every tap is in shared memory: no test per pixel. The shared address of (x0, y0) is
// row0 + bits(ry) stride + bits(rx) C, where rx, ry are the floor sums (1.5 * 2^23 + floor) as floats and the
// uniform row0 takes the magic and the region's origin off (modulo 2^32).
template <int C>
__device__ void SampleWholeTile(const TileArgs& a, const Region& r, const unsigned char* smem, int x, int y) {
  const unsigned stride = static_cast<unsigned>(a.layout.stride);
  const unsigned row0 = static_cast<unsigned>(__cvta_generic_to_shared(smem)) -
                        (static_cast<unsigned>(warp::kFloorMagicBits) + static_cast<unsigned>(r.y0)) * stride -
                        static_cast<unsigned>(warp::kFloorMagicBits) * C - static_cast<unsigned>(r.base);
  const unsigned row1 = row0 + stride;
  const float* m = a.inverse.m;
  float fx[warp::kUnitPixels];
#pragma unroll
  for (int i = 0; i < warp::kUnitPixels; ++i) fx[i] = static_cast<float>(x + i);
  float fy = static_cast<float>(y);
  const float step_y = static_cast<float>(blockDim.y);  // exact: rows are below 2^24
  std::uint8_t* dst = a.out + static_cast<std::size_t>(y) * a.out_pitch + static_cast<std::size_t>(x) * C;
  const std::size_t dst_step = blockDim.y * a.out_pitch;
#pragma unroll 1
  for (int j = 0; j < a.rows; ++j, fy += step_y, dst += dst_step) {
    const float row_x = fmaf(m[1], fy, m[2]), row_y = fmaf(m[4], fy, m[5]);  // MapPoint's inner fmaf
    unsigned v[warp::kUnitPixels];
#pragma unroll
    for (int i = 0; i < warp::kUnitPixels; ++i) {
      const float sx = fmaf(m[0], fx[i], row_x), sy = fmaf(m[3], fx[i], row_y);
      const float rx = __fadd_rd(sx, warp::kFloorMagic), ry = __fadd_rd(sy, warp::kFloorMagic);
      const float ax = sx - (rx - warp::kFloorMagic), ay = sy - (ry - warp::kFloorMagic);
      v[i] = SharedSample<C>(row0, row1, __float_as_uint(ry) * stride + __float_as_uint(rx) * C, ax, ay);
    }
    StoreUnit<C>(dst, v);
  }
}

// A block whose region lies outside the image (the fill around a rotated image): whole-word stores of `fill`.
template <int C>
__device__ void FillTile(const TileArgs& a, int x, int y) {
  const unsigned word = a.fill * 0x01010101u;
  std::uint8_t* dst = a.out + static_cast<std::size_t>(y) * a.out_pitch + static_cast<std::size_t>(x) * C;
  const std::size_t dst_step = blockDim.y * a.out_pitch;
  for (int j = 0; j < a.rows; ++j, dst += dst_step) {
    if constexpr (C == 1)
      *reinterpret_cast<unsigned*>(dst) = word;
    else
      *reinterpret_cast<uint4*>(dst) = make_uint4(word, word, word, word);
  }
}

// Any other block: each pixel from shared memory when its taps are there, else from the input directly when
// they are inside it, else (the fill and its one-pixel rim) through SampleBilinear itself.
template <int C>
__device__ void SampleTileTested(const TileArgs& a, const Region& r, const unsigned char* smem, int x, int y) {
  const unsigned x_span = static_cast<unsigned>(max(r.x1 - r.x0 - 1, 0));
  const unsigned y_span = static_cast<unsigned>(max(r.y1 - r.y0 - 1, 0));
  const unsigned stride = static_cast<unsigned>(a.layout.stride);
  const unsigned row0 = static_cast<unsigned>(__cvta_generic_to_shared(smem)), row1 = row0 + stride;
  for (int j = 0; j < a.rows; ++j, y += static_cast<int>(blockDim.y)) {
    if (y >= a.out_h) return;
    std::uint8_t* row = a.out + static_cast<std::size_t>(y) * a.out_pitch;
    for (int i = 0; i < warp::kUnitPixels && x + i < a.out_w; ++i) {
      float sx = 0, sy = 0;
      cpu::MapPoint(a.inverse, x + i, y, sx, sy);
      const Split hx = SplitCoord(sx), hy = SplitCoord(sy);
      std::uint8_t* dst = row + static_cast<std::size_t>(x + i) * C;
      const unsigned dx = static_cast<unsigned>(hx.index - r.x0), dy = static_cast<unsigned>(hy.index - r.y0);
      if (dx < x_span && dy < y_span)
        warp::Store<C>(dst, SharedSample<C>(row0, row1, dy * stride + static_cast<unsigned>(hx.index * C - r.base),
                                            hx.frac, hy.frac));
      else if (warp::TapsInside(a.direct, hx, hy))
        warp::Store<C>(dst, warp::Interior<C>(a.direct, hx, hy));
      else
        cpu::SampleBilinear<C>(a.in, a.in_pitch, a.in_w, a.in_h, sx, sy, a.fill, dst);
    }
  }
}

// Block (i, j) computes the (4 bx) x (by ppt) outputs from (4 bx i, by ppt j): thread unit (ux, uy) the four
// pixels from x = 4 ux in rows uy + by n, n < ppt (warp_tile_plan.hpp's TileUnitOrigin).
template <int C>
__global__ void __launch_bounds__(1024) WarpBilinearTile(const TileArgs a) {
  extern __shared__ __align__(16) unsigned char smem[];
  const Region r = BlockRegion<C>(a);
  if (a.layout.staged && !r.outside) {
    StageRegion<C>(a, r, smem);
    strip::CpAsyncWait<0>();  // this thread's chunks; the barrier, everyone's
    __syncthreads();
  }
  const warp::UnitOrigin o = warp::TileUnitOrigin(static_cast<int>(threadIdx.x), static_cast<int>(threadIdx.y),
                                                  static_cast<int>(blockDim.x), static_cast<int>(blockDim.y));
  const int x = static_cast<int>(blockIdx.x) * a.layout.tile_w + warp::kUnitPixels * o.x;
  const int y = static_cast<int>(blockIdx.y) * a.layout.tile_h + o.y;
  if (r.whole)
    SampleWholeTile<C>(a, r, smem, x, y);
  else if (r.outside)
    FillTile<C>(a, x, y);
  else if (x < a.out_w)
    SampleTileTested<C>(a, r, smem, x, y);
}

using KernelPtr = void (*)(TileArgs);

KernelPtr TileKernelFor(PixelFormat f) { return f == PixelFormat::Rgba8 ? WarpBilinearTile<4> : WarpBilinearTile<1>; }

constexpr std::size_t kTileSmemBudget = 48 * 1024;  // no opt-in needed; the region is ~9 KiB at the default

warp::TileLayout LayoutFor(const cpu::AffineF& inverse, const LaunchConfig& c, PixelFormat f) {
  return warp::PlanTileLayout(inverse, static_cast<int>(BytesPerPixel(f)), c.block_x, c.block_y, c.ppt,
                              kTileSmemBudget);
}

}  // namespace

std::size_t WarpAffineFastSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f) {
  if (!c.smem) return 0;
  // The layout depends on the map's linear part only, the same for every image size.
  return LayoutFor(cpu::WarpAffineSetup(p, ImageShape{1, 1, f}).inverse, c, f).smem_bytes;
}

void LaunchWarpAffineTile(const CudaCall& c) {
  warp::CheckRowAlignment(c, 16, "warp tile kernel");  // 16-byte staging loads, rgba8's 16-byte stores
  const cpu::WarpSetup s = cpu::WarpAffineSetup(c.params, c.in.shape);
  const PixelFormat f = c.in.shape.format;
  TileArgs a{warp::DirectInputOf(c.in),
             c.in.data,
             c.in.pitch,
             c.in.shape.width,
             c.in.shape.height,
             c.out.data,
             c.out.pitch,
             c.out.shape.width,
             c.out.shape.height,
             s.inverse,
             s.fill,
             c.launch.ppt,
             LayoutFor(s.inverse, c.launch, f),
             {}};
  a.origins = warp::PlanRegionOrigins(s.inverse, a.layout);
  TileKernelFor(f)<<<GridOf(c), BlockOf(c.launch), a.layout.smem_bytes, StreamOf(c)>>>(a);
  FL_CUDA_CHECK_LAUNCH("WarpBilinearTile");
}

const void* WarpTileKernel(PixelFormat f) { return reinterpret_cast<const void*>(TileKernelFor(f)); }

}  // namespace fl::cuda
