// `columns` gauss (gray32f, radius 1..8): the column pass first, with one column per thread, then the row pass
// from shared memory.
//
// Why: `fast` keeps, per thread, the last 2r + 1 row results of 4 pixels in registers (68 floats at radius 8,
// 186 registers in all), so an SM holds 8 of its warps and the loads' latency is not hidden. Here a thread owns
// one column: its window of 2r + 1 input values is 17 registers at radius 8. Per batch of rows (a whole number of
// windows, so that the loop unrolled over a batch names every window slot at compile time and sliding it moves
// no register) each thread loads its column's new values (one coalesced 4-byte load per row: a warp reads 128
// contiguous bytes), writes its column sums into a shared-memory buffer, and after one barrier the block runs the
// row pass over that buffer: a thread takes 4 adjacent outputs of one row, reads their 4 + 2 x apron sums as
// aligned float4s and writes one float4. Two buffers alternate, so one barrier per batch suffices. The block's
// outer columns (the apron, the radius rounded up to 4) only feed the row pass. Border: replicate (a column
// beyond the image reads the edge column, a row beyond it the edge row).
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "core/error.hpp"
#include "core/strip_tiers.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/filters/gauss_columns.hpp"
#include "cuda/kernel_info.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

struct ColumnWeights {
  float w[2 * kGaussColumnsMaxRadius + 1];
};

struct ColumnArgs {
  const std::uint8_t* in;
  std::uint8_t* out;
  unsigned in_pitch, out_pitch;  // 32-bit: row offsets are one wide multiply-add (checked by the launcher)
  int w, h;
  int rows;  // output rows per block in the main bands (the launch's ppt)
  // From block row tail_band on, strips of tail_rows rows, block row b starting at b x tail_rows + tail_offset: the
  // last wave's rows, or a short grid's, in shorter strips (core/strip_tiers.hpp, the plan's TailRule).
  int tail_band, tail_offset, tail_rows;
};

template <int R>
struct ColumnShape {
  static constexpr int kWin = 2 * R + 1;
  static constexpr int kApron = GaussColumnsApron(R);
  static constexpr int kBatch = GaussColumnsBatchRows(R);
};

// Sum of w[t] x v(t) over the taps t = 0 .. 2R, in the reference's order.
template <int R, typename Tap>
__device__ __forceinline__ float TapSum(const ColumnWeights& w, Tap v) {
  float acc = 0.0f;
#pragma unroll
  for (int t = 0; t <= 2 * R; ++t) acc = fmaf(w.w[t], v(t), acc);
  return acc;
}

// Registers per thread: 56 from radius 5 keeps 9 blocks of 128 threads per SM (64 allowed 8, and the default grid
// at radius 8, 1.06 waves of 9, then ran 1.19 waves: 0.253 ms against 0.205 on an H100, bench/results/
// 2026-12-07_session25, call 1), 40 below keeps 6 of 256 (radius 1: 32, where 40 spilled). __maxnreg__, not
// __launch_bounds__(128, 9), which would refuse blocks over 128 threads; the two cannot be combined.
constexpr int GaussColumnsMaxRegisters(int r) { return r >= 5 ? 56 : r >= 2 ? 40 : 32; }

