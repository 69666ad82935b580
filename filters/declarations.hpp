#pragma once
// Helpers that keep each filter's declaration short, and the list of declared filters.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/filter_spec.hpp"
#include "core/strip_tiers.hpp"

namespace fl::filters {

// The CPU oracle: plain loops in row order.
VariantSpec CpuReference(CpuFilterFn fn);
// The same code as the reference on several threads; bit-identical to it.
VariantSpec CpuOpenmp(CpuFilterFn fn);
// A CUDA variant with a block size (default 32x8) and nothing else to tune.
VariantSpec CudaVariant(std::string id, std::string technique, std::string expectation, CudaLaunchFn launch,
                        KernelFn kernel);

// The strip stencils' tail rules (core/strip_tiers.hpp). gauss3 and 3x3 morphology: quarter-length tail strips over
// a whole wave; a grid within one wave halves its strips below a third of a wave, then fills the wave. Sobel: a
// quarter of a wave's rows in its tail (filters/sobel.cpp says why); short grids halved below half a wave, then
// filled. 5x5 morphology: half-length tail strips; short grids halved below half a wave, down to 8 rows, and on
// gray8 then filled down to 6 (rgba8 measured slower filled; filters/morph.cpp). StripVariant takes kMorph5Tail for
// both: its rule picks by format.
inline constexpr TailRule kStencilTail{kQuarterTail, kWholeWave, kThirdOfWave, 0, 0, kFillWave};
inline constexpr TailRule kSobelTail{kQuarterTail, kQuarterWave, kHalfOfWave, 0, 0, kFillWave};
inline constexpr TailRule kMorph5Tail{kHalfTail, kWholeWave, kHalfOfWave, 6, 0, kFillWave};
inline constexpr TailRule kMorph5TailRgba8{kHalfTail, kWholeWave, kHalfOfWave};

// A `fast` strip variant (cuda/filters/chunk_strip.cuh): 16 bytes of a row per thread for a strip of ppt rows,
// block x a multiple of 32; its footprint reads `halo` pixels around the tile. `tail` (core/strip_tiers.hpp): its
// launcher puts the last wave's rows (a quarter of them for sobel) in strips tail.divisor times shorter (StripArgsOf),
// which the teaching text then explains; a variant that takes them only for some parameters (box fast) passes 0 and
// explains its own rule.
VariantSpec StripVariant(std::string technique, std::string expectation, CudaLaunchFn launch, KernelFn kernel,
                         FootprintFn footprint, int default_rows, TailRule tail = kStencilTail);

// `v`, a StripVariant whose stencil walks every strip down (kWalkDown, cuda/filters/chunk_strip.cuh), with its
// technique saying so instead of the alternating walk.
VariantSpec WithStripsWalkingDown(VariantSpec v);

// A launch rule's result (VariantSpec::defaults_for): `d` with the ppt of the first (largest radius, ppt)
// step whose radius is at least r, or d's own ppt past the last step.
LaunchConfig WithPptForRadius(LaunchConfig d, int r, std::initializer_list<std::pair<int, int>> steps);

// `v` with a launch rule that gives rgba8 inputs kRows rows per thread (measured: the caller says where) and every
// other format the static default.
template <int kRows>
LaunchConfig Rgba8Rows(const LaunchConfig& d, const ParamValues&, const ImageShape& in) {
  LaunchConfig c = d;
  if (in.format == PixelFormat::Rgba8) c.ppt = kRows;
  return c;
}
template <int kRows>
VariantSpec WithRgba8Rows(VariantSpec v) {
  v.defaults_for = Rgba8Rows<kRows>;
  v.defaults_rule = "rgba8: ppt " + std::to_string(kRows);
  return v;
}

// The variant `id` of a declaration being written, for the Set... helpers (footprints, kernel sources); naming a
// variant that does not exist is a declaration bug: RuntimeError "<what> for unknown variant 'filter/id'".
VariantSpec& DeclaredVariant(FilterSpec& f, std::string_view id, const char* what);

// Registers a filter: each declaration file names its Declare function once, with an order key, and the built-in
// registry (filters/builtin_registry.cpp) lists every registered filter by key. A new filter is declared and
// registered in its own file; nothing else needs an edit. (The library is linked whole, so these static
// registrations are never dropped: filters/CMakeLists.txt.)
using DeclareFn = FilterSpec (*)();
struct Registration {
  int order;
  DeclareFn declare;
};
std::vector<Registration>& Registrations();
struct Registrar {
  Registrar(int order, DeclareFn declare) { Registrations().push_back({order, declare}); }
};
#define FL_REGISTER_FILTER(order, fn) static const ::fl::filters::Registrar fl_registrar_##fn((order), (fn))

}  // namespace fl::filters
