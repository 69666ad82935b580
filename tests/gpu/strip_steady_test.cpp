// The strip kernels' steady path (cuda/filters/strip_steady.cuh) against the CPU oracle. It serves blocks whose chunks
// all lie inside the row and whose rows, with the stencil's apron, lie inside the image. The registry's sizes and the
// tier tests' widths (4099, 1027 bytes) end in a partial block. Those widths leave the right edge to the general path;
// here every row is a whole number of blocks. Then a row's last lane makes its right neighbour from its own edge pixel
// inside the steady loop. Each image is at least three bands of the largest block tall, so its middle bands are steady.
// Strips of 9 rows leave a part turn of every steady ring (4, 5 or 6 rows). Box fast's own warps (radius 1 to 4, gray8
// to 7) take the steady blocks too, and its overlapping warps (gray8 radius 8 to 16, rgba8 5 to 16) a steady path of
// their own, warp by warp, in grids of more than a wave. A row one pixel past a whole number of blocks ends inside the
// chunk right of the last steady block. Rows that end on a chunk boundary inside a block (3840 bytes: half a block of
// 512 bytes, and whole warps past the row in wider blocks; 4112 bytes: one lane inside) move the last column of blocks
// left to end with the row (strip::BlockColumnOf): its first lanes redo chunks of the column before, and the bands
// inside the image take the steady path there too.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "cuda/cuda_executor.hpp"
#include "filters/builtin_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

struct SteadyCase {
  std::string filter;
  PixelFormat format;
  LaunchConfig launch;  // block_x 0: the variant's default
  std::string params = "";
  // The row: a whole number of blocks, one pixel more, or ending on a chunk boundary inside a block.
  enum class Row { kWhole, kPixelPast, kChunkShort, kChunkPast } row = Row::kWhole;
  int height = 0;  // 0: three bands of the launch and the apron
};

int RowBytes(SteadyCase::Row r) {
  switch (r) {
    case SteadyCase::Row::kWhole: return 4096;
    case SteadyCase::Row::kPixelPast: return 4096;  // plus a pixel (RowWidth)
    case SteadyCase::Row::kChunkShort: return 3840;
    case SteadyCase::Row::kChunkPast: return 4096 + 16;
  }
  return 0;
}
int RowWidth(const SteadyCase& c) {
  const int bpp = c.format == PixelFormat::Gray8 ? 1 : 4;
  return RowBytes(c.row) / bpp + (c.row == SteadyCase::Row::kPixelPast ? 1 : 0);
}
// The name of a row other than a whole number of blocks.
const char* RowName(SteadyCase::Row r) {
  switch (r) {
    case SteadyCase::Row::kWhole: return "";
    case SteadyCase::Row::kPixelPast: return "ragged";
    case SteadyCase::Row::kChunkShort: return "chunk_short";
    case SteadyCase::Row::kChunkPast: return "chunk_past";
  }
  return "";
}

void PrintTo(const SteadyCase& c, std::ostream* os) {
  *os << c.filter << (c.params.empty() ? "" : " " + c.params) << " " << ToString(c.format) << " ";
  if (c.row != SteadyCase::Row::kWhole) *os << RowName(c.row) << " ";
  *os << (c.launch.block_x ? FormatBlock(c.launch) : "default");
}

