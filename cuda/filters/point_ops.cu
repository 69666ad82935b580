#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "cuda/filters/point_ops.hpp"
#include "cuda/filters/point_words.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

// The images a point kernel reads and writes. For one-input ops `b` is `a` and is never read.
struct PointArgs {
  const std::uint8_t* a;
  std::size_t a_pitch;
  const std::uint8_t* b;
  std::size_t b_pitch;
  std::uint8_t* out;
  std::size_t out_pitch;
  int w;  // pixels
  int h;
};

template <typename Op>
__device__ inline std::uint8_t ApplyByte(const Op& op, std::uint8_t a, std::uint8_t b) {
  if constexpr (Op::kInputs == 2)
    return op(a, b);
  else
    return op(a);
}
template <typename Op>
__device__ inline std::uint8_t Apply(const Op& op, std::uint8_t a, std::uint8_t b) {
  return ApplyByte(op, a, b);
}
template <typename Op>
__device__ inline uchar4 Apply(const Op& op, uchar4 a, uchar4 b) {
  return make_uchar4(ApplyByte(op, a.x, b.x), ApplyByte(op, a.y, b.y), ApplyByte(op, a.z, b.z),
                     ApplyByte(op, a.w, b.w));
}
// Four channel values packed in a 32-bit word; which byte is which channel does not matter to a point op.
template <typename Op>
__device__ inline std::uint32_t ApplyWord(const Op& op, std::uint32_t a, std::uint32_t b) {
  std::uint32_t r = 0;
#pragma unroll
  for (int k = 0; k < 32; k += 8)
    r |= static_cast<std::uint32_t>(ApplyByte(op, static_cast<std::uint8_t>(a >> k), static_cast<std::uint8_t>(b >> k)))
         << k;
  return r;
}

template <typename Op, typename T>
__device__ inline void PointAt(const PointArgs& p, const Op& op, int x, int y) {
  const T a = RowPtr<T>(p.a, p.a_pitch, y)[x];
  T b = a;
  if constexpr (Op::kInputs == 2) b = RowPtr<T>(p.b, p.b_pitch, y)[x];
  RowPtr<T>(p.out, p.out_pitch, y)[x] = Apply(op, a, b);
}

// One pixel per thread (T: std::uint8_t for gray8, uchar4 for rgba8).
template <typename Op, typename T>
__global__ void PointNaive(PointArgs p, Op op) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= p.w || y >= p.h) return;
  PointAt<Op, T>(p, op, x, y);
}

// PX x PY pixels per thread. A thread's pixels are a block width (height) apart rather than adjacent, so that at
// every step the 32 threads of a warp still touch 32 consecutive pixels: the loads stay coalesced.
template <typename Op, typename T, int PX, int PY>
__global__ void PointTile(PointArgs p, Op op) {
  const int x0 = blockIdx.x * blockDim.x * PX + threadIdx.x;
  const int y0 = blockIdx.y * blockDim.y * PY + threadIdx.y;
#pragma unroll
  for (int j = 0; j < PY; ++j) {
    const int y = y0 + j * static_cast<int>(blockDim.y);
    if (y >= p.h) return;
#pragma unroll
    for (int i = 0; i < PX; ++i) {
      const int x = x0 + i * static_cast<int>(blockDim.x);
      if (x < p.w) PointAt<Op, T>(p, op, x, y);
    }
  }
}

// Four bytes of a word: the op's word form where it has one (point_words.cuh) and the launcher chose it, else
// the byte operator four times.
template <typename Op, bool kWordForm>
__device__ inline std::uint32_t WordOf(const Op& op, std::uint32_t a, std::uint32_t b) {
  if constexpr (kWordForm)
    return point_words::WordForm<Op>::Apply(op, a, b);
  else
    return ApplyWord(op, a, b);
}

// 16 bytes of a row per thread: one 16-byte load per input and one 16-byte store, whatever the format (a point op
// treats every channel alike). Rows start 16-byte aligned (checked by the launcher); the last, partial group of a
// row goes byte by byte.
template <typename Op, bool kWordForm>
__global__ void PointVec4(PointArgs p, Op op, int row_bytes) {
  const int xb = (blockIdx.x * blockDim.x + threadIdx.x) * 16;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (xb >= row_bytes || y >= p.h) return;
  const std::uint8_t* a = RowPtr<std::uint8_t>(p.a, p.a_pitch, y) + xb;
  const std::uint8_t* b = RowPtr<std::uint8_t>(p.b, p.b_pitch, y) + xb;
  std::uint8_t* out = RowPtr<std::uint8_t>(p.out, p.out_pitch, y) + xb;
  if (xb + 16 <= row_bytes) {
    const uint4 va = *reinterpret_cast<const uint4*>(a);
    uint4 vb = va;
    if constexpr (Op::kInputs == 2) vb = *reinterpret_cast<const uint4*>(b);
    uint4 r;
    r.x = WordOf<Op, kWordForm>(op, va.x, vb.x);
    r.y = WordOf<Op, kWordForm>(op, va.y, vb.y);
    r.z = WordOf<Op, kWordForm>(op, va.z, vb.z);
    r.w = WordOf<Op, kWordForm>(op, va.w, vb.w);
    *reinterpret_cast<uint4*>(out) = r;
  } else {
    for (int i = 0; xb + i < row_bytes; ++i) {
      if constexpr (Op::kInputs == 2)
        out[i] = ApplyByte(op, a[i], b[i]);
      else
        out[i] = ApplyByte(op, a[i], a[i]);
    }
  }
}

std::string ShapeText(const ImageShape& s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height) + " " + std::string(ToString(s.format));
}

