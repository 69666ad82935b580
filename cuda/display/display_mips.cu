#include "cuda/cuda_check.hpp"
#include "cuda/display/display_mips.hpp"
#include "cuda/display/mip_mean.cuh"

namespace fl::cuda {
namespace {

constexpr int kChainLevels = 5;  // levels one launch writes: a 32 x 32 tile halved down to 1 x 1
constexpr int kTile = 32;

struct ChainStep {
  cudaSurfaceObject_t from;
  int from_w, from_h;
  cudaSurfaceObject_t to[kChainLevels];
  int to_w[kChainLevels], to_h[kChainLevels];
  int levels;  // 1 .. kChainLevels
};

// Block 32 x 8 owns a 32 x 32 tile of the first target level (origin ox, oy at that level). Each further level's
// tile is half the last, at origin ox >> j, oy >> j, and reads only the last tile: the pixels 2x, 2x + 1 of a
// level of side >= 2 lie in the same tile, and a side of 1 clamps both to 0, which is in it too.
__global__ void __launch_bounds__(256) DownsampleChain(const ChainStep s) {
  __shared__ uchar4 tile[2][kTile][kTile];
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
  const int ox = static_cast<int>(blockIdx.x) * kTile, oy = static_cast<int>(blockIdx.y) * kTile;
  // The first level, from the surface.
  for (int r = ty; r < kTile; r += 8) {
    const int x = ox + tx, y = oy + r;
    if (x >= s.to_w[0] || y >= s.to_h[0]) continue;
    const int x0 = min(2 * x, s.from_w - 1), x1 = min(2 * x + 1, s.from_w - 1);
    const int y0 = min(2 * y, s.from_h - 1), y1 = min(2 * y + 1, s.from_h - 1);
    const uchar4 m = Mean(surf2Dread<uchar4>(s.from, 4 * x0, y0), surf2Dread<uchar4>(s.from, 4 * x1, y0),
                          surf2Dread<uchar4>(s.from, 4 * x0, y1), surf2Dread<uchar4>(s.from, 4 * x1, y1));
    tile[0][r][tx] = m;
    surf2Dwrite(m, s.to[0], 4 * x, y);
  }
  // The others, each from the tile above in shared memory.
  for (int j = 1; j < s.levels; ++j) {
    __syncthreads();
    const int side = kTile >> j, above_w = s.to_w[j - 1], above_h = s.to_h[j - 1];
    const int ax = ox >> (j - 1), ay = oy >> (j - 1);  // the tile above's origin at its level
    const auto& above = tile[(j - 1) & 1];
    auto& here = tile[j & 1];
    for (int i = ty * 32 + tx; i < side * side; i += 256) {
      const int lx = i % side, ly = i / side;
      const int x = (ox >> j) + lx, y = (oy >> j) + ly;
      if (x >= s.to_w[j] || y >= s.to_h[j]) continue;
      const int x0 = min(2 * x, above_w - 1) - ax, x1 = min(2 * x + 1, above_w - 1) - ax;
      const int y0 = min(2 * y, above_h - 1) - ay, y1 = min(2 * y + 1, above_h - 1) - ay;
      const uchar4 m = Mean(above[y0][x0], above[y0][x1], above[y1][x0], above[y1][x1]);
      here[ly][lx] = m;
      surf2Dwrite(m, s.to[j], 4 * x, y);
    }
  }
}

}  // namespace

void WriteMipChainRgba8(const cudaSurfaceObject_t* levels, int count, int w, int h, cudaStream_t stream) {
  for (int first = 1; first < count; first += kChainLevels) {
    ChainStep s{};
    s.from = levels[first - 1];
    s.from_w = MipSide(w, first - 1);
    s.from_h = MipSide(h, first - 1);
    s.levels = count - first < kChainLevels ? count - first : kChainLevels;
    for (int j = 0; j < s.levels; ++j) {
      s.to[j] = levels[first + j];
      s.to_w[j] = MipSide(w, first + j);
      s.to_h[j] = MipSide(h, first + j);
    }
    const dim3 grid(static_cast<unsigned>((s.to_w[0] + kTile - 1) / kTile),
                    static_cast<unsigned>((s.to_h[0] + kTile - 1) / kTile));
    DownsampleChain<<<grid, dim3(32, 8), 0, stream>>>(s);
    FL_CUDA_CHECK_LAUNCH("DownsampleChain");
  }
}

}  // namespace fl::cuda
