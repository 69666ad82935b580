#include "cuda/filters/gauss3.hpp"

#include <cstdint>

#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

// Integer accumulators: one int per gray8 pixel, one int per channel (int4) per rgba8 pixel. The sums are exact
// integers, so the order of additions (separable here, 9 terms on the CPU) cannot change the result.
__device__ inline int Widen(std::uint8_t p) { return p; }
__device__ inline int4 Widen(uchar4 p) { return make_int4(p.x, p.y, p.z, p.w); }

template <typename P>
using AccOf = decltype(Widen(P{}));

// a + 2b + c: one [1 2 1] pass.
__device__ inline int Weigh121(int a, int b, int c) { return a + 2 * b + c; }
__device__ inline int4 Weigh121(int4 a, int4 b, int4 c) {
  return make_int4(a.x + 2 * b.x + c.x, a.y + 2 * b.y + c.y, a.z + 2 * b.z + c.z, a.w + 2 * b.w + c.w);
}

// The CPU's rounding: (sum + 8) >> 4.
__device__ inline std::uint8_t Round16(int s) { return static_cast<std::uint8_t>((s + 8) >> 4); }
__device__ inline uchar4 Round16(int4 s) {
  return make_uchar4(Round16(s.x), Round16(s.y), Round16(s.z), Round16(s.w));
}

// The 3x3 Gaussian of the window that `at(dx, dy)` (dx, dy in -1..1) fetches.
template <typename P, typename Fetch>
__device__ inline P Gauss3At(Fetch at) {
  const auto top = Weigh121(Widen(at(-1, -1)), Widen(at(0, -1)), Widen(at(1, -1)));
  const auto mid = Weigh121(Widen(at(-1, 0)), Widen(at(0, 0)), Widen(at(1, 0)));
  const auto bot = Weigh121(Widen(at(-1, 1)), Widen(at(0, 1)), Widen(at(1, 1)));
  return Round16(Weigh121(top, mid, bot));
}

// One thread per pixel; every window read goes to global memory (and, in practice, the L1 cache).
template <typename P>
__global__ void Gauss3Naive(PlaneArgs p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  RowPtr<P>(p.out, p.out_pitch, y)[x] =
      Gauss3At<P>([&](int dx, int dy) { return LoadClamped<P>(p.in, p.in_pitch, p.w, p.h, x + dx, y + dy); });
}

// Dynamic shared memory as raw bytes, so kernels of different pixel types can share the one extern array.
template <typename P>
__device__ inline P* SharedTile() {
  extern __shared__ __align__(16) unsigned char gauss3_tile[];
  return reinterpret_cast<P*>(gauss3_tile);
}

// The block's tile plus a 1-pixel halo, (bx+2) x (by+2) pixels, loaded cooperatively in row-major strides so that
// consecutive threads read consecutive pixels (coalesced). Threads past the image still load and reach the
// barrier; they only skip the store.
template <typename P>
__global__ void Gauss3Smem(PlaneArgs p) {
  P* tile = SharedTile<P>();
  const int tw = blockDim.x + 2;
  LoadTileWithHalo<P>(tile, p.in, p.in_pitch, p.w, p.h, 1);
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  const int cx = threadIdx.x + 1;
  const int cy = threadIdx.y + 1;
  RowPtr<P>(p.out, p.out_pitch, y)[x] = Gauss3At<P>([&](int dx, int dy) { return tile[(cy + dy) * tw + cx + dx]; });
}

// Deliberately wrong: the tile holds only the block's own pixels, and neighbours beyond the tile are clamped to
// the tile's edge instead of read from the image. Outputs whose window crosses a tile edge inside the image come
// out wrong; where the tile edge is the image edge, clamping to the tile is the replicate border and stays right.
template <typename P>
__global__ void Gauss3SmemNoHalo(PlaneArgs p) {
  P* tile = SharedTile<P>();
  const int bw = blockDim.x;
  const int bh = blockDim.y;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int x = blockIdx.x * bw + tx;
  const int y = blockIdx.y * bh + ty;
  // Threads past the image load the nearest edge pixel, so clamping to the tile replicates the image edge there.
  tile[ty * bw + tx] = LoadClamped<P>(p.in, p.in_pitch, p.w, p.h, x, y);
  __syncthreads();
  if (x >= p.w || y >= p.h) return;
  RowPtr<P>(p.out, p.out_pitch, y)[x] = Gauss3At<P>([&](int dx, int dy) {
    return tile[ClampInt(ty + dy, 0, bh - 1) * bw + ClampInt(tx + dx, 0, bw - 1)];
  });
}

