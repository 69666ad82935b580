// Declarations of `dilate5` and `erode5`: 5x5 grey morphology (square structuring element). One template serves
// both; only max or min and the words differ.
#include <string>
#include <utility>

#include "core/cpu/morph5.hpp"
#include "cuda/filters/morph5.hpp"
#include "filters/declarations.hpp"

namespace fl::filters {
namespace {

template <bool kDilate>
FilterSpec Morph5Spec(std::string id, std::string name, std::string what, CpuFilterFn reference,
                      CpuFilterFn openmp) {
  FilterSpec f;
  f.id = std::move(id);
  f.name = std::move(name);
  f.teaching =
      what +
      " Per channel, replicate border. 25 reads per output make this the stencil where shared memory finally "
      "pays: computed as two 3x3 passes through a shared-memory tile it needs about 9 + 9 shared-memory reads "
      "per pixel instead of 25 global ones. Two 3x3 passes equal one 5x5 pass exactly: the 3x3 square added to "
      "itself is the 5x5 square and max / min are associative and commutative; with replicate borders it stays "
      "exact because clamping only repeats edge pixels (the passes run on the image extended by its replicated "
      "edges, where the identity holds everywhere). Max and min are exact, so every variant is bit-identical to "
      "the reference.";
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};

  VariantSpec two_pass = CudaVariant(
      "two_pass_smem",
      "One kernel, two 3x3 passes through shared memory: the block loads its tile with a 2-pixel halo "
      "((bx+4) x (by+4)), computes a first 3x3 pass into an intermediate tile with a 1-pixel halo "
      "((bx+2) x (by+2)), waits at __syncthreads, then computes the second 3x3 pass from it.",
      "The fastest variant for 5x5: 25 global loads per pixel become about 1.2 (the tile and its halo) plus 9 + 9 "
      "shared-memory reads. The same idea does not pay for 3x3 (see dilate3's smem), where L1 already serves "
      "the 9-fold reuse; at 25-fold reuse it does.",
      cuda::LaunchMorph5TwoPassSmem<kDilate>, cuda::Morph5TwoPassSmemKernel<kDilate>);
  two_pass.smem_bytes = cuda::Morph5TwoPassSmemBytes;

  f.variants = {
      CpuReference(reference),
      CpuOpenmp(openmp),
      CudaVariant("naive",
                  "One thread per pixel: all 25 neighbours read from global memory at clamped coordinates, one "
                  "store.",
                  "25 load instructions per pixel; L1 catches most of the reuse but the load count itself "
                  "(and its address arithmetic) makes this the slowest CUDA variant.",
                  cuda::LaunchMorph5Naive<kDilate>, cuda::Morph5NaiveKernel<kDilate>),
      CudaVariant("ppt4",
                  "Four vertically adjacent outputs per thread: each of the 8 input rows it needs is read "
                  "(5 pixels) and reduced horizontally once, and every output reduces 5 of those row results.",
                  "40 loads for 4 outputs instead of 100: much faster than naive, close to two_pass_smem, with "
                  "no barrier and no shared memory.",
                  cuda::LaunchMorph5Ppt4<kDilate>, cuda::Morph5Ppt4Kernel<kDilate>),
      two_pass,
  };
  return f;
}

}  // namespace

FilterSpec DeclareDilate5() {
  return Morph5Spec<true>("dilate5", "Dilate 5x5",
                          "Grey dilation: each output is the maximum over its 5x5 neighbourhood, so bright regions "
                          "grow by two pixels and dark details up to 4 pixels wide vanish.",
                          cpu::Dilate5Reference, cpu::Dilate5Openmp);
}

FilterSpec DeclareErode5() {
  return Morph5Spec<false>("erode5", "Erode 5x5",
                           "Grey erosion: each output is the minimum over its 5x5 neighbourhood, so dark regions "
                           "grow by two pixels and bright details up to 4 pixels wide vanish.",
                           cpu::Erode5Reference, cpu::Erode5Openmp);
}

}  // namespace fl::filters