std::vector<SteadyCase> Cases() {
  std::vector<SteadyCase> cases;
  const LaunchConfig launches[] = {{.block_x = 0},
                                   {.block_x = 64, .block_y = 2, .ppt = 9, .smem = true},
                                   {.block_x = 32, .block_y = 8, .ppt = 4, .smem = true},
                                   {.block_x = 128, .block_y = 1, .ppt = 16, .smem = true}};
  for (const char* f : {"gauss3", "dilate3", "erode3", "dilate5", "erode5", "sobel", "box2x2"})
    for (PixelFormat fmt : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
      if (std::string(f) == "sobel" && fmt == PixelFormat::Rgba8) continue;  // fast takes gray8 only
      for (const LaunchConfig& l : launches) cases.push_back({f, fmt, l});
      cases.push_back({f, fmt, launches[0], "", SteadyCase::Row::kPixelPast});
      for (SteadyCase::Row r : {SteadyCase::Row::kChunkShort, SteadyCase::Row::kChunkPast})
        for (const LaunchConfig& l : launches) cases.push_back({f, fmt, l, "", r});
    }
  // Box fast's own warps (radius 1 to 4, gray8 to 7) take the same steady blocks (box_fast.cu).
  for (const char* r : {"radius=1", "radius=2", "radius=3", "radius=4", "radius=7"})
    for (PixelFormat fmt : {PixelFormat::Gray8, PixelFormat::Rgba8})
      for (const LaunchConfig& l : launches) cases.push_back({"box", fmt, l, r});
  for (const char* r : {"radius=1", "radius=2", "radius=3", "radius=4"})
    for (PixelFormat fmt : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
      cases.push_back({"box", fmt, launches[0], r, SteadyCase::Row::kPixelPast});
      for (SteadyCase::Row row : {SteadyCase::Row::kChunkShort, SteadyCase::Row::kChunkPast})
        for (const LaunchConfig& l : launches) cases.push_back({"box", fmt, l, r, row});
    }
  // From radius 8 (rgba8 5) box fast's warps overlap (30 chunks written, or 32 - 2 ceil(r / 4) for rgba8). A grid of
  // more than one wave launches a kernel with a steady path for them (box_fast.cu, kApronSteady), which a warp whose 32
  // chunks and rows lie inside the image takes; its neighbours take the general one. The cases of 3600 rows in strips
  // of 4 (blocks of 8 strips, whose rings allow at most 4 blocks per SM from radius 5 and one at 16, where the long
  // grid doubles its strips to 16 or 32 rows) are grids of 290 to 1130 blocks, more than a wave on a GPU of 132 SMs;
  // the others, grids within one wave, check the kernel without the steady path.
  const LaunchConfig waves{.block_x = 32, .block_y = 8, .ppt = 4, .smem = true};
  for (const char* r : {"radius=5", "radius=8", "radius=16"})
    for (PixelFormat fmt : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
      for (const LaunchConfig& l : launches) cases.push_back({"box", fmt, l, r});
      using Row = SteadyCase::Row;
      for (Row row : {Row::kWhole, Row::kPixelPast, Row::kChunkShort, Row::kChunkPast})
        cases.push_back({"box", fmt, waves, r, row, 3600});
    }
  return cases;
}

class StripSteady : public ::testing::TestWithParam<SteadyCase> {};

TEST_P(StripSteady, MatchesTheOracle) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const SteadyCase& c = GetParam();
  const Registry& reg = BuiltinRegistry();
  const FilterSpec& f = reg.Get(c.filter);
  const VariantSpec& v = reg.GetVariant(f, "fast");
  test::GpuContext& gpu = test::Gpu();
  const ParamValues params = test::ParamsFor(f, c.params);
  const LaunchConfig launch = c.launch.block_x ? c.launch : DefaultLaunch(v, params, test::LargeImage(c.format));
  if (v.uses.smem) {  // box fast has no switch: its ring is always on
    ASSERT_TRUE(launch.smem) << "the steady path is the prefetch ring's";
  }
  // 4096 bytes a row: a whole number of blocks for every block width here (512, 1024 or 2048 bytes). One pixel
  // more: the chunk right of the last whole block holds one pixel, which the stencil needs with its clamped
  // copies: eacb8b4 took that block as steady and fetched bytes past the row for it.
  const int width = RowWidth(c);
  const int band_rows = launch.block_y * launch.ppt;
  const int height = c.height > 0 ? c.height : 3 * band_rows + 2 * 16 + 7;  // 16: the largest radius here
  SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + ", " + Describe(launch, v.uses));

  const Image input = test::RandomImage(width, height, c.format, 20261128u);
  const Image want = RunCpuVariant(f, reg.GetVariant(f, "openmp"), params, input, nullptr);
  cuda::DeviceImage in = test::UploadPoisoned(input, 0xFF);
  cuda::DeviceImage out = test::PoisonedDeviceImage(f.OutputShape(input.shape(), params), 0xFF);
  cuda::DeviceBuffer scratch;
  cuda::RunCudaVariant(gpu.limits, f, v, params, launch, in.view(), out, scratch, gpu.stream.get(), nullptr);
  gpu.stream.Synchronize();
  const Image got = gpu.transfer.Download(out.view(), gpu.stream.get());
  ASSERT_EQ(v.agreement, Agreement::Exact);
  EXPECT_TRUE(got == want) << "not bit-identical: " << test::Compare(got, want).Describe();
}

// name: filter, radius, format, launch, row (appended piece by piece: GCC 12 warns about `"x" + std::string&&`).
std::string CaseName(const ::testing::TestParamInfo<SteadyCase>& info) {
  const SteadyCase& c = info.param;
  std::string name = c.filter;
  if (!c.params.empty()) name.append("_r").append(c.params.substr(c.params.find('=') + 1));
  name.append("_").append(ToString(c.format)).append("_");
  if (c.launch.block_x)
    name.append("b").append(std::to_string(c.launch.block_x)).append("x").append(std::to_string(c.launch.block_y))
        .append("_ppt").append(std::to_string(c.launch.ppt));
  else
    name.append("default");
  if (c.row != SteadyCase::Row::kWhole) name.append("_").append(RowName(c.row));
  if (c.height > 0) name.append("_h").append(std::to_string(c.height));
  return name;
}

INSTANTIATE_TEST_SUITE_P(StripKernels, StripSteady, ::testing::ValuesIn(Cases()), CaseName);

}  // namespace
}  // namespace fl
