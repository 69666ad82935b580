// `gauss` separable variant: a Gaussian kernel is the outer product of two 1D kernels, so a row pass followed
// by a column pass gives the 2D result with 2(2r+1) taps per pixel instead of (2r+1)^2.
//
// Each pass stages a tile in shared memory: the block's own P * block pixels along the pass direction plus an
// apron of halo * block pixels on each side (P = results per thread). Every thread loads P + 2 * halo pixels
// and writes P results, so the apron's cost is shared by P results. The row pass writes float (float4 for
// rgba8) into call.scratch, unrounded, so that the column pass rounds once, like the reference.
//
// The 1D weights travel by value as a __grid_constant__ kernel parameter: they sit in the constant bank,
// every lane of a warp reads the same tap at the same time (a broadcast), and no launch can overwrite
// another's weights.
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "cuda/filters/gauss.hpp"
#include "cuda/filters/gauss_pixel.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

constexpr int kMaxPpt = kSeparableMaxPpt;
constexpr std::size_t kSmemWithoutOptIn = 48 * 1024;

// Row pass tile rows are padded by one pixel when a warp spans several block rows (block x not a multiple of
// 32): unpadded, lanes of different rows would land on the same shared-memory bank whenever the row length is
// a multiple of 32 words.
__host__ __device__ inline int RowTilePitch(int bx, int steps) { return steps * bx + (bx % 32 != 0 ? 1 : 0); }

struct SeparableWeights {
  float w[kGaussMaxTaps];
};

struct SeparableArgs {
  const std::uint8_t* in;
  std::size_t in_pitch;
  std::uint8_t* mid;  // gauss::Acc<In> per pixel
  std::size_t mid_pitch;
  std::uint8_t* out;
  std::size_t out_pitch;
  int w, h, r, halo;
};

// Block bx x by; each block produces P * bx columns of by rows. Its tile is by rows of (P + 2 halo) * bx
// pixels (plus the padding above).
template <typename In, int P>
__global__ void GaussSeparableRows(const __grid_constant__ SeparableWeights weights, const SeparableArgs a) {
  using A = gauss::Acc<In>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const int bx = blockDim.x, tx = threadIdx.x;
  const int steps = P + 2 * a.halo;
  A* tile_row = reinterpret_cast<A*>(smem_raw) + threadIdx.y * RowTilePitch(bx, steps);
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int x_first = (static_cast<int>(blockIdx.x) * P - a.halo) * bx;  // the tile's first (apron) column

  // Rows past the image's end still load (a clamped row) so that every thread reaches the barrier.
  const In* src = RowPtr<In>(a.in, a.in_pitch, min(y, a.h - 1));
  for (int s = 0; s < steps; ++s)
    tile_row[s * bx + tx] = gauss::ToAcc(src[ClampInt(x_first + s * bx + tx, 0, a.w - 1)]);
  __syncthreads();
  if (y >= a.h) return;

  A acc[P];
#pragma unroll
  for (int s = 0; s < P; ++s) acc[s] = gauss::Zero<A>();
  const A* t = tile_row + a.halo * bx + tx - a.r;
  for (int k = 0; k <= 2 * a.r; ++k) {
    const float wk = weights.w[k];  // one weight serves the thread's P results
#pragma unroll
    for (int s = 0; s < P; ++s) gauss::MulAdd(acc[s], wk, t[s * bx + k]);
  }
  A* dst = RowPtr<A>(a.mid, a.mid_pitch, y);
#pragma unroll
  for (int s = 0; s < P; ++s) {
    const int x = x_first + (a.halo + s) * bx + tx;
    if (x < a.w) dst[x] = acc[s];
  }
}

// Block bx x by; each block produces bx columns of P * by rows. Its tile is (P + 2 halo) * by rows of bx
// pixels, stored row by row so that the 32 lanes of a warp read 32 consecutive words (no bank conflicts).
template <typename In, int P>
__global__ void GaussSeparableColumns(const __grid_constant__ SeparableWeights weights,
                                      const SeparableArgs a) {
  using A = gauss::Acc<In>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  A* tile = reinterpret_cast<A*>(smem_raw);
  const int bx = blockDim.x, by = blockDim.y, tx = threadIdx.x, ty = threadIdx.y;
  const int steps = P + 2 * a.halo;
  const int x = blockIdx.x * bx + tx;
  const int y_first = (static_cast<int>(blockIdx.y) * P - a.halo) * by;  // the tile's first (apron) row

  const int xc = min(x, a.w - 1);  // columns past the image's end load too, to reach the barrier
  for (int s = 0; s < steps; ++s) {
    const int row = s * by + ty;
    tile[row * bx + tx] = RowPtr<A>(a.mid, a.mid_pitch, ClampInt(y_first + row, 0, a.h - 1))[xc];
  }
  __syncthreads();
  if (x >= a.w) return;

  A acc[P];
#pragma unroll
  for (int s = 0; s < P; ++s) acc[s] = gauss::Zero<A>();
  const A* t = tile + (a.halo * by + ty - a.r) * bx + tx;
  for (int k = 0; k <= 2 * a.r; ++k) {
    const float wk = weights.w[k];
#pragma unroll
    for (int s = 0; s < P; ++s) gauss::MulAdd(acc[s], wk, t[(s * by + k) * bx]);
  }
#pragma unroll
  for (int s = 0; s < P; ++s) {
    const int y = y_first + (a.halo + s) * by + ty;
    if (y < a.h) gauss::Store(RowPtr<In>(a.out, a.out_pitch, y)[x], acc[s]);
  }
}

