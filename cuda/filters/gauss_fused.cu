// `gauss` separable_fused variant: both separable passes in one kernel, the intermediate kept in shared
// memory.
//
// A block owns an output tile of tile_w x tile_h pixels (tile_w = block x, tile_h = block y x P, P results
// per thread down a column). It loads the tile plus an apron of r pixels on every side into shared memory
// once (converted to float for gray8), runs the row pass over every tile row and the r apron rows above and
// below into a shared float tile, waits at a barrier, then runs the column pass from that tile and writes
// each output once. The global memory traffic is the image read (plus the apron re-read by the neighbouring
// tiles, mostly from L2) and the output written: no float intermediate goes out to memory and back.
//
// The radius is a template parameter (one kernel per radius, 1..32): every tap loop unrolls, each weight
// becomes an operand read straight from the constant bank, and each thread slides a window of registers along
// its row (or column) so that each shared-memory value it loads serves every result whose window holds it.
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "core/error.hpp"
#include "cuda/filters/gauss.hpp"
#include "cuda/filters/gauss_pixel.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

constexpr std::size_t kSmemWithoutOptIn = 48 * 1024;
constexpr int kMaxThreads = 1024;  // __launch_bounds__: any block the device accepts gets enough registers
constexpr int kRowRun = 8;         // row pass: consecutive results of one work item

// Results per thread down a column: 16 for one-channel formats; 8 for rgba8, whose float4 accumulators and
// shared intermediate are four times larger.
__host__ __device__ constexpr int FusedPpt(PixelFormat f) { return f == PixelFormat::Rgba8 ? 8 : 16; }

template <typename In>
struct FusedTraits;
template <>
struct FusedTraits<std::uint8_t> {
  using Stored = float;  // converted once on load: the row pass reads each pixel up to (8 + 2r) / 8 times
  static constexpr PixelFormat kFormat = PixelFormat::Gray8;
};
template <>
struct FusedTraits<float> {
  using Stored = float;
  static constexpr PixelFormat kFormat = PixelFormat::Gray32f;
};
template <>
struct FusedTraits<uchar4> {
  using Stored =
      uchar4;  // 4 bytes, not a 16-byte float4: keeps the input tile of radius 32 within the device
  static constexpr PixelFormat kFormat = PixelFormat::Rgba8;
};

// The two shared tiles of one block. Both have `rows` rows (the output tile's plus r above and r below); the
// row pass reads in_w = mid_w + 2r input columns, the intermediate is mid_w wide (tile_w rounded up to whole
// row runs). gray8 loads its input 4 aligned bytes at a time, so its tile starts up to 3 columns early (at a
// multiple of 4) and stores in_cols = in_w + 3 rounded up to 4 columns; other formats store in_cols = in_w.
// Pitches are odd (in 4-byte words, or 16-byte units for float4) so that the lanes of a warp, which the row
// pass spreads over consecutive rows, land on distinct banks.
struct FusedLayout {
  int tile_w = 0, tile_h = 0, mid_w = 0, in_w = 0, in_cols = 0, rows = 0, in_pitch = 0, mid_pitch = 0;
  std::size_t in_bytes = 0, mid_bytes = 0;
};

__host__ __device__ inline FusedLayout MakeFusedLayout(int bx, int by, int ppt, int r, bool word_loads,
                                                       std::size_t stored_size, std::size_t acc_size) {
  FusedLayout L;
  L.tile_w = bx;
  L.tile_h = by * ppt;
  L.mid_w = (bx + kRowRun - 1) / kRowRun * kRowRun;
  L.in_w = L.mid_w + 2 * r;
  L.in_cols = word_loads ? (L.in_w + 3 + 3) / 4 * 4 : L.in_w;
  L.rows = L.tile_h + 2 * r;
  L.in_pitch = L.in_cols | 1;
  L.mid_pitch = L.mid_w | 1;
  L.in_bytes = (static_cast<std::size_t>(L.rows) * L.in_pitch * stored_size + 15) / 16 * 16;
  L.mid_bytes = static_cast<std::size_t>(L.rows) * L.mid_pitch * acc_size;
  return L;
}

struct FusedWeights {
  float w[kGaussMaxTaps];
};

// An exact byte-to-float conversion with two cheap instructions: 0x4B0000XX is the float 2^23 + XX.
__device__ __forceinline__ float ByteToFloat(unsigned word, unsigned byte) {
  return __uint_as_float(__byte_perm(word, 0x4B000000u, 0x7440u | byte)) - 8388608.0f;
}
__device__ __forceinline__ float ToStored(float v) { return v; }
__device__ __forceinline__ uchar4 ToStored(uchar4 v) { return v; }
__device__ __forceinline__ float StoredToAcc(float v) { return v; }
__device__ __forceinline__ float4 StoredToAcc(uchar4 v) {
  const unsigned word = (unsigned(v.w) << 24) | (unsigned(v.z) << 16) | (unsigned(v.y) << 8) | unsigned(v.x);
  return make_float4(ByteToFloat(word, 0), ByteToFloat(word, 1), ByteToFloat(word, 2), ByteToFloat(word, 3));
}

