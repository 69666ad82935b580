#pragma once
// Block footprints shared by several declarations (VariantSpec::footprint): what one block writes and reads,
// drawn by the viewer's launch-grid overlay.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/error.hpp"
#include "core/filter_spec.hpp"
#include "cuda/filters/strip_launch.hpp"
#include "filters/declarations.hpp"

namespace fl::filters {

// PX x PY outputs per thread laid out as a block-sized pattern (or a strip), so a block covers
// (PX * block_x) x (PY * block_y) pixels; it reads `Halo` pixels beyond them on every side.
template <int PX, int PY, int Halo>
BlockFootprint TileFootprint(const LaunchConfig& c, const ParamValues&, PixelFormat) {
  return {PX * c.block_x, PY * c.block_y, Halo};
}

// `Bytes` bytes of a row per thread (vector loads): how many pixels that is depends on the format.
template <int Bytes>
BlockFootprint RowBytesFootprint(const LaunchConfig& c, const ParamValues&, PixelFormat in) {
  return {c.block_x * static_cast<int>(Bytes / BytesPerPixel(in)), c.block_y, 0};
}

// Word-wide strips: each thread covers one 32-bit word of a row (4 gray8 pixels or 1 rgba8 pixel) for `ppt` rows.
template <int Halo>
BlockFootprint WordStripFootprint(const LaunchConfig& c, const ParamValues&, PixelFormat in) {
  return {c.block_x * static_cast<int>(4 / BytesPerPixel(in)), c.block_y * c.ppt, Halo};
}

// A strip variant: 16 bytes of a row per thread (16 / bytes-per-pixel pixels) for ppt rows, reading `Halo` pixels
// around its tile (cuda/filters/strip_launch.hpp).
template <int Halo>
BlockFootprint StripFootprint(const LaunchConfig& c, const ParamValues&, PixelFormat in) {
  return cuda::strip::Footprint(c, Halo, in);
}

// One output per thread reading `radius` pixels around it (the parameter of the stencil).
inline BlockFootprint RadiusFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat) {
  return {c.block_x, c.block_y, p.Has("radius") ? p.Int("radius") : 0};
}

}  // namespace fl::filters

namespace fl::filters {

// Sets the footprints of the named variants of a declaration; naming a variant that does not exist is a
// declaration bug and throws at registry construction.
inline void SetFootprints(FilterSpec& f, std::initializer_list<std::pair<std::string_view, FootprintFn>> list) {
  for (const auto& [id, fn] : list) DeclaredVariant(f, id, "footprint").footprint = fn;
}

// A variant with its footprint set, for declarations written as one list.
inline VariantSpec WithFootprint(VariantSpec v, FootprintFn footprint) {
  v.footprint = footprint;
  return v;
}

}  // namespace fl::filters
