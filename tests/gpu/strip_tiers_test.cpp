// The shorter tail strips (core/strip_tiers.hpp, StripTiers) of the strip kernels and gauss tensor against the CPU
// oracle. The
// registry's sizes (up to 4096x4096) fit in one wave of resident blocks on a large GPU, so their strips are all
// tail strips there; this test picks, from the device's own occupancy, an image tall enough for both tiers and
// checks that it has them before it compares.
#include <gtest/gtest.h>

#include <string>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/plan.hpp"
#include "cuda/cuda_executor.hpp"
#include "core/strip_tiers.hpp"
#include "cuda/kernel_info.hpp"
#include "filters/builtin_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

struct TierCase {
  std::string filter;
  PixelFormat format;
  LaunchConfig launch;  // block_x 0: the variant's default for the parameters
  std::string params = "";
  std::string variant = "fast";
};

void PrintTo(const TierCase& c, std::ostream* os) {
  *os << c.filter << "/" << c.variant << " " << (c.params.empty() ? "" : c.params + " ") << ToString(c.format)
      << (c.launch.block_x ? " " + FormatBlock(c.launch) : "");
}

// The variants whose launchers take the tail: the strip stencils, box fast by its rule, gauss tensor and gauss
// columns (gauss half2 keeps equal strips).
std::vector<TierCase> Cases() {
  std::vector<TierCase> cases;
  const LaunchConfig odd{.block_x = 64, .block_y = 2, .ppt = 9, .smem = false};
  for (const char* f : {"gauss3", "dilate3", "erode3", "dilate5", "erode5", "sobel", "box2x2"})
    for (PixelFormat fmt : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
      if (std::string(f) == "sobel" && fmt == PixelFormat::Rgba8) continue;  // fast takes gray8 only
      cases.push_back({f, fmt, {.block_x = 0}});
      cases.push_back({f, fmt, odd});
    }
  // Radius 1 and 2: warps that own their chunks (two warps across a block in the odd launch), 16 rows; 3 and 4:
  // own warps, 32 rows; all four with tails a quarter as tall. 5: overlapping warps with the packed horizontal sum,
  // primed, 24 rows; 8: overlapping warps, the wide horizontal sum (HorizontalWide); both with tails half as tall.
  // 12 and 16: a grid of three waves, whose strips the launcher doubles (core/strip_tiers.hpp, long_quarters).
  // rgba8 from radius 5: warps overlapping by ceil(r / 4) chunks (box_rgba_wide.cuh), with rows and tails by its own
  // rule (filters/box.cpp).
  for (PixelFormat fmt : {PixelFormat::Gray8, PixelFormat::Rgba8})
    for (const char* r :
         {"radius=1", "radius=2", "radius=3", "radius=4", "radius=5", "radius=8", "radius=12", "radius=16"}) {
      cases.push_back({"box", fmt, {.block_x = 0}, r});
      cases.push_back({"box", fmt, {.block_x = 64, .block_y = 2, .ppt = 12, .smem = true}, r});
    }
  // gauss tensor: one strip per row of blocks, staged (the default) and direct (shared memory off).
  for (PixelFormat fmt : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
    cases.push_back({"gauss", fmt, {.block_x = 0}, "radius=4", "tensor"});
    cases.push_back({"gauss", fmt, {.block_x = 32, .block_y = 4, .ppt = 64, .smem = false}, "radius=2", "tensor"});
  }
  // gray8 from radius 9: a k block more in both passes every 8 radii, 8 apron rows more above and below each step.
  for (const char* r : {"radius=12", "radius=24", "radius=32"}) {
    cases.push_back({"gauss", PixelFormat::Gray8, {.block_x = 0}, r, "tensor"});
    cases.push_back(
        {"gauss", PixelFormat::Gray8, {.block_x = 32, .block_y = 4, .ppt = 64, .smem = false}, r, "tensor"});
  }
  // gauss columns (gray32f): its default launch (block 256x1, 128 rows at radius 4) and 128-thread blocks of 34
  // rows (two batches) at radius 8, 96-thread ones of 26 at radius 6: one strip per row of blocks.
  cases.push_back({"gauss", PixelFormat::Gray32f, {.block_x = 0}, "radius=4", "columns"});
  cases.push_back({"gauss", PixelFormat::Gray32f, {.block_x = 128, .block_y = 1, .ppt = 34}, "radius=8", "columns"});
  cases.push_back({"gauss", PixelFormat::Gray32f, {.block_x = 96, .block_y = 1, .ppt = 26}, "radius=6", "columns"});
  return cases;
}

