#pragma once
// Word-at-a-time helpers shared by the morphology kernels (cuda/filters/morph*.cu). A row is read as 32-bit words:
// four gray8 pixels per word, or one rgba8 pixel per word. __vmaxu4 / __vminu4 take the max / min of all four
// bytes of two words at once (a handful of integer instructions on current GPUs, which have no byte-SIMD unit), so
// one call serves four gray8 pixels or the four channels of one rgba8 pixel; __byte_perm (one instruction) builds
// the words shifted by one or two pixels from a word and its neighbour.
//
// Border: a word is built from replicate-clamped pixels, so a row of words is the image row extended by its edge
// pixels, and the byte shifts below read the right neighbours even across the image edges. Only words wholly
// inside the row use a 32-bit load; the few at the edges are assembled byte by byte, so the row padding past the
// last pixel is never used. Rows start 512-byte aligned (cuda/owners.cpp DeviceImage), so word loads are aligned.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <string>

#include "core/error.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda::morph {

// Max (dilate) or min (erode) of every byte of two words.
template <bool kMax>
__device__ __forceinline__ unsigned Pick(unsigned a, unsigned b) {
  return kMax ? __vmaxu4(a, b) : __vminu4(a, b);
}

template <bool kMax>
__device__ __forceinline__ unsigned Pick3(unsigned a, unsigned b, unsigned c) {
  return Pick<kMax>(Pick<kMax>(a, b), c);
}

// ---- gray8: four pixels in one word, pixel 4k + j in byte j (little-endian) ----

// Word k of a gray8 row w pixels wide: pixels 4k .. 4k+3 at replicate-clamped x.
__device__ __forceinline__ unsigned GrayWord(const std::uint8_t* row, int k, int w) {
  const int x = 4 * k;
  if (x >= 0 && x + 3 < w) return __ldg(reinterpret_cast<const unsigned*>(row + x));
  unsigned v = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j) v |= static_cast<unsigned>(__ldg(row + ClampInt(x + j, 0, w - 1))) << (8 * j);
  return v;
}

// Stores word k of a gray8 row; only the pixels left of w (the caller checks 4k < w), so a last partial word does
// not write past the row.
__device__ __forceinline__ void StoreGrayWord(std::uint8_t* row, int k, int w, unsigned v) {
  const int x = 4 * k;
  if (x + 3 < w) {
    *reinterpret_cast<unsigned*>(row + x) = v;
    return;
  }
  for (int j = 0; x + j < w; ++j) row[x + j] = static_cast<std::uint8_t>(v >> (8 * j));
}

// Word m shifted by one or two pixels, its missing bytes taken from the left word l or the right word r.
// __byte_perm(x, y, s) picks result byte i from byte (s >> 4i) & 7 of the 8 bytes {x, y}.
__device__ __forceinline__ unsigned Left2(unsigned l, unsigned m) { return __byte_perm(l, m, 0x5432); }   // l2 l3 m0 m1
__device__ __forceinline__ unsigned Left1(unsigned l, unsigned m) { return __byte_perm(l, m, 0x6543); }   // l3 m0 m1 m2
__device__ __forceinline__ unsigned Right1(unsigned m, unsigned r) { return __byte_perm(m, r, 0x4321); }  // m1 m2 m3 r0
__device__ __forceinline__ unsigned Right2(unsigned m, unsigned r) { return __byte_perm(m, r, 0x5432); }  // m2 m3 r0 r1

// Each pixel of word m reduced with its left and right neighbours (a 3-wide row max / min, four pixels at once).
template <bool kMax>
__device__ __forceinline__ unsigned GrayRow3(unsigned l, unsigned m, unsigned r) {
  return Pick3<kMax>(Left1(l, m), m, Right1(m, r));
}

// The same over 5 pixels: x-2 .. x+2 for each of the four pixels.
template <bool kMax>
__device__ __forceinline__ unsigned GrayRow5(unsigned l, unsigned m, unsigned r) {
  return Pick<kMax>(Pick<kMax>(Pick<kMax>(Left2(l, m), Left1(l, m)), Pick<kMax>(m, Right1(m, r))), Right2(m, r));
}

