// Block footprints (VariantSpec::footprint) for the viewer's launch-grid overlay: the fallback of one pixel per
// thread, and the tiles of the variants that compute several pixels per thread or read a halo.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

BlockFootprint Footprint(const std::string& filter, const std::string& variant, PixelFormat in,
                         const std::string& params = "") {
  const Registry& reg = BuiltinRegistry();
  const FilterSpec* f = reg.Find(filter);
  if (!f) throw InputError("no filter " + filter);
  const VariantSpec* v = f->FindVariant(variant);
  if (!v) throw InputError("no variant " + variant);
  const Stage st = ParseStageSpec(reg, filter + ":variant=" + variant + params, Backend::Cuda);
  return FootprintOf(*v, st.launch, st.params, in);
}

TEST(Footprint, WithoutADeclarationItIsOnePixelPerThreadAndNoHalo) {
  VariantSpec v;
  LaunchConfig c;
  c.block_x = 16;
  c.block_y = 4;
  const BlockFootprint fp = FootprintOf(v, c, ParamValues{}, PixelFormat::Gray8);
  EXPECT_EQ(fp.tile_w, 16);
  EXPECT_EQ(fp.tile_h, 4);
  EXPECT_EQ(fp.halo, 0);
}

TEST(Footprint, DeclaredTilesFollowTheLaunchConfiguration) {
  // Defaults are 32x8 blocks.
  BlockFootprint fp = Footprint("box2x2", "ppt2x2", PixelFormat::Gray8);
  EXPECT_EQ(fp.tile_w, 64);
  EXPECT_EQ(fp.tile_h, 16);
  EXPECT_EQ(fp.halo, 1);
  fp = Footprint("invert", "ppt4x4", PixelFormat::Rgba8);
  EXPECT_EQ(fp.tile_w, 128);
  EXPECT_EQ(fp.tile_h, 32);
  EXPECT_EQ(fp.halo, 0);
  // 16 bytes per thread: 16 gray pixels, or 4 RGBA ones.
  EXPECT_EQ(Footprint("invert", "vec4", PixelFormat::Gray8).tile_w, 32 * 16);
  EXPECT_EQ(Footprint("invert", "vec4", PixelFormat::Rgba8).tile_w, 32 * 4);
  EXPECT_EQ(Footprint("sobel", "smem", PixelFormat::Gray8).halo, 1);
  EXPECT_EQ(Footprint("sobel", "ppt4", PixelFormat::Gray8).tile_h, 32);
  EXPECT_EQ(Footprint("box", "direct", PixelFormat::Gray8, ":radius=5").halo, 5);
  EXPECT_EQ(Footprint("gray", "vec4", PixelFormat::Rgba8).tile_w, 128);
}

TEST(Footprint, BoxFastWarpsOwnTheirChunksUpToRadiusSevenGrayFourRgba) {
  // Block 32x4 (one warp across): up to radius 7 the warp writes all 32 of its 16-pixel chunks, from radius 8 the
  // 30 between its two apron lanes.
  for (const auto& [radius, width] : {std::pair{1, 512}, {2, 512}, {4, 512}, {5, 512}, {7, 512}, {8, 480}, {16, 480}}) {
    const BlockFootprint fp = Footprint("box", "fast", PixelFormat::Gray8, ":radius=" + std::to_string(radius));
    EXPECT_EQ(fp.tile_w, width) << "radius " << radius;
    EXPECT_EQ(fp.halo, radius);
  }
  // rgba8 (4 pixels a chunk): 32 chunks up to radius 4, then 32 - 2 ceil(r / 4) between the apron lanes.
  for (const auto& [radius, width] : {std::pair{4, 128}, {5, 112}, {8, 112}, {9, 104}, {12, 104}, {13, 96}, {16, 96}}) {
    const BlockFootprint fp = Footprint("box", "fast", PixelFormat::Rgba8, ":radius=" + std::to_string(radius));
    EXPECT_EQ(fp.tile_w, width) << "rgba8 radius " << radius;
    EXPECT_EQ(fp.halo, radius);
  }
}

}  // namespace
}  // namespace fl
