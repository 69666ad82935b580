#pragma once
// Block footprints shared by several declarations (VariantSpec::footprint): what one block writes and reads,
// drawn by the viewer's launch-grid overlay.
#include "core/filter_spec.hpp"

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
  return {c.block_x * (Bytes / BytesPerPixel(in)), c.block_y, 0};
}

}  // namespace fl::filters

namespace fl::filters {

// A variant with its footprint set, for declarations written as one list.
inline VariantSpec WithFootprint(VariantSpec v, FootprintFn footprint) {
  v.footprint = footprint;
  return v;
}

}  // namespace fl::filters
