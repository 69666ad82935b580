// `fast` gauss (radius 1..8): both separable passes fused, with every intermediate in registers or a per-warp
// shared-memory row, so the image crosses the memory bus once in and once out.
//
// A thread owns one "unit" of 4 floats per row: 4 adjacent pixels of gray8 or gray32f, or the 4 channels of
// one rgba8 pixel; a warp owns 32 consecutive units of a strip of rows. For each input row it loads its unit
// (4 or 16 bytes), converts it to floats into the warp's shared row (the R pixels beyond the warp's ends
// loaded by the lanes at its edges), and after __syncwarp reads back the 4 + 2R (gray) or 2R + 1 (rgba8)
// values around it for the row pass. The row results of the last 2R + 1 rows stay in registers as a ring;
// each output row is their weighted column sum. The ring's slots are compile-time indices because the row
// loop is unrolled by 2R + 1, so sliding the window moves no registers. The next input row is loaded one row
// ahead, so its latency overlaps the arithmetic of the current one. Weights travel in the constant bank (a
// __grid_constant__ parameter).
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "core/error.hpp"
#include "cuda/filters/gauss_fast.hpp"
#include "cuda/filters/strip_launch.hpp"
#include "cuda/filters/gauss_pixel.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

struct FastWeights {
  float w[2 * kGaussFastMaxRadius + 1];
};

struct FastArgs {
  gauss::Planes p;
  int units;  // units per row
  int rows;   // output rows per thread
};

// An exact byte-to-float conversion in two cheap instructions: 0x4B0000XX is the float 2^23 + XX.
__device__ __forceinline__ float ByteToFloat(unsigned word, unsigned byte) {
  return __uint_as_float(__byte_perm(word, 0x4B000000u, 0x7440u | byte)) - 8388608.0f;
}
__device__ __forceinline__ float4 WordToFloats(unsigned w) {
  return make_float4(ByteToFloat(w, 0), ByteToFloat(w, 1), ByteToFloat(w, 2), ByteToFloat(w, 3));
}
__device__ __forceinline__ unsigned FloatsToWord(float4 v) {
  return unsigned(gauss::RoundU8(v.x)) | (unsigned(gauss::RoundU8(v.y)) << 8) |
         (unsigned(gauss::RoundU8(v.z)) << 16) | (unsigned(gauss::RoundU8(v.w)) << 24);
}