// The several-pixels-per-thread kernels keep an rgba8 sum as two words of two 16-bit lanes (channels x and z in
// one, y and w in the other) instead of an int4. No [1 2 1] x [1 2 1] sum exceeds 16 x 255 = 4080 < 2^16, so
// adding whole words adds each lane exactly with no carry into the next: half the registers and half the
// additions of an int4, with the same integer results. gray8 keeps its plain int.
struct PackedRgba {
  unsigned xz, yw;
};
__device__ inline unsigned WordOf(uchar4 p) {
  return unsigned(p.x) | (unsigned(p.y) << 8) | (unsigned(p.z) << 16) | (unsigned(p.w) << 24);
}
__device__ inline PackedRgba WidenWord(unsigned word) { return {word & 0x00FF00FFu, (word >> 8) & 0x00FF00FFu}; }
__device__ inline int WidenForBlock(std::uint8_t p) { return p; }
__device__ inline PackedRgba WidenForBlock(uchar4 p) { return WidenWord(WordOf(p)); }
__device__ inline PackedRgba Weigh121(PackedRgba a, PackedRgba b, PackedRgba c) {
  return {a.xz + 2 * b.xz + c.xz, a.yw + 2 * b.yw + c.yw};
}
// (sum + 8) >> 4 in each lane: after the shift each lane's result sits in its low byte (the bits the upper lane
// shifts into the lower one are masked off).
__device__ inline uchar4 Round16(PackedRgba s) {
  const unsigned xz = ((s.xz + 0x00080008u) >> 4) & 0x00FF00FFu;
  const unsigned yw = ((s.yw + 0x00080008u) >> 4) & 0x00FF00FFu;
  return make_uchar4(xz & 0xFFu, yw & 0xFFu, xz >> 16, yw >> 16);
}
template <typename P>
using BlockAccOf = decltype(WidenForBlock(P{}));

// An rgba8 run of 2 or 4 pixels as one 8- or 16-byte vector.
template <int PX>
struct RunWords;
template <>
struct RunWords<2> {
  using Type = uint2;
};
template <>
struct RunWords<4> {
  using Type = uint4;
};
__device__ inline unsigned WordAt(const uint2& v, int i) { return i == 0 ? v.x : v.y; }
__device__ inline unsigned WordAt(const uint4& v, int i) { return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w; }

template <typename V>
__device__ inline bool AlignedFor(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % sizeof(V) == 0;
}

// The PX + 2 pixels x0 - 1 .. x0 + PX of one row, widened. rgba8 runs that lie inside the row at an aligned
// address (every run but the last of a row, on a pitched allocation) load their PX inner pixels as one vector.
template <typename P, int PX, typename Acc>
__device__ inline void LoadRowWindow(const P* row, int x0, int w, const int (&cols)[PX + 2], Acc (&px)[PX + 2]) {
  if constexpr (sizeof(P) == 4 && (PX == 2 || PX == 4)) {
    using Words = typename RunWords<PX>::Type;
    if (x0 + PX <= w && AlignedFor<Words>(row + x0)) {
      const Words v = *reinterpret_cast<const Words*>(row + x0);
      px[0] = WidenForBlock(row[cols[0]]);
#pragma unroll
      for (int i = 0; i < PX; ++i) px[i + 1] = WidenWord(WordAt(v, i));
      px[PX + 1] = WidenForBlock(row[cols[PX + 1]]);
      return;
    }
  }
#pragma unroll
  for (int i = 0; i < PX + 2; ++i) px[i] = WidenForBlock(row[cols[i]]);
}

// Stores the first `valid` of PX results. gray8 runs of 2 or 4 start at an even / multiple-of-4 x of a pitched
// (aligned) row, so a full run goes out as one aligned 2- or 4-byte store; full rgba8 runs at an aligned address
// go out as one 8- or 16-byte store.
template <typename P, int PX>
__device__ inline void StoreRun(P* dst, const P (&res)[PX], int valid) {
  if constexpr (sizeof(P) == 4 && (PX == 2 || PX == 4)) {
    using Words = typename RunWords<PX>::Type;
    if (valid >= PX && AlignedFor<Words>(dst)) {
      if constexpr (PX == 2) {
        *reinterpret_cast<uint2*>(dst) = make_uint2(WordOf(res[0]), WordOf(res[1]));
      } else {
        *reinterpret_cast<uint4*>(dst) = make_uint4(WordOf(res[0]), WordOf(res[1]), WordOf(res[2]), WordOf(res[3]));
      }
      return;
    }
  } else if constexpr (sizeof(P) == 1 && PX == 4) {
    if (valid >= 4) {
      *reinterpret_cast<uchar4*>(dst) = make_uchar4(res[0], res[1], res[2], res[3]);
      return;
    }
  } else if constexpr (sizeof(P) == 1 && PX == 2) {
    if (valid >= 2) {
      *reinterpret_cast<uchar2*>(dst) = make_uchar2(res[0], res[1]);
      return;
    }
  }
#pragma unroll
  for (int i = 0; i < PX; ++i)
    if (i < valid) dst[i] = res[i];
}