template <int R>
__global__ void __maxnreg__(GaussColumnsMaxRegisters(R))
    GaussColumns(const __grid_constant__ ColumnWeights wt, const ColumnArgs a) {
  using S = ColumnShape<R>;
  extern __shared__ float4 column_sums4[];
  float* sums = reinterpret_cast<float*>(column_sums4);
  const int t = static_cast<int>(threadIdx.x), n = static_cast<int>(blockDim.x);
  const int out_cols = n - 2 * S::kApron;
  const int x0 = static_cast<int>(blockIdx.x) * out_cols;  // the block's first output column
  const int band = static_cast<int>(blockIdx.y);
  const bool tail = band >= a.tail_band;
  const int strip = tail ? a.tail_rows : a.rows;
  const int y0 = band * strip + (tail ? a.tail_offset : 0);
  const int rows = min(strip, a.h - y0);  // > 0: the grid covers the image exactly
  const int batches = (rows + S::kBatch - 1) / S::kBatch;  // the same for the whole block (barriers)
  // Rows by 32-bit index: one wide multiply-add from the column's base (a row index and a pitch fit 32 bits,
  // kMaxImageSide), where size_t arithmetic on a signed row took five instructions a row.
  const std::uint8_t* column = a.in + 4 * ClampInt(x0 - S::kApron + t, 0, a.w - 1);
  asm("" : "+l"(column));  // one 64-bit base: ptxas otherwise adds a.in to each row's offset apart (two more adds)
  const int top = y0 - R;  // the input row of window slot 0
  auto value = [&](int i) {  // input row top + i of the own column, clamped to the image
    const unsigned y = static_cast<unsigned>(min(max(top + i, 0), a.h - 1));
    return __ldg(reinterpret_cast<const float*>(column + static_cast<std::uint64_t>(y) * a.in_pitch));
  };
  // The row pass's tasks: 4 outputs (quad q) of row k of a batch, task index k x quads + q, strided by n: the same
  // rows and quads in every batch. Outputs by 32-bit offset from the block's first (ppt x pitch fits 32 bits).
  const int quads = out_cols / 4;
  const int tasks = S::kBatch * quads;
  const int first_k = t / quads, first_q = t - first_k * quads;
  const int step_k = n / quads, step_q = n - step_k * quads;
  const int whole_quads = (a.w - x0) / 4;  // quads whose 4 outputs lie inside the row
  std::uint8_t* const out_block =
      a.out + static_cast<std::uint64_t>(y0) * a.out_pitch + 4 * static_cast<std::size_t>(x0);

  float win[S::kWin];  // input row i lives in slot i % kWin
#pragma unroll
  for (int i = 0; i < 2 * R; ++i) win[i] = value(i);
  for (int b = 0; b < batches; ++b) {
    float* buf = sums + (b & 1) * S::kBatch * n;
    const int j0 = b * S::kBatch;  // a multiple of kWin: slot numbers below are compile-time constants
#pragma unroll
    for (int k = 0; k < S::kBatch; ++k) {
      win[(k + 2 * R) % S::kWin] = value(j0 + k + 2 * R);
      buf[k * n + t] = TapSum<R>(wt, [&](int i) { return win[(k + i) % S::kWin]; });
    }
    // The row pass below reads every thread's sums. This barrier also keeps the next batch's column pass, which
    // writes the other buffer, behind the previous row pass, which read it.
    __syncthreads();
    const int k_end = rows - j0;  // rows of this batch inside the strip
    for (int task = t, k = first_k, q = first_q; task < tasks; task += n) {
      if (k < k_end) {
        const float4* src = reinterpret_cast<const float4*>(buf + k * n + 4 * q);  // columns 4q - apron ..
        float v[4 + 2 * S::kApron];
#pragma unroll
        for (int m = 0; m < (4 + 2 * S::kApron) / 4; ++m) {
          const float4 f = src[m];
          v[4 * m] = f.x, v[4 * m + 1] = f.y, v[4 * m + 2] = f.z, v[4 * m + 3] = f.w;
        }
        float o[4];
#pragma unroll
        for (int p = 0; p < 4; ++p) o[p] = TapSum<R>(wt, [&](int i) { return v[S::kApron - R + p + i]; });
        float* dst = reinterpret_cast<float*>(out_block + static_cast<unsigned>(j0 + k) * a.out_pitch + 16u * q);
        if (q < whole_quads) {
          *reinterpret_cast<float4*>(dst) = make_float4(o[0], o[1], o[2], o[3]);
        } else {
#pragma unroll
          for (int p = 0; p < 4; ++p)
            if (4 * q + p < a.w - x0) dst[p] = o[p];
        }
      }
      k += step_k, q += step_q;
      if (q >= quads) q -= quads, ++k;
    }
  }
}

using Kernel = void (*)(ColumnWeights, ColumnArgs);

