// Declarations of dilate3 / erode3 (radius 1) and dilate5 / erode5 (radius 2): grey morphology over a square, one
// family templated on the operation (max or min) and the radius. What differs between the radii is the lesson:
// at 3x3 shared memory does not pay, at 5x5 two passes through it do.
#include <string>
#include <utility>

#include "core/cpu/morph.hpp"
#include "cuda/filters/fast.hpp"
#include "cuda/filters/morph.hpp"
#include "filters/declarations.hpp"
#include "filters/kernel_sources.hpp"
#include "filters/footprints.hpp"

namespace fl::filters {
namespace {

std::string TeachingOf(int r) {
  if (r == 1)
    return " Per channel, replicate border. Like gauss3 it is a 3x3 stencil (9 reads per output, each input read "
           "by 9 outputs) but with no arithmetic to speak of, so it is purely a question of memory traffic and "
           "instruction count: the caches already serve the 9-fold reuse, so an explicit shared-memory tile does not "
           "pay, while doing more work per instruction does (several outputs per thread; on gray8, 4 pixels per "
           "32-bit word; in `fast`, 16 bytes per load). Max and min are exact, so every variant is bit-identical to "
           "the reference.";
  return " Per channel, replicate border. 25 reads per output, and max / min over a square is separable: the 5x5 "
         "result is the 5-row max of 5-wide row maxes (equally, two 3x3 passes: 3 + 3 - 1 = 5). With replicate "
         "borders this stays exact, because the passes run on the image extended by its replicated edges, where "
         "the identity holds everywhere. This is the stencil where shared memory pays: the row results are worth "
         "sharing between the 5 output rows that use each of them, and a block's shared tile computes them once. "
         "Max and min are exact, so every variant is bit-identical to the reference.";
}

template <MorphOp Op, int R>
VariantSpec Naive() {
  return R == 1
             ? CudaVariant("naive",
                           "One thread per output pixel: 9 clamped loads from global memory (one uchar4 per rgba8 "
                           "pixel, its four channels combined by one __vmaxu4 / __vminu4) and one store.",
                           "The baseline. Neighbouring threads read the same lines, so the L1 cache absorbs most of "
                           "the 9-fold reuse and DRAM sees about one read per pixel, but 9 load instructions per pixel "
                           "(each moving one byte on gray8) keep it several times slower than a copy.",
                           cuda::LaunchMorphNaive<Op, R>, cuda::MorphNaiveKernel<Op, R>)
             : CudaVariant("naive",
                           "One thread per pixel: all 25 neighbours read from global memory at clamped coordinates, "
                           "one store.",
                           "25 load instructions per pixel; L1 catches most of the reuse but the load count itself "
                           "(and its address arithmetic) makes this the slowest CUDA variant.",
                           cuda::LaunchMorphNaive<Op, R>, cuda::MorphNaiveKernel<Op, R>);
}

template <MorphOp Op, int R>
VariantSpec Ppt4() {
  return R == 1 ? CudaVariant("ppt4",
                              "One thread computes a vertical strip of 4 outputs: it loads the 6 input rows of the "
                              "strip (all in flight together), reduces each row's 3 pixels once, and every output "
                              "reduces 3 of those row results.",
                              "18 loads for 4 outputs instead of 36, and 4x fewer threads doing the address "
                              "arithmetic: expect it faster than naive and smem. On gray8 each load still moves one "
                              "byte, so it stays well short of the copy bandwidth: see packed4.",
                              cuda::LaunchMorphPpt4<Op, R>, cuda::MorphPpt4Kernel<Op, R>)
                : CudaVariant("ppt4",
                              "Four vertically adjacent outputs per thread: each of the 8 input rows it needs is read "
                              "(5 pixels) and reduced horizontally once, and every output reduces 5 of those row "
                              "results.",
                              "40 loads for 4 outputs instead of 100: expect it about twice as fast as naive, but one "
                              "byte per load on gray8 keeps it far from the copy bandwidth.",
                              cuda::LaunchMorphPpt4<Op, R>, cuda::MorphPpt4Kernel<Op, R>);
}

template <MorphOp Op, int R>
VariantSpec Packed4() {
  VariantSpec v =
      R == 1 ? CudaVariant(
                   "packed4",
                   "SIMD within a word: one thread computes a 32-bit word of 4 adjacent gray8 pixels, for a strip of "
                   "ppt rows. It loads its word and both neighbour words for the ppt + 2 rows (32-bit loads, all in "
                   "flight together), builds the words shifted by one pixel with __byte_perm, and takes the max / min "
                   "of 4 pixels at once with __vmaxu4 / __vminu4: 2 per row, then the column.",
                   "Expect it well ahead of ppt4 on gray8: a quarter of the load instructions, each moving 4 bytes, "
                   "and one __vmaxu4 (a handful of integer instructions) per 4 pixels. rgba8 pixels are already words "
                   "(naive and ppt4 combine their channels with one __vmaxu4), so this variant is gray8 only.",
                   cuda::LaunchMorphPacked4<Op, R>, cuda::MorphPacked4Kernel<Op, R>)
             : CudaVariant(
                   "packed4",
                   "SIMD within a word, no shared memory: one thread computes a 32-bit word of 4 adjacent gray8 "
                   "pixels for a strip of ppt rows. It loads its word and both neighbours for the ppt + 4 rows "
                   "(32-bit loads, all in flight together), builds the words shifted by 1 and 2 pixels with "
                   "__byte_perm, reduces each row with 4 __vmaxu4 / __vminu4 and then the column.",
                   "Expect it several times faster than ppt4 on gray8 (a quarter of the load instructions, and one "
                   "__vmaxu4 per 4 pixels) but behind two_pass_smem: every thread recomputes the row results of its "
                   "strip's 4 extra rows, which the shared tile computes once per block.",
                   cuda::LaunchMorphPacked4<Op, R>, cuda::MorphPacked4Kernel<Op, R>);
  v.formats = {PixelFormat::Gray8};
  v.uses.ppt = true;
  v.uses.ppt_min = 1;
  v.uses.ppt_max = 8;
  v.defaults.ppt = 4;
  return v;
}

template <MorphOp Op>
VariantSpec Smem3() {
  VariantSpec v = CudaVariant(
      "smem",
      "Each block copies its tile plus a 1-pixel halo ((bx+2) x (by+2) pixels) into shared memory cooperatively, "
      "waits at __syncthreads, then reduces every window from shared memory. The block is the tile.",
      "No faster than naive, often slower: L1 already serves the reuse, and the halo loads, the index arithmetic "
      "and the barrier cost what shared memory saves.",
      cuda::LaunchMorphSmem<Op, 1>, cuda::MorphSmemKernel<Op, 1>);
  v.smem_bytes = cuda::MorphSmemBytes<1>;
  return v;
}

template <MorphOp Op>
VariantSpec TwoPassSmem5() {
  VariantSpec v = CudaVariant(
      "two_pass_smem",
      "One kernel, two passes through shared memory, on 32-bit words (4 gray8 pixels, or one rgba8 pixel, combined "
      "by __vmaxu4 / __vminu4). The block loads its input tile once ((by * ppt + 4) rows, a halo word or two each "
      "side), the row pass writes every tile row's 5-wide max / min into a second tile (byte shifts with "
      "__byte_perm for gray8), and after __syncthreads each thread walks ppt outputs down one column of it, keeping "
      "the last four row results in registers.",
      "The fastest of the teaching variants for both formats: one global load per input word plus the tile's 4 "
      "extra rows, and each row result computed once per block where ppt4 and packed4 compute the strip's 4 extra "
      "rows again in every thread. The same sharing does not pay for 3x3 (see dilate3's smem), where there is less "
      "to share. ppt trades the halo rows (4 per block) against blocks in flight.",
      cuda::LaunchMorphTwoPassSmem<Op, 2>, cuda::MorphTwoPassSmemKernel<Op, 2>);
  v.smem_bytes = cuda::MorphTwoPassSmemBytes<2>;
  v.uses.ppt = true;
  v.uses.ppt_min = 1;
  v.uses.ppt_max = 8;
  v.defaults.ppt = 4;
  return v;
}

// fast's tail strips: half as long for 5x5, a quarter for 3x3. H100, 8192x8192 gray8, a quarter -> half, means of 2
// to 4 runs in four calls (bench/results/2026-11-27f_box_edges calls 9 and 10 and 2026-11-27g_session7 call 2, same
// process; 2026-11-27g_session7 call 3, the builds alternated): dilate5 83.4 / 83.1 / 82.8 / 82.1 -> 83.8 / 83.8 /
// 83.7 / 83.2% of a copy, erode5 82.0 / 81.9 / 82.2 / 82.7 -> 83.8 / 83.1 / 82.5 / 82.7; rgba8 dilate5 level;
// gauss3 91.8 -> 88.2 and dilate3 93.0 -> 89.6 (call 9), whose strips have 2 apron rows to amortise instead of 4.
// 5x5's grid within one wave halves its strips while it fills less than half a wave, not a third: H100, three
// rounds, % of a copy, a third -> half (bench/results/2026-11-27k_session11, call 4): 3840x2160 gray8 dilate5 /
// erode5 46.3 / 46.9 -> 60.1 / 61.6 (its 16-row grid filled 0.34 of a wave), rgba8 1920x1080 dilate5 79.9 -> 83.9;
// 1920x1080 to 8192x8192 otherwise within 0.6. 3x3 keeps a third: half cost gray8 gauss3 and dilate3 2 to 3 points
// at 4096x4096. Halved, a gray8 5x5 grid then fills the wave down to 6 rows (kMorph5Tail): H100, three rounds,
// dilate5 / erode5 % of a copy (bench/results/2026-11-28l_session12, call 9): 1920x1080 68.3 / 67.0 -> 79.7 / 78.0,
// 1280x720 41.8 / 39.7 -> 47.4 / 45.1, 3840x2160 60.2 / 58.3 -> 64.7 / 62.3, 3000x2000 44.3 / 43.9 -> 48.5 / 48.3,
// 2048x2048 78.5 / 74.6 -> 81.5 / 76.2; rgba8 1920x1080 85.8 / 83.9 -> 82.8 / 81.1, so rgba8 keeps halved strips.
constexpr TailRule TailOf(int r) {
  return r == 2 ? kMorph5Tail : kStencilTail;
}

template <MorphOp Op, int R>
VariantSpec Fast() {
  const std::string n = std::to_string(2 * R + 1);
  VariantSpec v = StripVariant(
      "One thread owns 16 bytes of a row (16 gray8 or 4 rgba8 pixels) for a strip of ppt rows. Per input row: one "
      "16-byte load (with smem on, fetched rows ahead by cp.async into a shared-memory ring); the bytes beyond its "
      "ends come from the neighbouring lanes' registers by warp shuffle. Its words are split into even and odd bytes "
      "as 16-bit lanes, and the " + n + "-wide max / min is taken with lane shifts (__byte_perm) and three-way "
      "16-bit-lane max / min (__vimax3_u16x2 / __vimin3_u16x2). It keeps the last " + n + " row results in "
      "registers" + (R == 2 ? " as a ring (row r in slot r mod 5, the loop unrolled over one turn of it, so that "
                              "moving on a row renames registers instead of copying them)" : "") +
      " and writes each output row with one 16-byte store.",
      "What made it fast: every byte crosses the memory bus once in 16-byte transactions (a warp reads 512 "
      "contiguous bytes per row), each input row is loaded once per strip rather than " + n + " times, and the "
      "arithmetic uses the 16-bit-lane max / min that compute capability 9.0 executes natively: the per-byte "
      "__vmaxu4 of packed4 is emulated by about a dozen instructions there, which made the first version of this "
      "kernel compute-bound." + (R == 2 ? " The ring took 5x5 from 79% to 83% of the copy on an H100 (gray8) and "
                                              "removed a register spill." : "") +
      (R == 2 ? " Its tail strips are half as long rather than a quarter: a strip reads 4 apron rows, which a "
                "quarter-height tail strip of 4 rows pays for 4 outputs (0 to 1.8 points faster on gray8 in four calls)." : "") +
      " Expect it close to the copy bandwidth on both formats; ppt trades the strip's " +
      std::to_string(2 * R) + " apron rows against blocks in flight.",
      cuda::LaunchMorphFast<Op, R>, cuda::MorphFastKernel<Op, R>, StripFootprint<R>, 16, TailOf(R));
  // 3x3 on rgba8: 8 rows per thread rather than 16 (H100, 8192x8192, with the tail strips: 95.5% of a copy against
  // 93.2; bench/results/2026-11-27d_strip_tail, call 5). 5x5 takes 16 on both formats.
  if constexpr (R == 1) return WithRgba8Rows<8>(std::move(v));
  return v;
}

template <MorphOp Op, int R>
FilterSpec MorphSpec(std::string id, std::string name, std::string what) {
  FilterSpec f;
  f.id = std::move(id);
  f.name = std::move(name);
  f.teaching = what + TeachingOf(R);
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};
  // The first CUDA variant is a new stage's default: the fast one, with the teaching variants beside it.
  f.variants = {CpuReference(cpu::MorphReference<Op, R>), CpuOpenmp(cpu::MorphOpenmp<Op, R>), Fast<Op, R>(),
                Naive<Op, R>()};
  if constexpr (R == 1) f.variants.push_back(Smem3<Op>());
  f.variants.push_back(Ppt4<Op, R>());
  if constexpr (R == 2) f.variants.push_back(TwoPassSmem5<Op>());
  f.variants.push_back(Packed4<Op, R>());
  SetFootprints(f, {{"naive", TileFootprint<1, 1, R>},
                    {"ppt4", TileFootprint<1, 4, R>},  // a vertical strip of 4 per thread
                    {"packed4", WordStripFootprint<R>}});
  if constexpr (R == 1) SetFootprints(f, {{"smem", TileFootprint<1, 1, 1>}});
  if constexpr (R == 2) SetFootprints(f, {{"two_pass_smem", WordStripFootprint<2>}});
  SetSources(f, {{"fast", {"morph_fast.cu", {"MorphStencil"}}},
                 {"naive", {"morph.cu", {"MorphNaive"}}},
                 {"ppt4", {"morph.cu", {"MorphStrip"}}},
                 {"packed4", {"morph_words.cuh", {"PackedGrayStrip"}}}});
  if constexpr (R == 1) SetSources(f, {{"smem", {"morph.cu", {"MorphSmem", "LoadTileWithHalo"}}}});
  if constexpr (R == 2) SetSources(f, {{"two_pass_smem", {"morph_two_pass.cu", {"MorphTwoPassSmem"}}}});
  return f;
}

}  // namespace

