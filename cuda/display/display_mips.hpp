#pragma once
// The smaller mip levels of the display texture, built on the device while CUDA-GL interop has it mapped:
// each level the 2x2 mean of the one above, so that OpenGL has nothing left to rebuild (its glGenerateMipmap
// took 0.27 ms of GPU time a frame for a 3840x2160 texture on an H100, more than the conversion into level
// 0). No GL here: render/ hands over the levels as surfaces.
#include <cuda_runtime.h>

namespace fl::cuda {

// The number of levels of a w x h texture down to 1x1, as the display texture allocates them.
constexpr int MipLevelCount(int w, int h) {
  int levels = 1;
  while (((w > h ? w : h) >> levels) > 0) ++levels;
  return levels;
}
// The size of level `level` of a texture whose level 0 is `side` wide (or tall): GL's floor(side / 2^level),
// at least 1.
constexpr int MipSide(int side, int level) { return (side >> level) > 0 ? side >> level : 1; }

// Levels 1 .. count - 1 of a texture whose level 0 (w x h) is written: levels[l] is level l's surface. Each
// level's pixel (x, y) is the rounded mean of pixels 2x .. 2x + 1, 2y .. 2y + 1 of the level above, clamped to
// it (an odd last column or row is left out, a side of 1 repeats its pixel; mip_mean.cuh). Asynchronous on
// `stream`. A launch per five levels instead of one per level: each block
// keeps a 32 x 32 tile of the first level it writes in shared memory and halves it four more times there (a
// level's pixel depends only on the 2 x 2 above it, inside the tile). 11 launches became 3 for 3840x2160.
void WriteMipChainRgba8(const cudaSurfaceObject_t* levels, int count, int w, int h, cudaStream_t stream);

}  // namespace fl::cuda
