#include "cuda/filters/gray.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

// Same fixed-point formula as the CPU reference, so results are bit-identical.
__device__ inline std::uint8_t Luma(uchar4 p) {
  return static_cast<std::uint8_t>((77 * p.x + 150 * p.y + 29 * p.z + 128) >> 8);
}
__device__ inline std::uint8_t Luma(std::uint8_t g) { return g; }

// One pixel per thread.
template <typename In>
__global__ void GrayNaive(const std::uint8_t* in, std::size_t in_pitch, std::uint8_t* out, std::size_t out_pitch,
                          int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  RowPtr<std::uint8_t>(out, out_pitch, y)[x] = Luma(RowPtr<In>(in, in_pitch, y)[x]);
}

// Four pixels per thread: one 16-byte load of four RGBA pixels (or one 4-byte load of four gray ones) and one
// 4-byte store. Rows start aligned (pitched allocation); the last, partial group of a row goes pixel by pixel.
template <typename In>
__global__ void GrayVec4(const std::uint8_t* in, std::size_t in_pitch, std::uint8_t* out, std::size_t out_pitch,
                         int w, int h) {
  const int x = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const In* src = RowPtr<In>(in, in_pitch, y) + x;
  std::uint8_t* dst = RowPtr<std::uint8_t>(out, out_pitch, y) + x;
  if (x + 4 <= w) {
    uchar4 r;
    if constexpr (sizeof(In) == 4) {
      const uint4 q = *reinterpret_cast<const uint4*>(src);
      r = make_uchar4(Luma(*reinterpret_cast<const uchar4*>(&q.x)), Luma(*reinterpret_cast<const uchar4*>(&q.y)),
                      Luma(*reinterpret_cast<const uchar4*>(&q.z)), Luma(*reinterpret_cast<const uchar4*>(&q.w)));
    } else {
      r = *reinterpret_cast<const uchar4*>(src);
    }
    *reinterpret_cast<uchar4*>(dst) = r;
  } else {
    for (int i = 0; x + i < w; ++i) dst[i] = Luma(src[i]);
  }
}

}  // namespace

const void* GrayNaiveKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return f == PixelFormat::Rgba8 ? reinterpret_cast<const void*>(&GrayNaive<uchar4>)
                                 : reinterpret_cast<const void*>(&GrayNaive<std::uint8_t>);
}
const void* GrayVec4Kernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return f == PixelFormat::Rgba8 ? reinterpret_cast<const void*>(&GrayVec4<uchar4>)
                                 : reinterpret_cast<const void*>(&GrayVec4<std::uint8_t>);
}

void LaunchGrayNaive(const CudaCall& c) {
  const dim3 grid = GridOf(c);
  if (c.in.shape.format == PixelFormat::Rgba8)
    GrayNaive<uchar4><<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(c.in.data, c.in.pitch, c.out.data, c.out.pitch,
                                                                     c.in.shape.width, c.in.shape.height);
  else
    GrayNaive<std::uint8_t><<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(
        c.in.data, c.in.pitch, c.out.data, c.out.pitch, c.in.shape.width, c.in.shape.height);
  FL_CUDA_CHECK_LAUNCH("GrayNaive");
}

void LaunchGrayVec4(const CudaCall& c) {
  const dim3 grid = GridOf(c);  // four pixels per thread, as declared
  if (c.in.shape.format == PixelFormat::Rgba8)
    GrayVec4<uchar4><<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(c.in.data, c.in.pitch, c.out.data, c.out.pitch,
                                                                    c.in.shape.width, c.in.shape.height);
  else
    GrayVec4<std::uint8_t><<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(c.in.data, c.in.pitch, c.out.data,
                                                                          c.out.pitch, c.in.shape.width,
                                                                          c.in.shape.height);
  FL_CUDA_CHECK_LAUNCH("GrayVec4");
}

}  // namespace fl::cuda