// Words of a gray8 row w pixels wide.
__host__ __device__ inline int GrayWords(int w) { return (w + 3) / 4; }

// ---- The two formats as "rows of words", for kernels written once for both ----

// Each has: kHalo<R>, the neighbour words a (2R + 1)-wide window needs on each side; Count(w), the words of a row;
// Whole(k, w), whether word k is wholly inside the row; Load<kWhole>(row, k, w), word k at clamped coordinates
// (kWhole: the caller knows Whole(k, w), so a plain load); Store; Row<kMax, R>, the row max / min of t[0].
struct Gray8Words {
  template <int R>
  static constexpr int kHalo = 1;  // up to 4 pixels on each side fit in one neighbour word
  __host__ __device__ static int Count(int w) { return GrayWords(w); }
  __device__ static bool Whole(int k, int w) { return k >= 0 && 4 * k + 3 < w; }
  template <bool kWhole>
  __device__ static unsigned Load(const std::uint8_t* row, int k, int w) {
    return kWhole ? __ldg(reinterpret_cast<const unsigned*>(row) + k) : GrayWord(row, k, w);
  }
  __device__ static void Store(std::uint8_t* row, int k, int w, unsigned v) { StoreGrayWord(row, k, w, v); }
  // The (2R + 1)-wide row max / min of t[0] (R = 1 or 2).
  template <bool kMax, int R>
  __device__ static unsigned Row(const unsigned* t) {
    static_assert(R == 1 || R == 2, "gray8 word rows serve radius 1 and 2");
    if constexpr (R == 1) return GrayRow3<kMax>(t[-1], t[0], t[1]);
    else return GrayRow5<kMax>(t[-1], t[0], t[1]);
  }
};

struct Rgba8Words {
  template <int R>
  static constexpr int kHalo = R;  // one pixel per word: R words on each side
  __host__ __device__ static int Count(int w) { return w; }
  __device__ static bool Whole(int k, int w) { return k >= 0 && k < w; }
  template <bool kWhole>
  __device__ static unsigned Load(const std::uint8_t* row, int k, int w) {
    return __ldg(reinterpret_cast<const unsigned*>(row) + (kWhole ? k : ClampInt(k, 0, w - 1)));
  }
  __device__ static void Store(std::uint8_t* row, int k, int, unsigned v) { reinterpret_cast<unsigned*>(row)[k] = v; }
  template <bool kMax, int R>
  __device__ static unsigned Row(const unsigned* t) {
    unsigned v = t[0];
#pragma unroll
    for (int d = 1; d <= R; ++d) v = Pick<kMax>(Pick<kMax>(v, t[-d]), t[d]);
    return v;
  }
};

// The word kernels load and store rows as 32-bit words: DeviceImage rows always allow that (512-byte pitch); a
// view that does not is refused with a reason rather than faulting.
inline void RequireWordRows(const CudaCall& c, const char* kernel) {
  auto aligned = [](const DeviceView& v) {
    return reinterpret_cast<std::uintptr_t>(v.data) % 4 == 0 && v.pitch % 4 == 0;
  };
  if (!aligned(c.in) || !aligned(c.out))
    throw RuntimeError(std::string(kernel) + " needs rows that start on 4-byte boundaries (data and pitch)");
}

using ::fl::cuda::PlaneArgs;  // kernel_util.cuh

__device__ __forceinline__ const std::uint8_t* InRow(const PlaneArgs& p, int y) {
  return p.in + static_cast<std::size_t>(ClampInt(y, 0, p.h - 1)) * p.in_pitch;
}
__device__ __forceinline__ std::uint8_t* OutRow(const PlaneArgs& p, int y) {
  return p.out + static_cast<std::size_t>(y) * p.out_pitch;
}

