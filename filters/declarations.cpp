#include "filters/declarations.hpp"

#include <string>
#include <string_view>

#include "core/error.hpp"
#include "cuda/filters/strip_launch.hpp"

namespace fl::filters {

VariantSpec CpuReference(CpuFilterFn fn) {
  VariantSpec v;
  v.id = "reference";
  v.backend = Backend::Cpu;
  v.technique = "Plain loops over rows and pixels on one CPU thread: the oracle every other variant is tested "
                "against.";
  v.expectation = "The slowest variant; its value is being obviously right.";
  v.cpu = fn;
  return v;
}

VariantSpec CpuOpenmp(CpuFilterFn fn) {
  VariantSpec v;
  v.id = "openmp";
  v.backend = Backend::Cpu;
  v.technique = "The reference's per-pixel code with rows shared among CPU threads by OpenMP.";
  v.expectation = "Scales with cores until memory bandwidth limits it; bit-identical to the reference.";
  v.cpu = fn;
  return v;
}

VariantSpec CudaVariant(std::string id, std::string technique, std::string expectation, CudaLaunchFn launch,
                        KernelFn kernel) {
  VariantSpec v;
  v.id = std::move(id);
  v.backend = Backend::Cuda;
  v.technique = std::move(technique);
  v.expectation = std::move(expectation);
  v.uses.block = true;
  v.defaults = LaunchConfig{32, 8, 1, true, 1};
  v.cuda = launch;
  v.kernel = kernel;
  return v;
}

LaunchConfig WithPptForRadius(LaunchConfig d, int r, std::initializer_list<std::pair<int, int>> steps) {
  for (const auto& [up_to, ppt] : steps)
    if (r <= up_to) {
      d.ppt = ppt;
      break;
    }
  return d;
}

// What StripVariant says about the direction of the strips, and what a variant whose strips all walk down says
// instead.
constexpr std::string_view kAlternatingWalk =
    " Odd strips walk up the image and even ones down, so that two neighbouring strips read the rows both need at "
    "about the same time, while those rows are still in the L2 cache (walking all down, at 16 rows per thread they "
    "were often read again from DRAM).";
constexpr std::string_view kWalkingDown =
    " Every strip walks down the image: the window is not symmetric top to bottom, and a strip walking up would "
    "take the row above for the row below.";

VariantSpec WithStripsWalkingDown(VariantSpec v) {
  const std::size_t at = v.technique.find(kAlternatingWalk);
  if (at != std::string::npos) v.technique.replace(at, kAlternatingWalk.size(), kWalkingDown);
  return v;
}

VariantSpec StripVariant(std::string technique, std::string expectation, CudaLaunchFn launch, KernelFn kernel,
                         FootprintFn footprint, int default_rows, TailRule tail) {
  // The strip kernels alternate their strips' direction (cuda/filters/chunk_strip.cuh, StripWalk), except a stencil
  // that walks down only (WithStripsWalkingDown).
  technique += kAlternatingWalk;
  technique +=
      " At the image's sides a warp's end lane makes the chunk "
      "beyond the row from its own chunk's edge pixel instead of loading it: that load, which cp.async cannot "
      "do for bytes that are not in memory, made those warps wait on every row, and making it took dilate5 from "
      "83% to 91% of a copy and gauss3 from 93% to 98% on an H100. With smem on, a block whose rows and chunks "
      "all lie inside the image (all but the first and last bands) runs a steady loop "
      "with no clamp, range test or branch per row: rows at 32-bit offsets stepping one pitch a row, ring slots "
      "that are constants of a loop unrolled over one turn of the ring, the end lanes' chunks beyond the warp by "
      "predicated cp.async. On an H200 at 8192x8192 it took gray8 dilate5 from 80% to 87% of a copy, sobel from "
      "65% to 75% and gauss3 from 89% to 92%. A row that ends inside the last column of blocks on a chunk "
      "boundary (3840 gray8 bytes are 7.5 blocks of 512) moves that column left to end with the row; its first "
      "lanes redo chunks of the column before. Left in place, its lanes past the row loaded their chunk of "
      "clamped bytes on every row and the warp waited for each load: in a grid of one wave those blocks set the "
      "kernel's time (H200, 3840x2160: the busiest SM 34% above the mean).";
  if (tail.divisor > 0)
    technique +=
      " From 8 rows per thread up, " +
      std::string(tail.wave_quarters == kQuarterWave ? "a quarter of the rows" : "the rows") +
      " the last wave of resident blocks would cover go in strips " +
      std::string(tail.divisor == kHalfTail ? "half" : "a quarter") +
      " as long, started last: a grid of equal strips ends with a few blocks running alone on "
      "an emptying GPU, each at its own latency's pace, which cost dilate5 about 9 of its 56 us at 8192x8192 on "
      "an H100 (the same kernel reached 90% of a copy at 16384x16384 and 78% at 8192x8192); with short last "
      "strips, 16 rows per thread beat 4 to 12 (gray8, the mean of two runs at each one's best: dilate5 76.7 -> "
      "78.3% of a copy, dilate3 90.6 -> 93.6, sobel 69.9 -> 71.7).";
  if (tail.divisor > 0)
    technique += std::string(" An image whose grid fits in one wave of full strips runs strips half as long while "
                             "its grid fills less than ") +
                 (tail.short_grid == kHalfOfWave ? "half" : "a third") +
                 " of a wave, so that more of the GPU works on it (down to the tail's length)" +
                 (tail.short_fill
                      ? std::string(", and once halved they take the length that fills the wave") +
                            (tail.short_min_rows > 0 ? " on gray8, not below " + std::to_string(tail.short_min_rows) +
                                                           " rows (5x5: 1920x1080 68% -> 80% of a copy; rgba8 ran "
                                                           "slower filled, so it keeps halved strips)"
                                                     : std::string()) +
                            ": halving alone left a 3840x2160 image's grid half a wave, and filling it took gauss3 "
                            "from 63% to 73% of a copy, dilate3 from 66% to 74% and sobel from 56% to 60% (H100)."
                      : std::string("."));
  VariantSpec v = CudaVariant("fast", std::move(technique), std::move(expectation), launch, kernel);
  v.uses = cuda::strip::Use();
  v.defaults = cuda::strip::Defaults(default_rows);
  v.check_launch = cuda::strip::BlockProblem;
  v.smem_bytes = cuda::strip::SmemBytes;
  v.footprint = footprint;
  // A function per rule: VariantSpec keeps plain function pointers.
  if (tail == TailRule{})
    v.tail = nullptr;
  else if (tail == kMorph5Tail)
    v.tail = [](const ParamValues&, PixelFormat in) {
      return in == PixelFormat::Gray8 ? kMorph5Tail : kMorph5TailRgba8;
    };
  else if (tail == kStencilTail)
    v.tail = [](const ParamValues&, PixelFormat) { return kStencilTail; };
  else if (tail == kSobelTail)
    v.tail = [](const ParamValues&, PixelFormat) { return kSobelTail; };
  else
    throw RuntimeError("StripVariant: tail divisor " + std::to_string(tail.divisor) + " over " +
                       std::to_string(tail.wave_quarters) + " wave quarters has no rule");
  return v;
}

VariantSpec& DeclaredVariant(FilterSpec& f, std::string_view id, const char* what) {
  for (auto& v : f.variants)
    if (v.id == id) return v;
  throw RuntimeError(std::string(what) + " for unknown variant '" + f.id + "/" + std::string(id) + "'");
}

}  // namespace fl::filters