// Visits the cells of a grid with `cols` columns in row-major order, starting at cell `first` and striding by
// `stride` cells, without an integer division per cell (the block's threads cover consecutive cells).
struct GridWalk {
  int row, col, step_rows, step_cols, cols;
  __device__ GridWalk(int first, int stride, int n_cols)
      : row(first / n_cols),
        col(first % n_cols),
        step_rows(stride / n_cols),
        step_cols(stride % n_cols),
        cols(n_cols) {}
  __device__ void Next() {
    row += step_rows;
    col += step_cols;
    if (col >= cols) col -= cols, ++row;
  }
};

template <typename In>
constexpr bool kWordLoads = std::is_same_v<In, std::uint8_t>;

// Stage 1 for gray8: the tile, whose first column x_first is a multiple of 4, as aligned 4-byte words (one
// load for 4 pixels) when the rows allow it; words that reach past an image edge load their bytes one by one,
// clamped. Consecutive threads read consecutive words.
__device__ inline void LoadGray8Tile(const gauss::Planes& a, const FusedLayout& L, float* tile, int x_first,
                                     int y_first, int tid, int threads) {
  const bool aligned = (reinterpret_cast<std::uintptr_t>(a.in) | a.in_pitch) % 4 == 0;
  for (GridWalk g(tid, threads, L.in_cols / 4); g.row < L.rows; g.Next()) {
    const std::uint8_t* src = RowPtr<std::uint8_t>(a.in, a.in_pitch, ClampInt(y_first + g.row, 0, a.h - 1));
    const int x = x_first + 4 * g.col;
    unsigned word;
    if (aligned && x >= 0 && x + 4 <= a.w) {
      word = *reinterpret_cast<const unsigned*>(src + x);
    } else {
      word = 0;
#pragma unroll
      for (int i = 0; i < 4; ++i) word |= unsigned(src[ClampInt(x + i, 0, a.w - 1)]) << (8 * i);
    }
    float* dst = tile + g.row * L.in_pitch + 4 * g.col;
#pragma unroll
    for (int i = 0; i < 4; ++i) dst[i] = ByteToFloat(word, i);
  }
}

// Block bx x by; one tile of bx x (by * P) outputs per block.
template <typename In, int R>
__global__ void __launch_bounds__(kMaxThreads)
    GaussSeparableFused(const __grid_constant__ FusedWeights weights, const gauss::Planes a) {
  using A = gauss::Acc<In>;
  using S = typename FusedTraits<In>::Stored;
  constexpr int P = FusedPpt(FusedTraits<In>::kFormat);
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const FusedLayout L = MakeFusedLayout(blockDim.x, blockDim.y, P, R, kWordLoads<In>, sizeof(S), sizeof(A));
  S* in_tile = reinterpret_cast<S*>(smem_raw);
  A* mid = reinterpret_cast<A*>(smem_raw + L.in_bytes);
  const int threads = blockDim.x * blockDim.y;
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const int x0 = blockIdx.x * L.tile_w, y0 = blockIdx.y * L.tile_h;  // the tile's first output pixel

  // 1. The tile and its apron, replicate border by clamping; consecutive threads read consecutive pixels.
  // Tile column c holds image column x_first + c; the row pass starts `lead` columns in.
  const int lead = kWordLoads<In> ? (x0 - R) & 3 : 0;
  const int x_first = x0 - R - lead;
  if constexpr (kWordLoads<In>) {
    LoadGray8Tile(a, L, in_tile, x_first, y0 - R, tid, threads);
  } else {
    for (GridWalk g(tid, threads, L.in_cols); g.row < L.rows; g.Next()) {
      const In* src = RowPtr<In>(a.in, a.in_pitch, ClampInt(y0 - R + g.row, 0, a.h - 1));
      in_tile[g.row * L.in_pitch + g.col] = ToStored(src[ClampInt(x_first + g.col, 0, a.w - 1)]);
    }
  }
  __syncthreads();

  // 2. Row pass over all `rows` rows. A work item is kRowRun consecutive results of one row; consecutive
  // threads take consecutive rows. The window slides: input j feeds result s with weight w[j - s].
  const int runs = L.mid_w / kRowRun;
  for (GridWalk g(tid, threads, L.rows); g.row < runs; g.Next()) {
    const S* t = in_tile + g.col * L.in_pitch + lead + g.row * kRowRun;
    A acc[kRowRun];
#pragma unroll
    for (int s = 0; s < kRowRun; ++s) acc[s] = gauss::Zero<A>();
#pragma unroll
    for (int j = 0; j < kRowRun + 2 * R; ++j) {
      const A v = StoredToAcc(t[j]);
#pragma unroll
      for (int s = 0; s < kRowRun; ++s)
        if (j - s >= 0 && j - s <= 2 * R) gauss::MulAdd(acc[s], weights.w[j - s], v);
    }
    A* m = mid + g.col * L.mid_pitch + g.row * kRowRun;
#pragma unroll
    for (int s = 0; s < kRowRun; ++s) m[s] = acc[s];
  }
  __syncthreads();

  // 3. Column pass: P results down column threadIdx.x, sliding over P + 2r rows of the intermediate;
  // consecutive threads read consecutive words.
  A acc[P];
#pragma unroll
  for (int s = 0; s < P; ++s) acc[s] = gauss::Zero<A>();
  const A* m = mid + threadIdx.y * P * L.mid_pitch + threadIdx.x;
#pragma unroll
  for (int j = 0; j < P + 2 * R; ++j) {
    const A v = m[j * L.mid_pitch];
#pragma unroll
    for (int s = 0; s < P; ++s)
      if (j - s >= 0 && j - s <= 2 * R) gauss::MulAdd(acc[s], weights.w[j - s], v);
  }
  const int x = x0 + threadIdx.x;
  if (x >= a.w) return;
#pragma unroll
  for (int s = 0; s < P; ++s) {
    const int y = y0 + threadIdx.y * P + s;
    if (y < a.h) gauss::Store(RowPtr<In>(a.out, a.out_pitch, y)[x], acc[s]);
  }
}