// The variant's output on the GPU, written into a poisoned image from a poisoned upload of `input`.
Image RunOnGpu(const FilterSpec& f, const VariantSpec& v, const ParamValues& params, const LaunchConfig& launch,
               const Image& input) {
  test::GpuContext& gpu = test::Gpu();
  cuda::DeviceImage in = test::UploadPoisoned(input, 0xFF);
  cuda::DeviceImage out = test::PoisonedDeviceImage(f.OutputShape(input.shape(), params), 0xFF);
  cuda::DeviceBuffer scratch;
  cuda::RunCudaVariant(gpu.limits, f, v, params, launch, in.view(), out, scratch, gpu.stream.get(), nullptr);
  gpu.stream.Synchronize();
  return gpu.transfer.Download(out.view(), gpu.stream.get());
}

class StripTailTiers : public ::testing::TestWithParam<TierCase> {};

TEST_P(StripTailTiers, BothTiersMatchTheOracle) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const TierCase& c = GetParam();
  const Registry& reg = BuiltinRegistry();
  const FilterSpec& f = reg.Get(c.filter);
  const VariantSpec& v = reg.GetVariant(f, c.variant);
  test::GpuContext& gpu = test::Gpu();
  const ParamValues params = test::ParamsFor(f, c.params);
  LaunchConfig launch = c.launch.block_x ? c.launch : DefaultLaunch(v, params, test::LargeImage(c.format));
  if (launch.ppt < 8) launch.ppt = 16;  // the tail starts at 8 rows per thread (rgba8 gauss3 defaults to 4)

  // The grid the launcher will use: the plan's columns of blocks, the device's resident blocks.
  // 4099 or 4108 bytes: a partial last block across (9 blocks of 512 bytes, or 5 of 1024 for the odd launch; box's
  // overlapping warps, from radius 5, write 480 and 960).
  const int width = c.format == PixelFormat::Gray8 ? 4099 : 1027;
  const BlockFootprint fp = FootprintOf(v, launch, params, c.format);
  const int grid_x = (width + fp.tile_w - 1) / fp.tile_w;
  const int strips = fp.tile_h / launch.ppt;  // per row of blocks: block_y, or 1 for gauss tensor
  const std::size_t smem = v.smem_bytes ? v.smem_bytes(launch, params, c.format) : 0;
  const cuda::KernelInfo info = cuda::QueryKernelInfo(v.kernel(c.format, launch, params),
                                                      launch.block_x * launch.block_y, smem, gpu.limits);
  const long resident = static_cast<long>(info.active_blocks_per_sm) * gpu.limits.sm_count;
  // The launcher shortens the tail because the plan says so, from the same count: were either not so, the output
  // would still match and this test would prove nothing about the tail.
  const TailRule tail = PlanVariant(f, v, params, launch, ImageShape{64, 64, c.format}, gpu.limits).tail;
  ASSERT_GT(tail.divisor, 0);
  ASSERT_EQ(cuda::ResidentBlocks(v.kernel(c.format, launch, params), launch.block_x * launch.block_y, smem), resident);
  // Where the rule lengthens a long grid's strips, enough waves' rows that it does: three where it doubles them
  // (box fast from radius 12, 1.25 waves doubled), one more than four waves of 192-row strips take where they take
  // 192 rows (gauss tensor gray8: 7 waves of 128-row strips, 13 of 64).
  const long wave_rows = resident / grid_x * strips * launch.ppt;
  const int waves = tail.long_quarters == 0   ? 1
                    : tail.long_max_rows == 0 ? 3
                                              : (tail.long_quarters * tail.long_max_rows + 4 * launch.ppt - 1) /
                                                        (4 * launch.ppt) +
                                                    1;
  const int height = static_cast<int>(waves * wave_rows) + 3 * strips * launch.ppt + 5;
  const StripTiers t = TiersFor(height, launch.ppt, strips, grid_x, resident, tail);
  SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + ", " + Describe(launch, v.uses) + ", strips of " +
               std::to_string(t.rows) + ", tail from row " + std::to_string(t.tail_y) + " in strips of " +
               std::to_string(t.tail_rows));
  ASSERT_GT(t.tail_band, 1) << "no main tier";
  ASSERT_LT(t.tail_y, height) << "no tail tier";
  ASSERT_LT(t.tail_rows, t.rows) << "tail strips as long as the others";
  if (tail.long_quarters > 0) ASSERT_GT(t.rows, launch.ppt) << "a long grid's strips not lengthened";

  const Image input = test::RandomImage(width, height, c.format, 20261127u);
  const Image want = RunCpuVariant(f, reg.GetVariant(f, "openmp"), params, input, nullptr);
  const Image got = RunOnGpu(f, v, params, launch, input);
  if (v.agreement == Agreement::Exact) {
    EXPECT_TRUE(got == want) << "not bit-identical: " << test::Compare(got, want).Describe();
  } else {
    ASSERT_EQ(v.agreement, Agreement::Tolerance);
    const test::Difference d = test::Compare(got, want, f.tolerance.max_abs_u8);
    EXPECT_EQ(d.count, 0u) << "beyond tolerance " << f.tolerance.max_abs_u8 << ": " << d.Describe();
  }
}