// PX x PY outputs per thread. The thread streams the PY + 2 input rows of its window once; from each row's PX + 2
// loaded pixels it forms PX horizontal [1 2 1] sums and keeps the sums of the two rows above in registers, so
// each loaded pixel serves every output whose window holds it without being loaded again.
template <typename P, int PX, int PY>
__global__ void Gauss3Block(PlaneArgs p) {
  using Acc = BlockAccOf<P>;
  const int x0 = (blockIdx.x * blockDim.x + threadIdx.x) * PX;
  const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * PY;
  if (x0 >= p.w || y0 >= p.h) return;
  int cols[PX + 2];
#pragma unroll
  for (int i = 0; i < PX + 2; ++i) cols[i] = ClampInt(x0 - 1 + i, 0, p.w - 1);

  Acc above2[PX], above1[PX];  // horizontal sums of the two rows above the current one
#pragma unroll
  for (int r = 0; r < PY + 2; ++r) {
    const P* row = RowPtr<P>(p.in, p.in_pitch, ClampInt(y0 - 1 + r, 0, p.h - 1));
    Acc px[PX + 2];
    LoadRowWindow<P, PX>(row, x0, p.w, cols, px);
    Acc sums[PX];
#pragma unroll
    for (int i = 0; i < PX; ++i) sums[i] = Weigh121(px[i], px[i + 1], px[i + 2]);
    const int y = y0 + r - 2;  // the output row this input row completes
    if (r >= 2 && y < p.h) {
      P res[PX];
#pragma unroll
      for (int i = 0; i < PX; ++i) res[i] = Round16(Weigh121(above2[i], above1[i], sums[i]));
      StoreRun<P, PX>(RowPtr<P>(p.out, p.out_pitch, y) + x0, res, p.w - x0);
    }
#pragma unroll
    for (int i = 0; i < PX; ++i) {
      above2[i] = above1[i];
      above1[i] = sums[i];
    }
  }
}

using PlanesKernel = void (*)(PlaneArgs);

PlanesKernel Pick(PixelFormat f, PlanesKernel gray, PlanesKernel rgba) { return f == PixelFormat::Rgba8 ? rgba : gray; }

PlanesKernel NaiveFor(PixelFormat f) { return Pick(f, Gauss3Naive<std::uint8_t>, Gauss3Naive<uchar4>); }
PlanesKernel SmemFor(PixelFormat f) { return Pick(f, Gauss3Smem<std::uint8_t>, Gauss3Smem<uchar4>); }
PlanesKernel SmemNoHaloFor(PixelFormat f) {
  return Pick(f, Gauss3SmemNoHalo<std::uint8_t>, Gauss3SmemNoHalo<uchar4>);
}
template <int PX, int PY>
PlanesKernel BlockFor(PixelFormat f) {
  return Pick(f, Gauss3Block<std::uint8_t, PX, PY>, Gauss3Block<uchar4, PX, PY>);
}

const void* AsVoid(PlanesKernel k) { return reinterpret_cast<const void*>(k); }

// The largest tile with halo is 3 x 1026 pixels (block 1024x1 or 1x1024): 12 KiB of rgba8, always under the
// 48 KiB a block gets without opting in, so no cudaFuncSetAttribute is needed.
std::size_t TileBytes(int w, int h, PixelFormat f) {
  return static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * BytesPerPixel(f);
}

}  // namespace

std::size_t Gauss3SmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat f) {
  return TileBytes(c.block_x + 2, c.block_y + 2, f);
}
std::size_t Gauss3SmemNoHaloBytes(const LaunchConfig& c, const ParamValues&, PixelFormat f) {
  return TileBytes(c.block_x, c.block_y, f);
}

const void* Gauss3NaiveKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return AsVoid(NaiveFor(f));
}
const void* Gauss3SmemKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return AsVoid(SmemFor(f));
}
const void* Gauss3SmemNoHaloKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return AsVoid(SmemNoHaloFor(f));
}
const void* Gauss3Ppt2x2Kernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return AsVoid(BlockFor<2, 2>(f));
}
const void* Gauss3Ppt4x4Kernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return AsVoid(BlockFor<4, 4>(f));
}

void LaunchGauss3Naive(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  NaiveFor(c.in.shape.format)<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Gauss3Naive");
}

void LaunchGauss3Smem(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  const std::size_t smem = Gauss3SmemBytes(c.launch, c.params, c.in.shape.format);
  SmemFor(c.in.shape.format)<<<GridOf(c), BlockOf(c.launch), smem, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Gauss3Smem");
}

void LaunchGauss3SmemNoHalo(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  const std::size_t smem = Gauss3SmemNoHaloBytes(c.launch, c.params, c.in.shape.format);
  SmemNoHaloFor(c.in.shape.format)<<<GridOf(c), BlockOf(c.launch), smem, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Gauss3SmemNoHalo");
}

void LaunchGauss3Ppt2x2(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  BlockFor<2, 2>(c.in.shape.format)<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Gauss3Block<2,2>");
}

void LaunchGauss3Ppt4x4(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  BlockFor<4, 4>(c.in.shape.format)<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("Gauss3Block<4,4>");
}

}  // namespace fl::cuda
