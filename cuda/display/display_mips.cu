#include "cuda/cuda_check.hpp"
#include "cuda/display/display_mips.hpp"

namespace fl::cuda {
namespace {

__device__ __forceinline__ unsigned Mean4(unsigned a, unsigned b, unsigned c, unsigned d) {
  return (a + b + c + d + 2) >> 2;
}

__global__ void Downsample(cudaSurfaceObject_t from, int from_w, int from_h, cudaSurfaceObject_t to, int to_w,
                           int to_h) {
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  if (x >= to_w || y >= to_h) return;
  const int x0 = min(2 * x, from_w - 1), x1 = min(2 * x + 1, from_w - 1);
  const int y0 = min(2 * y, from_h - 1), y1 = min(2 * y + 1, from_h - 1);
  // Surface x coordinates are in bytes.
  const uchar4 a = surf2Dread<uchar4>(from, 4 * x0, y0), b = surf2Dread<uchar4>(from, 4 * x1, y0);
  const uchar4 c = surf2Dread<uchar4>(from, 4 * x0, y1), d = surf2Dread<uchar4>(from, 4 * x1, y1);
  const uchar4 m = make_uchar4(Mean4(a.x, b.x, c.x, d.x), Mean4(a.y, b.y, c.y, d.y),
                               Mean4(a.z, b.z, c.z, d.z), Mean4(a.w, b.w, c.w, d.w));
  surf2Dwrite(m, to, 4 * x, y);
}

}  // namespace

void DownsampleRgba8(cudaSurfaceObject_t from, int from_w, int from_h, cudaSurfaceObject_t to, int to_w,
                     int to_h, cudaStream_t stream) {
  const dim3 block(32, 8);
  const dim3 grid((to_w + 31) / 32, (to_h + 7) / 8);
  Downsample<<<grid, block, 0, stream>>>(from, from_w, from_h, to, to_w, to_h);
  FL_CUDA_CHECK_LAUNCH("Downsample");
}

}  // namespace fl::cuda