// How a unit of each format is loaded (raw, clamped at the row's ends), converted and stored.
template <typename In>
struct UnitOf;
template <>
struct UnitOf<std::uint8_t> {  // 4 gray8 pixels in one word
  using Raw = unsigned;
  static constexpr int kPixels = 4;
  __device__ static bool Inside(int u, int w) { return u >= 0 && 4 * u + 4 <= w; }
  __device__ static const void* Address(const std::uint8_t* row, int u) { return row + 4 * u; }
  __device__ static Raw Load(const std::uint8_t* row, int u, int w) {
    const int x = 4 * u;
    if (x >= 0 && x + 4 <= w) return __ldg(reinterpret_cast<const unsigned*>(row + x));
    unsigned v = 0;
#pragma unroll
    for (int i = 0; i < 4; ++i) v |= unsigned(__ldg(row + ClampInt(x + i, 0, w - 1))) << (8 * i);
    return v;
  }
  __device__ static float4 ToFloats(Raw r) { return WordToFloats(r); }
  __device__ static void Store(std::uint8_t* row, int u, int w, float4 v) {
    const int x = 4 * u;
    const unsigned word = FloatsToWord(v);
    if (x + 4 <= w) {
      *reinterpret_cast<unsigned*>(row + x) = word;
      return;
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
      if (x + i < w) row[x + i] = static_cast<std::uint8_t>(word >> (8 * i));
  }
};
template <>
struct UnitOf<float> {  // 4 gray32f pixels in 16 bytes
  using Raw = float4;
  static constexpr int kPixels = 4;
  __device__ static bool Inside(int u, int w) { return u >= 0 && 4 * u + 4 <= w; }
  __device__ static const void* Address(const std::uint8_t* row, int u) { return row + 16 * u; }
  __device__ static Raw Load(const std::uint8_t* row, int u, int w) {
    const float* px = reinterpret_cast<const float*>(row);
    const int x = 4 * u;
    if (x >= 0 && x + 4 <= w) return __ldg(reinterpret_cast<const float4*>(px + x));
    return make_float4(__ldg(px + ClampInt(x, 0, w - 1)), __ldg(px + ClampInt(x + 1, 0, w - 1)),
                       __ldg(px + ClampInt(x + 2, 0, w - 1)), __ldg(px + ClampInt(x + 3, 0, w - 1)));
  }
  __device__ static float4 ToFloats(Raw r) { return r; }
  __device__ static void Store(std::uint8_t* row, int u, int w, float4 v) {
    float* px = reinterpret_cast<float*>(row);
    const int x = 4 * u;
    if (x + 4 <= w) {
      *reinterpret_cast<float4*>(px + x) = v;
      return;
    }
    const float f[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int i = 0; i < 4; ++i)
      if (x + i < w) px[x + i] = f[i];
  }
};
template <>
struct UnitOf<uchar4> {  // the 4 channels of one rgba8 pixel
  using Raw = unsigned;
  static constexpr int kPixels = 1;
  __device__ static bool Inside(int u, int w) { return u >= 0 && u < w; }
  __device__ static const void* Address(const std::uint8_t* row, int u) { return row + 4 * u; }
  __device__ static Raw Load(const std::uint8_t* row, int u, int w) {
    return __ldg(reinterpret_cast<const unsigned*>(row) + ClampInt(u, 0, w - 1));
  }
  __device__ static float4 ToFloats(Raw r) { return WordToFloats(r); }
  __device__ static void Store(std::uint8_t* row, int u, int, float4 v) {
    reinterpret_cast<unsigned*>(row)[u] = FloatsToWord(v);
  }
};

// Rows of raw units fetched kRing - 1 rows ahead by cp.async into per-thread shared-memory slots (4 or 16 bytes
// a row: without the ring a thread would have one such load in flight, far too little to cover DRAM latency at
// the few warps per SM that its registers allow). Units reaching past the row are assembled at once instead.
constexpr int kRing = 8;

template <int Bytes>
__device__ __forceinline__ void CpAsync(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  if constexpr (Bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(s), "l"(gmem) : "memory");
}

template <typename U>
__device__ __forceinline__ void FetchUnit(typename U::Raw* slot, const std::uint8_t* row, int u, int w) {
  if (U::Inside(u, w))
    CpAsync<sizeof(typename U::Raw)>(slot, U::Address(row, u));
  else
    *slot = U::Load(row, u, w);
}

__device__ __forceinline__ float Get(const float4& v, int i) {
  return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}
__device__ __forceinline__ void Fma(float4& acc, float w, const float4& v) {
  acc.x = fmaf(w, v.x, acc.x), acc.y = fmaf(w, v.y, acc.y), acc.z = fmaf(w, v.z, acc.z),
  acc.w = fmaf(w, v.w, acc.w);
}

// Units of apron on each side of a warp's shared row: R pixels.
template <typename In, int R>
constexpr int kApron = (R + UnitOf<In>::kPixels - 1) / UnitOf<In>::kPixels;
template <typename In, int R>
constexpr int kRowUnits = 32 + 2 * kApron<In, R>;

// The row pass of unit `lane` from its warp's shared row (unit j of the row is shared[j], the warp's first
// unit at j = kApron).
template <typename In, int R>
__device__ __forceinline__ float4 RowPass(const FastWeights& wt, const float4* shared, int lane) {
  constexpr int A = kApron<In, R>;
  float4 h = make_float4(0.f, 0.f, 0.f, 0.f);
  if constexpr (UnitOf<In>::kPixels == 1) {
#pragma unroll
    for (int k = 0; k <= 2 * R; ++k) Fma(h, wt.w[k], shared[lane + A - R + k]);
  } else {
    float4 u[2 * A + 1];
#pragma unroll
    for (int j = 0; j <= 2 * A; ++j) u[j] = shared[lane + j];
    // Pixel p of the unit needs pixels p - R .. p + R; pixel 4 j + i of u is at unit offset j - A.
    float hv[4];
#pragma unroll
    for (int p = 0; p < 4; ++p) {
      float acc = 0.f;
#pragma unroll
      for (int k = 0; k <= 2 * R; ++k) {
        const int t = 4 * A + p - R + k;
        acc = fmaf(wt.w[k], Get(u[t / 4], t % 4), acc);
      }
      hv[p] = acc;
    }
    h = make_float4(hv[0], hv[1], hv[2], hv[3]);
  }
  return h;
}

template <typename In, int R>
__global__ void __launch_bounds__(256, (R >= 6 ? 1 : 2))
    GaussFast(const __grid_constant__ FastWeights wt, const FastArgs a) {
  using U = UnitOf<In>;
  constexpr int A = kApron<In, R>;
  constexpr int kWin = 2 * R + 1;
  extern __shared__ float4 gauss_fast_rows[];
  const int lane = static_cast<int>(threadIdx.x) & 31;
  const int warp = static_cast<int>((threadIdx.y * blockDim.x + threadIdx.x) / 32);
  float4* shared = gauss_fast_rows + warp * kRowUnits<In, R>;
  const int u = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);  // this thread's unit
  const int u0 = u - lane;                                                // the warp's first unit
  const int y0 = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y) * a.rows;
  if (y0 >= a.p.h) return;  // the same for the whole warp
  const int w = a.p.w;
  auto row_of = [&](int y) {
    return a.p.in + static_cast<std::size_t>(ClampInt(y, 0, a.p.h - 1)) * a.p.in_pitch;
  };
  // The unit this lane loads besides its own: an apron unit for the first and last A lanes.
  const int extra = lane < A ? u0 - A + lane : (lane >= 32 - A ? u0 + 32 + (lane - (32 - A)) : 0);
  const int extra_slot = lane < A ? lane : A + 32 + (lane - (32 - A));
  const bool has_extra = lane < A || lane >= 32 - A;

  // The ring: kRing slots for this thread's unit and kRing for its apron unit, after the warps' shared rows.
  using Raw = typename U::Raw;
  const int threads = static_cast<int>(blockDim.x * blockDim.y);
  const int tid = static_cast<int>(threadIdx.y * blockDim.x + threadIdx.x);
  Raw* ring = reinterpret_cast<Raw*>(gauss_fast_rows + threads / 32 * kRowUnits<In, R>) + tid;
  Raw* apron_ring = ring + kRing * threads;
  const int end = min(a.rows, a.p.h - y0);
  const int in_rows = end + 2 * R;  // input rows y0 - R + i, i in [0, in_rows)
  auto issue = [&](int i) {
    if (i < in_rows) {
      const std::uint8_t* row = row_of(y0 - R + i);
      const int s = (i % kRing) * threads;
      FetchUnit<U>(ring + s, row, u, w);
      if (has_extra) FetchUnit<U>(apron_ring + s, row, extra, w);
    }
    asm volatile("cp.async.commit_group;\n" ::: "memory");
  };
  // Row i: waits for it, refills the slot used a row ago, converts it into the shared row and returns this unit's
  // row pass.
  auto row_pass = [&](int i) {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(kRing - 2) : "memory");
    const int s = (i % kRing) * threads;
    const Raw own = ring[s];
    const Raw apron = has_extra ? apron_ring[s] : own;
    issue(i + kRing - 1);
    __syncwarp();  // the previous row's readers are done
    shared[A + lane] = U::ToFloats(own);
    if (has_extra) shared[extra_slot] = U::ToFloats(apron);
    __syncwarp();
    return RowPass<In, R>(wt, shared, lane);
  };

  for (int i = 0; i < kRing - 1; ++i) issue(i);
  float4 win[kWin];