// The row words of one thread's column: its word k and both neighbours, for rows y0 .. y0 + kRows - 1 (clamped).
// All 3 kRows loads are issued before any is used, so they are in flight together.
template <int kRows, bool kWhole>
__device__ __forceinline__ void LoadGrayColumn(const PlaneArgs& p, int k, int y0, unsigned (&l)[kRows],
                                               unsigned (&m)[kRows], unsigned (&r)[kRows]) {
#pragma unroll
  for (int i = 0; i < kRows; ++i) {
    const std::uint8_t* row = InRow(p, y0 + i);
    l[i] = Gray8Words::Load<kWhole>(row, k - 1, p.w);
    m[i] = Gray8Words::Load<kWhole>(row, k, p.w);
    r[i] = Gray8Words::Load<kWhole>(row, k + 1, p.w);
  }
}

// The vertical max / min over 2 kRadius + 1 consecutive row results for kOut outputs: out[j] reduces
// rows[j .. j + 2 kRadius]. Two neighbouring outputs share all but one row each, so the shared part is reduced
// once per pair.
template <bool kMax, int kRadius, int kOut>
__device__ __forceinline__ void ReduceColumn(const unsigned (&rows)[kOut + 2 * kRadius], unsigned (&out)[kOut]) {
#pragma unroll
  for (int j = 0; j < kOut; j += 2) {
    unsigned shared = rows[j + 1];
#pragma unroll
    for (int i = 2; i <= 2 * kRadius; ++i) shared = Pick<kMax>(shared, rows[j + i]);
    out[j] = Pick<kMax>(rows[j], shared);
    if (j + 1 < kOut) out[j + 1] = Pick<kMax>(shared, rows[j + 2 * kRadius + 1]);
  }
}

// `packed4` for gray8, 3x3 (kRadius 1) or 5x5 (kRadius 2): one thread computes one word of 4 pixels for kPy rows.
// It loads the kPy + 2 kRadius rows of its word and both neighbour words (32-bit loads, all in flight together),
// reduces each row horizontally with byte shifts and __vmaxu4 / __vminu4, then each output vertically.
template <bool kMax, int kRadius, int kPy>
__global__ void PackedGrayStrip(PlaneArgs p) {
  constexpr int kRows = kPy + 2 * kRadius;
  const int k = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int y0 = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y) * kPy;
  if (4 * k >= p.w || y0 >= p.h) return;
  unsigned l[kRows], m[kRows], r[kRows];
  // Threads whose three words lie inside the row take plain loads; only those at the row's ends clamp.
  if (Gray8Words::Whole(k - 1, p.w) && Gray8Words::Whole(k + 1, p.w))
    LoadGrayColumn<kRows, true>(p, k, y0 - kRadius, l, m, r);
  else
    LoadGrayColumn<kRows, false>(p, k, y0 - kRadius, l, m, r);
  unsigned rows[kRows];
#pragma unroll
  for (int i = 0; i < kRows; ++i)
    rows[i] = kRadius == 1 ? GrayRow3<kMax>(l[i], m[i], r[i]) : GrayRow5<kMax>(l[i], m[i], r[i]);
  unsigned out[kPy];
  ReduceColumn<kMax, kRadius, kPy>(rows, out);
#pragma unroll
  for (int j = 0; j < kPy; ++j)
    if (y0 + j < p.h) StoreGrayWord(OutRow(p, y0 + j), k, p.w, out[j]);
}

// Largest strip height (launch field ppt) of PackedGrayStrip.
constexpr int kMaxPackedRows = 8;

// Calls fn(std::integral_constant<int, n>) for n = ppt in 1 .. kMaxPackedRows (clamped: the launch validation
// has already refused anything outside the declared range).
template <typename Fn>
decltype(auto) DispatchRows(int ppt, Fn&& fn) {
  switch (ppt < 1 ? 1 : (ppt > kMaxPackedRows ? kMaxPackedRows : ppt)) {
    case 1: return fn(std::integral_constant<int, 1>{});
    case 2: return fn(std::integral_constant<int, 2>{});
    case 3: return fn(std::integral_constant<int, 3>{});
    case 4: return fn(std::integral_constant<int, 4>{});
    case 5: return fn(std::integral_constant<int, 5>{});
    case 6: return fn(std::integral_constant<int, 6>{});
    case 7: return fn(std::integral_constant<int, 7>{});
    default: return fn(std::integral_constant<int, 8>{});
  }
}

}  // namespace fl::cuda::morph
