// The `naive` geometry kernel: the per-pixel code is core/cpu/affine.hpp's MapPoint and SampleBilinear, the
// very functions the CPU reference runs, so the results are bit-identical (the arithmetic is explicit fmaf).
#include "core/cpu/affine.hpp"
#include "cuda/filters/warp.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

template <int C>
__global__ void WarpBilinearNaive(const std::uint8_t* in, std::size_t in_pitch, int in_w, int in_h,
                                  std::uint8_t* out, std::size_t out_pitch, int out_w, int out_h,
                                  cpu::AffineF inverse, std::uint8_t fill) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out_w || y >= out_h) return;
  float sx, sy;
  cpu::MapPoint(inverse, x, y, sx, sy);
  cpu::SampleBilinear<C>(in, in_pitch, in_w, in_h, sx, sy, fill,
                         RowPtr<std::uint8_t>(out, out_pitch, y) + x * C);
}

void LaunchNaive(const CudaCall& c, const cpu::WarpSetup& s) {
  const dim3 grid = GridOf(c);
  const auto kernel = c.in.shape.format == PixelFormat::Rgba8 ? WarpBilinearNaive<4> : WarpBilinearNaive<1>;
  kernel<<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(
      c.in.data, c.in.pitch, c.in.shape.width, c.in.shape.height, c.out.data, c.out.pitch, c.out.shape.width,
      c.out.shape.height, s.inverse, s.fill);
  FL_CUDA_CHECK_LAUNCH("WarpBilinearNaive");
}

}  // namespace

void LaunchWarpAffineNaive(const CudaCall& c) { LaunchNaive(c, cpu::WarpAffineSetup(c.params, c.in.shape)); }
void LaunchLetterboxNaive(const CudaCall& c) { LaunchNaive(c, cpu::LetterboxSetup(c.params, c.in.shape)); }

const void* WarpNaiveKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return f == PixelFormat::Rgba8 ? reinterpret_cast<const void*>(&WarpBilinearNaive<4>)
                                 : reinterpret_cast<const void*>(&WarpBilinearNaive<1>);
}

}  // namespace fl::cuda