#pragma unroll
  for (int i = 0; i < 2 * R; ++i) win[i] = row_pass(i);
  for (int base = 0; base < end; base += kWin) {
#pragma unroll
    for (int k = 0; k < kWin; ++k) {
      const int j = base + k;  // output row y0 + j; its new input row is y0 + j + R, in slot (k + 2R) % kWin
      if (j >= end) break;
      win[(k + 2 * R) % kWin] = row_pass(j + 2 * R);
      float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
      for (int i = 0; i < kWin; ++i) Fma(acc, wt.w[i], win[(k + i) % kWin]);
      if (u < a.units) U::Store(a.p.out + static_cast<std::size_t>(y0 + j) * a.p.out_pitch, u, w, acc);
    }
  }
}

using Kernel = void (*)(FastWeights, FastArgs);

template <typename In, int... Rs>
Kernel KernelFor(int r, std::integer_sequence<int, Rs...>) {
  Kernel k = nullptr;
  ((r == Rs + 1 ? (k = GaussFast<In, Rs + 1>, true) : false) || ...);
  return k;
}
template <typename In>
Kernel KernelFor(int r) {
  return KernelFor<In>(r, std::make_integer_sequence<int, kGaussFastMaxRadius>{});
}

template <typename In>
int RowUnits(int r) {
  int units = 0;
  [&]<int... Rs>(std::integer_sequence<int, Rs...>) {
    ((r == Rs + 1 ? (units = kRowUnits<In, Rs + 1>, true) : false) || ...);
  }
  (std::make_integer_sequence<int, kGaussFastMaxRadius>{});
  return units;
}