INSTANTIATE_TEST_SUITE_P(StripKernels, StripTailTiers, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<TierCase>& info) {
                           const TierCase& c = info.param;
                           std::string radius = c.params.empty() ? "" : "_r" + c.params.substr(c.params.find('=') + 1);
                           const std::string variant = c.variant == "fast" ? "" : "_" + c.variant;
                           return c.filter + variant + radius + "_" + std::string(ToString(c.format)) +
                                  (c.launch.block_x ? "_odd" : "_default");
                         });

// A grid within one wave whose strips the short-grid rule halved, then stretched or cut to fill the wave
// (TailRule::short_fill): the strips' rows are then any number (5 or 6 at 3840x2160 on an H100), not a power of two.
class FilledShortGrid : public ::testing::TestWithParam<const char*> {};

TEST_P(FilledShortGrid, MatchesTheOracle) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const Registry& reg = BuiltinRegistry();
  const FilterSpec& f = reg.Get(GetParam());
  const VariantSpec& v = reg.GetVariant(f, "fast");
  test::GpuContext& gpu = test::Gpu();
  const ParamValues params = test::ParamsFor(f, "");
  const LaunchConfig launch = DefaultLaunch(v, params, {64, 64, PixelFormat::Gray8});
  const TailRule tail = PlanVariant(f, v, params, launch, ImageShape{64, 64, PixelFormat::Gray8}, gpu.limits).tail;
  ASSERT_TRUE(tail.short_fill);
  TailRule halve_only = tail;
  halve_only.short_fill = false;
  const std::size_t smem = v.smem_bytes ? v.smem_bytes(launch, params, PixelFormat::Gray8) : 0;
  const long resident =
      cuda::ResidentBlocks(v.kernel(PixelFormat::Gray8, launch, params), launch.block_x * launch.block_y, smem);
  // The first height (3841 bytes wide: a partial chunk at the row's end) where filling changes the strips; from 16
  // rows, so that a GPU with few SMs, whose one wave holds few rows, finds one too.
  const int width = 3841;
  const BlockFootprint fp = FootprintOf(v, launch, params, PixelFormat::Gray8);
  const int grid_x = (width + fp.tile_w - 1) / fp.tile_w;
  const int strips = fp.tile_h / launch.ppt;
  int height = 0;
  StripTiers t{};
  for (int h = 16; h <= 8192 && height == 0; ++h) {
    t = TiersFor(h, launch.ppt, strips, grid_x, resident, tail);
    if (t.tail_rows != TiersFor(h, launch.ppt, strips, grid_x, resident, halve_only).tail_rows) height = h;
  }
  ASSERT_GT(height, 0) << "no height where filling the wave changes the grid (" << resident << " resident blocks)";
  SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + ", strips of " + std::to_string(t.tail_rows) +
               " rows, " + std::to_string(t.grid_y) + " rows of blocks");
  const Image input = test::RandomImage(width, height, PixelFormat::Gray8, 20261128u);
  const Image want = RunCpuVariant(f, reg.GetVariant(f, "openmp"), params, input, nullptr);
  const Image got = RunOnGpu(f, v, params, launch, input);
  EXPECT_TRUE(got == want) << "not bit-identical: " << test::Compare(got, want).Describe();
}

INSTANTIATE_TEST_SUITE_P(StripKernels, FilledShortGrid,
                         ::testing::Values("gauss3", "dilate3", "erode3", "sobel", "dilate5", "erode5", "box2x2"));

}  // namespace
}  // namespace fl
