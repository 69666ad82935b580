#include <string>
#include <type_traits>

#include "core/cpu/sobel_math.hpp"
#include "core/error.hpp"
#include "cuda/filters/sobel.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

// The arithmetic type: exact integers for gray8 input, float for gray32f (as on the CPU).
template <typename In>
using Arith = std::conditional_t<std::is_same_v<In, float>, float, int>;

template <typename Out>
__device__ inline void Store(const PlaneArgs& p, int x, int y, float magnitude) {
  if constexpr (std::is_same_v<Out, float>)
    RowPtr<float>(p.out, p.out_pitch, y)[x] = magnitude;
  else
    RowPtr<std::uint8_t>(p.out, p.out_pitch, y)[x] = sobel::ToGray8(magnitude);
}

template <typename T>
__device__ inline float MagnitudeOf(const sobel::RowTerms<T>& up, const sobel::RowTerms<T>& mid,
                                    const sobel::RowTerms<T>& down) {
  return sobel::Magnitude(sobel::Gx(up, mid, down), sobel::Gy(up, down));
}

// The horizontal terms of row `row` (already clamped) around column x, with clamped neighbours.
template <typename In>
__device__ inline sobel::RowTerms<Arith<In>> TermsAt(const PlaneArgs& p, int row, int xl, int x, int xr) {
  using T = Arith<In>;
  const In* r = RowPtr<In>(p.in, p.in_pitch, row);
  return sobel::Row<T>(static_cast<T>(r[xl]), static_cast<T>(r[x]), static_cast<T>(r[xr]));
}

// One thread per pixel: its 3x3 neighbourhood straight from global memory (8 of the 9 loads are used).
template <typename In, typename Out>
__global__ void SobelNaive(PlaneArgs p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  const int xl = max(x - 1, 0);
  const int xr = min(x + 1, p.w - 1);
  const auto up = TermsAt<In>(p, max(y - 1, 0), xl, x, xr);
  const auto mid = TermsAt<In>(p, y, xl, x, xr);
  const auto down = TermsAt<In>(p, min(y + 1, p.h - 1), xl, x, xr);
  Store<Out>(p, x, y, MagnitudeOf(up, mid, down));
}

// The block's tile plus a 1-pixel halo in shared memory, loaded cooperatively at clamped coordinates (the tile
// is a piece of the replicate-extended image); threads past the image load too and skip only the store.
template <typename In, typename Out>
__global__ void SobelSmem(PlaneArgs p) {
  using T = Arith<In>;
  extern __shared__ __align__(16) unsigned char sobel_tile[];
  In* tile = reinterpret_cast<In*>(sobel_tile);
  const int tw = blockDim.x + 2;
  LoadTileWithHalo<In>(tile, p.in, p.in_pitch, p.w, p.h, 1);
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  sobel::RowTerms<T> t[3];
#pragma unroll
  for (int r = 0; r < 3; ++r) {
    const In* row = tile + (threadIdx.y + r) * tw + threadIdx.x;
    t[r] = sobel::Row<T>(static_cast<T>(row[0]), static_cast<T>(row[1]), static_cast<T>(row[2]));
  }
  Store<Out>(p, x, y, MagnitudeOf(t[0], t[1], t[2]));
}

constexpr int kStripRows = 4;

// A vertical strip of 4 outputs per thread: the 6 input rows are loaded and reduced horizontally once each, and
// every output combines three of them: 18 loads for 4 outputs instead of 36.
template <typename In, typename Out>
__global__ void SobelStrip(PlaneArgs p) {
  using T = Arith<In>;
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * kStripRows;
  if (x >= p.w || y0 >= p.h) return;
  const int xl = max(x - 1, 0);
  const int xr = min(x + 1, p.w - 1);
  sobel::RowTerms<T> t[kStripRows + 2];
#pragma unroll
  for (int r = 0; r < kStripRows + 2; ++r) t[r] = TermsAt<In>(p, ClampInt(y0 - 1 + r, 0, p.h - 1), xl, x, xr);
#pragma unroll
  for (int j = 0; j < kStripRows; ++j)
    if (y0 + j < p.h) Store<Out>(p, x, y0 + j, MagnitudeOf(t[j], t[j + 1], t[j + 2]));
}

// `separable`: pass 1 stores both horizontal terms of every pixel in scratch, pass 2 combines three rows of them.
// short2 holds the gray8 terms exactly (diff in [-255, 255], smooth in [0, 1020]).
template <typename In>
using TermsPair = std::conditional_t<std::is_same_v<In, float>, float2, short2>;

template <typename In>
__device__ inline TermsPair<In> Pack(const sobel::RowTerms<Arith<In>>& t) {
  if constexpr (std::is_same_v<In, float>)
    return make_float2(t.diff, t.smooth);
  else
    return make_short2(static_cast<short>(t.diff), static_cast<short>(t.smooth));
}
template <typename In>
__device__ inline sobel::RowTerms<Arith<In>> Unpack(TermsPair<In> v) {
  return {static_cast<Arith<In>>(v.x), static_cast<Arith<In>>(v.y)};
}

template <typename In>
__global__ void SobelRowPass(PlaneArgs p, void* scratch) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  auto* terms = static_cast<TermsPair<In>*>(scratch);
  terms[static_cast<std::size_t>(y) * p.w + x] = Pack<In>(TermsAt<In>(p, y, max(x - 1, 0), x, min(x + 1, p.w - 1)));
}