// Calls fn(std::integral_constant<int, R>{}) for R = r in 1..kGaussMaxRadius.
template <typename Fn, int... Rs>
void DispatchRadius(int r, Fn&& fn, std::integer_sequence<int, Rs...>) {
  const bool found = ((r == Rs + 1 ? (fn(std::integral_constant<int, Rs + 1>{}), true) : false) || ...);
  if (!found)
    throw InputError("gauss separable_fused: radius " + std::to_string(r) + " is outside 1.." +
                     std::to_string(kGaussMaxRadius));
}
template <typename Fn>
void DispatchRadius(int r, Fn&& fn) {
  DispatchRadius(r, fn, std::make_integer_sequence<int, kGaussMaxRadius>{});
}

std::size_t AccBytes(PixelFormat f) { return f == PixelFormat::Rgba8 ? sizeof(float4) : sizeof(float); }
std::size_t StoredBytes(PixelFormat f) { return f == PixelFormat::Rgba8 ? sizeof(uchar4) : sizeof(float); }

}  // namespace

std::size_t GaussFusedSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f) {
  if (c.block_x <= 0 || c.block_y <= 0) return 0;                           // CheckLaunch names the fault
  if (c.block_x > kMaxThreads || c.block_y > kMaxThreads) return SIZE_MAX;  // and this one
  const int r = std::clamp(p.Int("radius"), 0, kGaussMaxRadius);
  const FusedLayout L = MakeFusedLayout(c.block_x, c.block_y, FusedPpt(f), r, f == PixelFormat::Gray8,
                                        StoredBytes(f), AccBytes(f));
  return L.in_bytes + L.mid_bytes;
}

const void* GaussFusedKernel(PixelFormat f, const LaunchConfig&, const ParamValues& p) {
  const int r = std::clamp(p.Int("radius"), 1, kGaussMaxRadius);  // the launch refuses the others
  const void* k = nullptr;
  gauss::DispatchFormat(f, [&](auto px) {
    DispatchRadius(r, [&](auto radius) {
      k = reinterpret_cast<const void*>(&GaussSeparableFused<decltype(px), decltype(radius)::value>);
    });
  });
  return k;
}

void LaunchGaussSeparableFused(const CudaCall& c) {
  const int r = c.params.Int("radius");
  if (c.launch.block_x <= 0 || c.launch.block_y <= 0)
    throw InputError("gauss separable_fused: block " + FormatBlock(c.launch) +
                     " has a zero or negative side");
  const std::vector<float> w1 = GaussWeights1D(r, c.params.Float("sigma"));
  FusedWeights weights{};
  std::copy(w1.begin(), w1.end(), weights.w);

  const PixelFormat f = c.in.shape.format;
  const gauss::Planes a{c.in.data,        c.in.pitch,        c.out.data, c.out.pitch,
                        c.in.shape.width, c.in.shape.height, r};
  const std::size_t smem = GaussFusedSmemBytes(c.launch, c.params, f);
  const dim3 block = BlockOf(c.launch);
  const dim3 grid = GridOf(c);  // the footprint: block_x x (block_y x FusedPpt) outputs
  cudaStream_t stream = StreamOf(c);
  gauss::DispatchFormat(f, [&](auto px) {
    DispatchRadius(r, [&](auto radius) {
      auto* kernel = &GaussSeparableFused<decltype(px), decltype(radius)::value>;
      if (smem > kSmemWithoutOptIn)  // CheckLaunch kept it within the device's opt-in limit
        FL_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(smem)));
      kernel<<<grid, block, smem, stream>>>(weights, a);
      FL_CUDA_CHECK_LAUNCH("GaussSeparableFused");
    });
  });
}

}  // namespace fl::cuda
