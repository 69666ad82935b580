// Declarations of `dilate3` and `erode3`: 3x3 grey morphology. One template serves both; only the operation
// (max or min) and the words differ.
#include <string>
#include <utility>

#include "core/cpu/morph3.hpp"
#include "cuda/filters/morph3.hpp"
#include "filters/declarations.hpp"

namespace fl::filters {

namespace {

template <MorphOp Op>
FilterSpec Morph3Spec(std::string id, std::string name, std::string what) {
  FilterSpec f;
  f.id = std::move(id);
  f.name = std::move(name);
  f.teaching =
      what +
      " Per channel, replicate border. Like gauss3 it is a 3x3 stencil (9 reads per output, each input read by 9 "
      "outputs) but with no arithmetic to speak of, so it is purely a question of memory traffic: the caches "
      "already serve the 9-fold reuse, an explicit shared-memory tile does not pay, and several outputs per "
      "thread do. Max and min are exact, so every variant is bit-identical to the reference.";
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};

  VariantSpec smem = CudaVariant(
      "smem",
      "Each block copies its tile plus a 1-pixel halo ((bx+2) x (by+2) pixels) into shared memory cooperatively, "
      "waits at __syncthreads, then reduces every window from shared memory. The block is the tile.",
      "No faster than naive, often slower: L1 already serves the reuse, and the halo loads, the index arithmetic "
      "and the barrier cost what shared memory saves.",
      cuda::LaunchMorph3Smem<Op>, cuda::Morph3SmemKernel<Op>);
  smem.smem_bytes = cuda::Morph3SmemBytes;

  f.variants = {
      CpuReference(cpu::Morph3Reference<Op>),
      CpuOpenmp(cpu::Morph3Openmp<Op>),
      CudaVariant("naive",
                  "One thread per output pixel: 9 clamped loads from global memory (one uchar4 per rgba8 pixel, "
                  "its four channels combined in one __vmaxu4 / __vminu4 instruction) and one store.",
                  "The baseline; neighbouring threads read the same lines, so the L1 cache absorbs most of the "
                  "9-fold reuse and it runs near the cost of one read and one write per pixel.",
                  cuda::LaunchMorph3Naive<Op>, cuda::Morph3NaiveKernel<Op>),
      smem,
      CudaVariant("ppt4",
                  "One thread computes a vertical strip of 4 outputs: it streams the 6 input rows of the strip "
                  "once, reduces each row's 3 pixels, and keeps the two previous rows' results in registers.",
                  "18 loads for 4 outputs instead of 36, and 4x fewer threads doing the address arithmetic: expect "
                  "it faster than naive and smem, as long as the image is big enough to keep the GPU busy with "
                  "a quarter of the threads.",
                  cuda::LaunchMorph3Ppt4<Op>, cuda::Morph3Ppt4Kernel<Op>),
  };
  return f;
}

}  // namespace

FilterSpec DeclareDilate3() {
  return Morph3Spec<MorphOp::Dilate>(
      "dilate3", "Dilate 3x3",
      "Grey dilation: each output is the maximum over its 3x3 neighbourhood, so bright regions grow by a pixel "
      "and dark specks vanish.");
}

FilterSpec DeclareErode3() {
  return Morph3Spec<MorphOp::Erode>(
      "erode3", "Erode 3x3",
      "Grey erosion: each output is the minimum over its 3x3 neighbourhood, so dark regions grow by a pixel and "
      "bright specks vanish.");
}

}  // namespace fl::filters