template <int... Rs>
Kernel KernelFor(int r, std::integer_sequence<int, Rs...>) {
  Kernel k = nullptr;
  ((r == Rs + 1 ? (k = GaussColumns<Rs + 1>, true) : false) || ...);
  return k;
}
Kernel KernelFor(int r) { return KernelFor(r, std::make_integer_sequence<int, kGaussColumnsMaxRadius>{}); }

}  // namespace

std::size_t GaussColumnsSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat) {
  const int r = std::clamp(p.Int("radius"), 1, kGaussColumnsMaxRadius);
  return 2 * static_cast<std::size_t>(GaussColumnsBatchRows(r)) * static_cast<std::size_t>(std::max(c.block_x, 0)) *
         sizeof(float);
}

std::optional<std::string> GaussColumnsProblem(const LaunchConfig& c, const ParamValues& p) {
  const int r = p.Int("radius");
  if (r > kGaussColumnsMaxRadius)
    return "columns serves radius 1.." + std::to_string(kGaussColumnsMaxRadius) + ", not " + std::to_string(r) +
           ": pick separable_fused";
  if (c.block_y != 1)
    return "columns runs blocks of one row of threads (one column each): block y must be 1, not " +
           std::to_string(c.block_y);
  const int apron = GaussColumnsApron(r);
  if (c.block_x % 32 != 0 || c.block_x > kGaussColumnsMaxThreads || c.block_x <= 2 * apron)
    return "columns needs block x a multiple of 32, above " + std::to_string(2 * apron) + " (the apron columns) and "
           "at most " + std::to_string(kGaussColumnsMaxThreads) + ", not " + std::to_string(c.block_x);
  return std::nullopt;
}

const void* GaussColumnsKernel(PixelFormat, const LaunchConfig&, const ParamValues& p) {
  return reinterpret_cast<const void*>(KernelFor(std::clamp(p.Int("radius"), 1, kGaussColumnsMaxRadius)));
}

void LaunchGaussColumns(const CudaCall& c) {
  const int r = c.params.Int("radius");
  const Kernel kernel = KernelFor(r);
  if (!kernel || c.in.shape.format != PixelFormat::Gray32f)
    throw InputError("gauss columns: gray32f and radius 1.." + std::to_string(kGaussColumnsMaxRadius) + " only");
  if (reinterpret_cast<std::uintptr_t>(c.out.data) % 16 != 0 || c.out.pitch % 16 != 0)
    throw RuntimeError("gauss columns needs output rows that start on 16-byte boundaries");
  if (c.in.pitch > UINT32_MAX || c.out.pitch > UINT32_MAX)
    throw RuntimeError("gauss columns needs row pitches below 4 GiB (its row offsets are 32-bit)");
  const std::vector<float> w1 = GaussWeights1D(r, c.params.Float("sigma"));
  ColumnWeights wt{};
  std::copy(w1.begin(), w1.end(), wt.w);
  const std::size_t smem = GaussColumnsSmemBytes(c.launch, c.params, c.in.shape.format);
  if (smem > 48 * 1024)  // the plan kept it within the device's opt-in limit
    FL_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  // The last wave's rows, or a short grid's, in shorter strips when the plan says so (PlannedStage::tail): one
  // strip per row of blocks.
  dim3 grid = GridOf(c);
  const StripTiers t = LaunchTiers(c, reinterpret_cast<const void*>(kernel), smem, 1, grid.x);
  grid.y = static_cast<unsigned>(t.grid_y);
  const ColumnArgs a{c.in.data,
                     c.out.data,
                     static_cast<unsigned>(c.in.pitch),
                     static_cast<unsigned>(c.out.pitch),
                     c.in.shape.width,
                     c.in.shape.height,
                     t.rows,
                     t.tail_band,
                     t.tail_y - t.tail_band * t.tail_rows,
                     t.tail_rows};
  kernel<<<grid, BlockOf(c.launch), smem, StreamOf(c)>>>(wt, a);
  FL_CUDA_CHECK_LAUNCH("GaussColumns");
}

}  // namespace fl::cuda