int UnitsPerRow(PixelFormat f, int w) { return f == PixelFormat::Rgba8 ? w : (w + 3) / 4; }

}  // namespace

std::size_t GaussFastSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f) {
  const int r = std::clamp(p.Int("radius"), 1, kGaussFastMaxRadius);
  int units = 0;
  gauss::DispatchFormat(f, [&](auto px) { units = RowUnits<decltype(px)>(r); });
  // The warps' shared rows of floats, then the ring: kRing slots of a raw unit per thread and kRing of its apron.
  const std::size_t threads = static_cast<std::size_t>(std::max(c.block_x, 0)) * std::max(c.block_y, 0);
  const std::size_t raw = f == PixelFormat::Gray32f ? sizeof(float4) : sizeof(unsigned);
  return (threads + 31) / 32 * static_cast<std::size_t>(units) * sizeof(float4) + 2 * kRing * threads * raw;
}

std::optional<std::string> GaussFastProblem(const LaunchConfig& c, const ParamValues& p) {
  if (p.Int("radius") > kGaussFastMaxRadius)
    return "fast serves radius 1.." + std::to_string(kGaussFastMaxRadius) +
           " (its window of 2r+1 rows lives in "
           "registers), not " +
           std::to_string(p.Int("radius")) + ": pick separable_fused";
  return strip::BlockProblem(c, p);  // a warp spans one row; the launch bounds the fast kernels share
}

const void* GaussFastKernel(PixelFormat f, const LaunchConfig&, const ParamValues& p) {
  const int r = std::clamp(p.Int("radius"), 1, kGaussFastMaxRadius);  // GaussFastProblem refuses the others
  const void* k = nullptr;
  gauss::DispatchFormat(f, [&](auto px) { k = reinterpret_cast<const void*>(KernelFor<decltype(px)>(r)); });
  return k;
}

void LaunchGaussFast(const CudaCall& c) {
  const int r = c.params.Int("radius");
  const std::vector<float> w1 = GaussWeights1D(r, c.params.Float("sigma"));
  FastWeights wt{};
  std::copy(w1.begin(), w1.end(), wt.w);
  const PixelFormat f = c.in.shape.format;
  const FastArgs a{{c.in.data, c.in.pitch, c.out.data, c.out.pitch, c.in.shape.width, c.in.shape.height, r},
                   UnitsPerRow(f, c.in.shape.width),
                   c.launch.ppt};
  Kernel kernel = nullptr;
  gauss::DispatchFormat(f, [&](auto px) { kernel = KernelFor<decltype(px)>(r); });
  if (!kernel)
    throw InputError("gauss fast: radius " + std::to_string(r) + " is outside 1.." +
                     std::to_string(kGaussFastMaxRadius));
  const std::size_t smem = GaussFastSmemBytes(c.launch, c.params, f);
  if (smem > 48 * 1024)  // the plan kept it within the device's opt-in limit
    FL_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  kernel<<<GridOf(c), BlockOf(c.launch), smem, StreamOf(c)>>>(wt, a);
  FL_CUDA_CHECK_LAUNCH("GaussFast");
}

}  // namespace fl::cuda