static FilterSpec DeclareDilate3() {
  return MorphSpec<MorphOp::Dilate, 1>(
      "dilate3", "Dilate 3x3",
      "Grey dilation: each output is the maximum over its 3x3 neighbourhood, so bright regions grow by a pixel and "
      "dark specks vanish.");
}

static FilterSpec DeclareErode3() {
  return MorphSpec<MorphOp::Erode, 1>(
      "erode3", "Erode 3x3",
      "Grey erosion: each output is the minimum over its 3x3 neighbourhood, so dark regions grow by a pixel and "
      "bright specks vanish.");
}

static FilterSpec DeclareDilate5() {
  return MorphSpec<MorphOp::Dilate, 2>("dilate5", "Dilate 5x5",
                                       "Grey dilation: each output is the maximum over its 5x5 neighbourhood, so "
                                       "bright regions grow by two pixels and dark details up to 4 pixels wide "
                                       "vanish.");
}

static FilterSpec DeclareErode5() {
  return MorphSpec<MorphOp::Erode, 2>("erode5", "Erode 5x5",
                                      "Grey erosion: each output is the minimum over its 5x5 neighbourhood, so dark "
                                      "regions grow by two pixels and bright details up to 4 pixels wide vanish.");
}

FL_REGISTER_FILTER(40, DeclareDilate3);
FL_REGISTER_FILTER(41, DeclareErode3);
FL_REGISTER_FILTER(90, DeclareDilate5);
FL_REGISTER_FILTER(91, DeclareErode5);

}  // namespace fl::filters
