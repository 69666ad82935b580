// Declarations of `dilate3` and `erode3`: 3x3 grey morphology. One template serves both; only the operation
// (max or min) and the words differ.
#include <string>
#include <utility>

#include "core/cpu/morph3.hpp"
#include "cuda/filters/morph3.hpp"
#include "filters/declarations.hpp"
#include "filters/footprints.hpp"

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
      "outputs) but with no arithmetic to speak of, so it is purely a question of memory traffic and instruction "
      "count: the caches already serve the 9-fold reuse, so an explicit shared-memory tile does not pay, while "
      "doing more work per instruction does (several outputs per thread; on gray8, 4 pixels per 32-bit word). "
      "Max and min are exact, so every variant is bit-identical to the reference.";
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};

  VariantSpec smem = CudaVariant(
      "smem",
      "Each block copies its tile plus a 1-pixel halo ((bx+2) x (by+2) pixels) into shared memory cooperatively, "
      "waits at __syncthreads, then reduces every window from shared memory. The block is the tile.",
      "No faster than naive, often slower: L1 already serves the reuse, and the halo loads, the index arithmetic "
      "and the barrier cost what shared memory saves.",
      cuda::LaunchMorph3Smem<Op>, cuda::Morph3SmemKernel<Op>);
  smem.smem_bytes = cuda::Morph3SmemBytes;

  VariantSpec packed = CudaVariant(
      "packed4",
      "SIMD within a word: one thread computes a 32-bit word of 4 adjacent gray8 pixels, for a strip of ppt rows. "
      "It loads its word and both neighbour words for the ppt + 2 rows (32-bit loads, all in flight together), "
      "builds the words shifted by one pixel with __byte_perm, and takes the max / min of 4 pixels at once with "
      "__vmaxu4 / __vminu4: 2 per row, then the column.",
      "Expect the fastest gray8 variant, approaching the copy bandwidth: a quarter of the load instructions of "
      "ppt4, each moving 4 bytes, and one __vmaxu4 (a handful of integer instructions) per 4 pixels. rgba8 "
      "pixels are already words (naive and ppt4 combine their channels with one __vmaxu4), so this variant is "
      "gray8 only.",
      cuda::LaunchMorph3Packed4<Op>, cuda::Morph3Packed4Kernel<Op>);
  packed.formats = {PixelFormat::Gray8};
  packed.uses.ppt = true;
  packed.uses.ppt_min = 1;
  packed.uses.ppt_max = 8;
  packed.defaults.ppt = 4;

  f.variants = {
      CpuReference(cpu::Morph3Reference<Op>),
      CpuOpenmp(cpu::Morph3Openmp<Op>),
      CudaVariant("naive",
                  "One thread per output pixel: 9 clamped loads from global memory (one uchar4 per rgba8 pixel, "
                  "its four channels combined by one __vmaxu4 / __vminu4) and one store.",
                  "The baseline. Neighbouring threads read the same lines, so the L1 cache absorbs most of the "
                  "9-fold reuse and DRAM sees about one read per pixel, but 9 load instructions per pixel (each "
                  "moving one byte on gray8) keep it several times slower than a copy.",
                  cuda::LaunchMorph3Naive<Op>, cuda::Morph3NaiveKernel<Op>),
      smem,
      CudaVariant("ppt4",
                  "One thread computes a vertical strip of 4 outputs: it loads the 6 input rows of the strip "
                  "(all in flight together), reduces each row's 3 pixels once, and every output reduces 3 of "
                  "those row results.",
                  "18 loads for 4 outputs instead of 36, and 4x fewer threads doing the address arithmetic: expect "
                  "it faster than naive and smem. On gray8 each load still moves one byte, so it stays well "
                  "short of the copy bandwidth: see packed4.",
                  cuda::LaunchMorph3Ppt4<Op>, cuda::Morph3Ppt4Kernel<Op>),
      packed,
  };
  SetFootprints(f, {{"naive", TileFootprint<1, 1, 1>},
                    {"smem", TileFootprint<1, 1, 1>},
                    {"ppt4", TileFootprint<1, 4, 1>},  // a vertical strip of 4 per thread
                    {"packed4", WordStripFootprint<1>}});
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