template <typename Op>
PointArgs ArgsOf(const CudaCall& c) {
  PointArgs p{c.in.data, c.in.pitch, c.in.data, c.in.pitch, c.out.data, c.out.pitch, c.in.shape.width,
              c.in.shape.height};
  if constexpr (Op::kInputs == 2) {
    if (!c.second) throw InputError(std::string(Op::kId) + " needs a second input (param 'with')");
    if (c.second->shape != c.in.shape)
      throw InputError(std::string(Op::kId) + ": second input is " + ShapeText(c.second->shape) + ", first is " +
                       ShapeText(c.in.shape));
    p.b = c.second->data;
    p.b_pitch = c.second->pitch;
  }
  return p;
}

void RequireAlignedRows(const DeviceView& v, const char* which) {
  if (reinterpret_cast<std::uintptr_t>(v.data) % 16 != 0 || v.pitch % 16 != 0)
    throw RuntimeError(std::string("vec4: the ") + which + " image's rows are not 16-byte aligned (pitch " +
                       std::to_string(v.pitch) + ")");
}

template <typename Op, typename T, PointLayout L>
const void* KernelOf() {
  if constexpr (L == PointLayout::Naive)
    return reinterpret_cast<const void*>(&PointNaive<Op, T>);
  else if constexpr (L == PointLayout::Ppt2x2)
    return reinterpret_cast<const void*>(&PointTile<Op, T, 2, 2>);
  else {
    static_assert(L == PointLayout::Ppt4x4, "vec4 kernels come from Vec4KernelFor");
    return reinterpret_cast<const void*>(&PointTile<Op, T, 4, 4>);
  }
}

// The vec4 kernel for an op and its parameters: with the op's word form where it has one that holds for them.
template <typename Op>
auto Vec4KernelFor(const Op& op) {
  using Form = point_words::WordForm<Op>;
  if constexpr (Form::kDeclared) {
    if (Form::Applies(op)) return &PointVec4<Op, true>;
  }
  return &PointVec4<Op, false>;
}

template <typename Op, PointLayout L>
const void* PointKernel(PixelFormat f, const LaunchConfig&, const ParamValues& params) {
  if constexpr (L == PointLayout::Vec4)
    return reinterpret_cast<const void*>(Vec4KernelFor(Op::From(params)));
  else
    return f == PixelFormat::Rgba8 ? KernelOf<Op, uchar4, L>() : KernelOf<Op, std::uint8_t, L>();
}

template <typename Op, typename T, PointLayout L>
void LaunchAs(const CudaCall& c, const PointArgs& p, const Op& op) {
  const dim3 block = BlockOf(c.launch);
  const cudaStream_t stream = StreamOf(c);
  if constexpr (L == PointLayout::Naive) {
    PointNaive<Op, T><<<GridOf(c), block, 0, stream>>>(p, op);
    FL_CUDA_CHECK_LAUNCH("PointNaive");
  } else if constexpr (L == PointLayout::Ppt2x2) {
    PointTile<Op, T, 2, 2><<<GridOf(c), block, 0, stream>>>(p, op);
    FL_CUDA_CHECK_LAUNCH("PointTile<2x2>");
  } else {
    static_assert(L == PointLayout::Ppt4x4);
    PointTile<Op, T, 4, 4><<<GridOf(c), block, 0, stream>>>(p, op);
    FL_CUDA_CHECK_LAUNCH("PointTile<4x4>");
  }
}

template <typename Op, PointLayout L>
void LaunchPoint(const CudaCall& c) {
  const Op op = Op::From(c.params);
  const PointArgs p = ArgsOf<Op>(c);
  if constexpr (L == PointLayout::Vec4) {
    RequireAlignedRows(c.in, "input");
    RequireAlignedRows(c.out, "output");
    if constexpr (Op::kInputs == 2) RequireAlignedRows(*c.second, "second input");
    const int row_bytes = static_cast<int>(c.in.shape.RowBytes());
    Vec4KernelFor(op)<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(p, op, row_bytes);
    FL_CUDA_CHECK_LAUNCH("PointVec4");
  } else if (c.in.shape.format == PixelFormat::Rgba8) {
    LaunchAs<Op, uchar4, L>(c, p, op);
  } else {
    LaunchAs<Op, std::uint8_t, L>(c, p, op);
  }
}

}  // namespace

template <typename Op>
PointLaunchers PointOpLaunchers(PointLayout layout) {
  switch (layout) {
    case PointLayout::Naive:
      return {&LaunchPoint<Op, PointLayout::Naive>, &PointKernel<Op, PointLayout::Naive>};
    case PointLayout::Ppt2x2:
      return {&LaunchPoint<Op, PointLayout::Ppt2x2>, &PointKernel<Op, PointLayout::Ppt2x2>};
    case PointLayout::Ppt4x4:
      return {&LaunchPoint<Op, PointLayout::Ppt4x4>, &PointKernel<Op, PointLayout::Ppt4x4>};
    case PointLayout::Vec4:
      return {&LaunchPoint<Op, PointLayout::Vec4>, &PointKernel<Op, PointLayout::Vec4>};
  }
  return {};
}

template PointLaunchers PointOpLaunchers<point::BrightnessContrast>(PointLayout);
template PointLaunchers PointOpLaunchers<point::Invert>(PointLayout);
template PointLaunchers PointOpLaunchers<point::Threshold>(PointLayout);
template PointLaunchers PointOpLaunchers<point::Add>(PointLayout);
template PointLaunchers PointOpLaunchers<point::Sub>(PointLayout);
template PointLaunchers PointOpLaunchers<point::Absdiff>(PointLayout);

}  // namespace fl::cuda