// Calls fn(std::integral_constant<int, P>{}) for P = ppt, so that each P gets unrolled loops and P
// accumulators.
template <typename Fn>
void DispatchPpt(int ppt, Fn&& fn) {
  switch (ppt) {
    case 1:
      return fn(std::integral_constant<int, 1>{});
    case 2:
      return fn(std::integral_constant<int, 2>{});
    case 3:
      return fn(std::integral_constant<int, 3>{});
    case 4:
      return fn(std::integral_constant<int, 4>{});
    case 5:
      return fn(std::integral_constant<int, 5>{});
    case 6:
      return fn(std::integral_constant<int, 6>{});
    case 7:
      return fn(std::integral_constant<int, 7>{});
    case 8:
      return fn(std::integral_constant<int, 8>{});
    default:
      throw InputError("gauss separable: results per thread " + std::to_string(ppt) + " is outside 1.." +
                       std::to_string(kMaxPpt));
  }
}

std::size_t AccBytes(PixelFormat f) { return f == PixelFormat::Rgba8 ? sizeof(float4) : sizeof(float); }

// The plan checked the launch (block, ppt and halo ranges, the apron) before anything ran; the scratch is the
// executor's to provide, so its size is the one thing checked here.
void CheckSeparableScratch(const CudaCall& c) {
  const std::size_t need = GaussSeparableScratchBytes(c.in.shape, c.params);
  if (!c.scratch || c.scratch_bytes < need)
    throw RuntimeError("gauss separable: scratch of " + std::to_string(c.scratch_bytes) + " bytes < the " +
                       std::to_string(need) + " bytes of the intermediate image");
}

}  // namespace

std::size_t GaussSeparableSmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat f) {
  if (c.block_x <= 0 || c.block_y <= 0 || c.ppt <= 0 || c.halo <= 0) return 0;  // CheckLaunch names the fault
  if (c.block_x > 1 << 16 || c.block_y > 1 << 16 || c.ppt > 1 << 16 || c.halo > 1 << 16) return SIZE_MAX;
  // Both passes launch with the larger of the two tiles: by padded rows, or (P + 2 halo) by rows of bx.
  const int steps = c.ppt + 2 * c.halo;
  const std::size_t rows_tile = static_cast<std::size_t>(c.block_y) * RowTilePitch(c.block_x, steps);
  const std::size_t cols_tile = static_cast<std::size_t>(steps) * c.block_y * c.block_x;
  return std::max(rows_tile, cols_tile) * AccBytes(f);
}

std::size_t GaussSeparableScratchBytes(const ImageShape& in, const ParamValues&) {
  return in.Pixels() * AccBytes(in.format);
}

const void* GaussSeparableKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&) {
  const void* k = nullptr;
  gauss::DispatchFormat(f, [&](auto px) {
    DispatchPpt(std::clamp(c.ppt, 1, kMaxPpt), [&](auto ppt) {
      k = reinterpret_cast<const void*>(&GaussSeparableRows<decltype(px), decltype(ppt)::value>);
    });
  });
  return k;
}

void LaunchGaussSeparable(const CudaCall& c) {
  const int r = c.params.Int("radius");
  CheckSeparableScratch(c);
  const std::vector<float> w1 = GaussWeights1D(r, c.params.Float("sigma"));
  SeparableWeights weights{};
  std::copy(w1.begin(), w1.end(), weights.w);

  const PixelFormat f = c.in.shape.format;
  const int w = c.in.shape.width, h = c.in.shape.height;
  SeparableArgs a{};
  a.in = c.in.data;
  a.in_pitch = c.in.pitch;
  a.mid = static_cast<std::uint8_t*>(c.scratch);
  a.mid_pitch = w * AccBytes(f);  // tightly packed intermediate rows
  a.out = c.out.data;
  a.out_pitch = c.out.pitch;
  a.w = w;
  a.h = h;
  a.r = r;
  a.halo = c.launch.halo;
  const std::size_t smem = GaussSeparableSmemBytes(c.launch, c.params, f);
  const dim3 block = BlockOf(c.launch);
  const dim3 rows_grid = GridOf(c);  // the declared footprint is the row pass's
  const dim3 cols_grid = GridFor(w, h, c.launch, 1, c.launch.ppt);
  cudaStream_t stream = StreamOf(c);

  gauss::DispatchFormat(f, [&](auto px) {
    DispatchPpt(c.launch.ppt, [&](auto ppt) {
      constexpr int P = decltype(ppt)::value;
      auto* rows = &GaussSeparableRows<decltype(px), P>;
      auto* cols = &GaussSeparableColumns<decltype(px), P>;
      if (smem > kSmemWithoutOptIn) {  // CheckLaunch kept it within the device's opt-in limit
        FL_CUDA_CHECK(
            cudaFuncSetAttribute(rows, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
        FL_CUDA_CHECK(
            cudaFuncSetAttribute(cols, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
      }
      rows<<<rows_grid, block, smem, stream>>>(weights, a);
      FL_CUDA_CHECK_LAUNCH("GaussSeparableRows");
      cols<<<cols_grid, block, smem, stream>>>(weights, a);
      FL_CUDA_CHECK_LAUNCH("GaussSeparableColumns");
    });
  });
}

}  // namespace fl::cuda