template <typename In, typename Out>
__global__ void SobelColumnPass(PlaneArgs p, void* scratch) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  const auto* terms = static_cast<const TermsPair<In>*>(scratch);
  const auto at = [&](int row) { return Unpack<In>(terms[static_cast<std::size_t>(row) * p.w + x]); };
  Store<Out>(p, x, y, MagnitudeOf(at(max(y - 1, 0)), at(y), at(min(y + 1, p.h - 1))));
}

bool FloatOut(const CudaCall& c) { return c.out.shape.format == PixelFormat::Gray32f; }
bool FloatOut(const ParamValues& p) { return p.Text("output") == "gray32f"; }

// One of four instantiations by input format and output format.
template <typename K>
K Pick(PixelFormat in, bool float_out, K u8_u8, K u8_f32, K f32_u8, K f32_f32) {
  if (in == PixelFormat::Gray32f) return float_out ? f32_f32 : f32_u8;
  return float_out ? u8_f32 : u8_u8;
}

using SobelKernel = void (*)(PlaneArgs);
using PassKernel = void (*)(PlaneArgs, void*);

SobelKernel NaiveFor(PixelFormat in, bool float_out) {
  return Pick<SobelKernel>(in, float_out, SobelNaive<std::uint8_t, std::uint8_t>, SobelNaive<std::uint8_t, float>,
                           SobelNaive<float, std::uint8_t>, SobelNaive<float, float>);
}
SobelKernel SmemFor(PixelFormat in, bool float_out) {
  return Pick<SobelKernel>(in, float_out, SobelSmem<std::uint8_t, std::uint8_t>, SobelSmem<std::uint8_t, float>,
                           SobelSmem<float, std::uint8_t>, SobelSmem<float, float>);
}
SobelKernel StripFor(PixelFormat in, bool float_out) {
  return Pick<SobelKernel>(in, float_out, SobelStrip<std::uint8_t, std::uint8_t>, SobelStrip<std::uint8_t, float>,
                           SobelStrip<float, std::uint8_t>, SobelStrip<float, float>);
}
PassKernel ColumnPassFor(PixelFormat in, bool float_out) {
  return Pick<PassKernel>(in, float_out, SobelColumnPass<std::uint8_t, std::uint8_t>,
                          SobelColumnPass<std::uint8_t, float>, SobelColumnPass<float, std::uint8_t>,
                          SobelColumnPass<float, float>);
}
PassKernel RowPassFor(PixelFormat in) {
  return in == PixelFormat::Gray32f ? SobelRowPass<float> : SobelRowPass<std::uint8_t>;
}

template <typename K>
const void* AsVoid(K k) {
  return reinterpret_cast<const void*>(k);
}

}  // namespace

std::size_t SobelSmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat in) {
  return static_cast<std::size_t>(c.block_x + 2) * static_cast<std::size_t>(c.block_y + 2) * BytesPerPixel(in);
}

std::size_t SobelSeparableScratchBytes(const ImageShape& in, const ParamValues&) {
  const std::size_t pair = in.format == PixelFormat::Gray32f ? sizeof(float2) : sizeof(short2);
  return in.Pixels() * pair;
}

const void* SobelNaiveKernel(PixelFormat in, const LaunchConfig&, const ParamValues& p) {
  return AsVoid(NaiveFor(in, FloatOut(p)));
}
const void* SobelSmemKernel(PixelFormat in, const LaunchConfig&, const ParamValues& p) {
  return AsVoid(SmemFor(in, FloatOut(p)));
}
const void* SobelPpt4Kernel(PixelFormat in, const LaunchConfig&, const ParamValues& p) {
  return AsVoid(StripFor(in, FloatOut(p)));
}
const void* SobelSeparableKernel(PixelFormat in, const LaunchConfig&, const ParamValues& p) {
  return AsVoid(ColumnPassFor(in, FloatOut(p)));
}

void LaunchSobelNaive(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  NaiveFor(c.in.shape.format, FloatOut(c))<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("SobelNaive");
}

void LaunchSobelSmem(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  const std::size_t smem = SobelSmemBytes(c.launch, c.params, c.in.shape.format);
  SmemFor(c.in.shape.format, FloatOut(c))<<<GridOf(c), BlockOf(c.launch), smem, StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("SobelSmem");
}

void LaunchSobelPpt4(const CudaCall& c) {
  const PlaneArgs p = PlaneArgsOf(c);
  StripFor(c.in.shape.format, FloatOut(c))<<<GridOf(c), BlockOf(c.launch), 0,
                                             StreamOf(c)>>>(p);
  FL_CUDA_CHECK_LAUNCH("SobelStrip");
}

void LaunchSobelSeparable(const CudaCall& c) {
  const std::size_t need = SobelSeparableScratchBytes(c.in.shape, c.params);
  if (!c.scratch || c.scratch_bytes < need)
    throw RuntimeError("sobel/separable: needs " + std::to_string(need) + " bytes of scratch, got " +
                       std::to_string(c.scratch ? c.scratch_bytes : 0));
  const PlaneArgs p = PlaneArgsOf(c);
  const dim3 grid = GridOf(c);  // both passes: one pixel per thread, as declared
  RowPassFor(c.in.shape.format)<<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(p, c.scratch);
  FL_CUDA_CHECK_LAUNCH("SobelRowPass");
  ColumnPassFor(c.in.shape.format, FloatOut(c))<<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(p, c.scratch);
  FL_CUDA_CHECK_LAUNCH("SobelColumnPass");
}

}  // namespace fl::cuda
