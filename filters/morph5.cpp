// Declarations of `dilate5` and `erode5`: 5x5 grey morphology (square structuring element). One template serves
// both; only max or min and the words differ.
#include <string>
#include <utility>

#include "core/cpu/morph5.hpp"
#include "cuda/filters/morph5.hpp"
#include "filters/declarations.hpp"
#include "filters/footprints.hpp"

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
      " Per channel, replicate border. 25 reads per output, and max / min over a square is separable: the 5x5 "
      "result is the 5-row max of 5-wide row maxes (equally, two 3x3 passes: 3 + 3 - 1 = 5). With replicate "
      "borders this stays exact, because the passes run on the image extended by its replicated edges, where the "
      "identity holds everywhere. This is the stencil where shared memory pays: the row results are worth "
      "sharing between the 5 output rows that use each of them, and a block's shared tile computes them once. "
      "Max and min are exact, so every variant is bit-identical to the reference.";
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};

  VariantSpec two_pass = CudaVariant(
      "two_pass_smem",
      "One kernel, two passes through shared memory, on 32-bit words (4 gray8 pixels, or one rgba8 pixel, combined "
      "by __vmaxu4 / __vminu4). The block loads its input tile once ((by * ppt + 4) rows, a halo word or two "
      "each side), the row pass writes every tile row's 5-wide max / min into a second tile (byte shifts with "
      "__byte_perm for gray8), and after __syncthreads each thread walks ppt outputs down one column of it, "
      "keeping the last four row results in registers.",
      "Expect the fastest 5x5 variant for both formats, close to the copy bandwidth: one global load per input "
      "word plus the tile's 4 extra rows, and each row result computed once per block where ppt4 and packed4 "
      "compute the strip's 4 extra rows again in every thread. The same sharing does not pay for 3x3 (see "
      "dilate3's smem), where there is less to share. ppt trades the halo rows (4 per block) against blocks in "
      "flight.",
      cuda::LaunchMorph5TwoPassSmem<kDilate>, cuda::Morph5TwoPassSmemKernel<kDilate>);
  two_pass.smem_bytes = cuda::Morph5TwoPassSmemBytes;
  two_pass.uses.ppt = true;
  two_pass.uses.ppt_min = 1;
  two_pass.uses.ppt_max = 8;
  two_pass.defaults.ppt = 4;

  VariantSpec packed = CudaVariant(
      "packed4",
      "SIMD within a word, no shared memory: one thread computes a 32-bit word of 4 adjacent gray8 pixels for a "
      "strip of ppt rows. It loads its word and both neighbours for the ppt + 4 rows (32-bit loads, all in "
      "flight together), builds the words shifted by 1 and 2 pixels with __byte_perm, reduces each row with 4 "
      "__vmaxu4 / __vminu4 and then the column.",
      "Expect it several times faster than ppt4 on gray8 (a quarter of the load instructions, and one "
      "__vmaxu4 per 4 pixels) but behind two_pass_smem: every thread recomputes the row results of its strip's 4 "
      "extra rows, which the shared tile computes once per block.",
      cuda::LaunchMorph5Packed4<kDilate>, cuda::Morph5Packed4Kernel<kDilate>);
  packed.formats = {PixelFormat::Gray8};
  packed.uses.ppt = true;
  packed.uses.ppt_min = 1;
  packed.uses.ppt_max = 8;
  packed.defaults.ppt = 4;

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
                  "40 loads for 4 outputs instead of 100: expect it about twice as fast as naive, but one byte per "
                  "load on gray8 keeps it far from the copy bandwidth.",
                  cuda::LaunchMorph5Ppt4<kDilate>, cuda::Morph5Ppt4Kernel<kDilate>),
      two_pass,
      packed,
  };
  SetFootprints(f, {{"naive", TileFootprint<1, 1, 2>},
                    {"ppt4", TileFootprint<1, 4, 2>},  // a vertical strip of 4 per thread
                    {"two_pass_smem", WordStripFootprint<2>},
                    {"packed4", WordStripFootprint<2>}});
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
