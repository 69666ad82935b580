// The kernel source view's data: every CUDA variant declares where its kernel is, and the declaration is found in
// the sources this build embedded (so the view can never show code that does not run).
#include "app/cli/kernel_listing.hpp"

#include <gtest/gtest.h>

#include "core/plan.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

TEST(KernelListing, EveryCudaVariantsDeclaredKernelIsInTheEmbeddedSource) {
  int checked = 0;
  for (const FilterSpec& f : BuiltinRegistry().filters())
    for (const VariantSpec& v : f.variants) {
      if (v.backend != Backend::Cuda) {
        EXPECT_TRUE(v.source.file.empty()) << f.id << "/" << v.id << " is CPU code but names a kernel";
        continue;
      }
      const std::string what = f.id + "/" + v.id;
      ASSERT_FALSE(v.source.file.empty()) << what << " declares no kernel source (filters/kernel_sources.hpp)";
      ASSERT_FALSE(v.source.functions.empty()) << what;
      EXPECT_FALSE(cli::EmbeddedKernelFile(v.source.file).empty()) << what << ": " << v.source.file << " not embedded";
      const cli::KernelListing l = cli::ListKernel(f, v);
      EXPECT_EQ(l.missing, "") << what;
      ASSERT_EQ(l.excerpts.size(), v.source.functions.size()) << what;
      for (std::size_t i = 0; i < l.excerpts.size(); ++i)
        EXPECT_NE(l.excerpts[i].text.find(v.source.functions[i]), std::string::npos) << what;
      ++checked;
    }
  EXPECT_GT(checked, 50);
}

TEST(KernelListing, TheEmbeddedTextIsTheFileOnDisk) {
  // Not a copy that could drift: byte for byte what is in cuda/filters/ at build time.
  const std::string_view text = cli::EmbeddedKernelFile("gauss3.cu");
  ASSERT_FALSE(text.empty());
  EXPECT_NE(text.find("__global__ void Gauss3Naive(PlaneArgs p)"), std::string_view::npos);
  EXPECT_TRUE(cli::EmbeddedKernelFile("no_such_file.cu").empty());
}

TEST(KernelListing, MarksTheLinesThatDifferFromNaive) {
  const FilterSpec& f = BuiltinRegistry().Get("gauss3");
  const cli::KernelListing smem = cli::ListKernel(f, *f.FindVariant("smem"));
  EXPECT_EQ(smem.base_variant, "naive");
  int added = 0, same = 0;
  bool tile_load = false;
  for (const DiffLine& l : smem.diff) {
    added += l.change == LineChange::Added;
    same += l.change == LineChange::Same;
    tile_load |= l.change == LineChange::Added && l.text.find("LoadTileWithHalo") != std::string::npos;
  }
  EXPECT_GT(added, 0);
  EXPECT_GT(same, 0);  // the bounds check and the store are shared
  EXPECT_TRUE(tile_load) << "the tile load is what smem adds";
  // Its helper comes from the shared header, with the barrier the diff cannot show.
  ASSERT_EQ(smem.excerpts.size(), 2u);
  EXPECT_EQ(smem.excerpt_files[1], "kernel_util.cuh");
  EXPECT_NE(smem.excerpts[1].text.find("__syncthreads"), std::string::npos);
  // naive against itself: no diff, no base.
  const cli::KernelListing naive = cli::ListKernel(f, *f.FindVariant("naive"));
  EXPECT_EQ(naive.base_variant, "");
  EXPECT_TRUE(naive.diff.empty());
  EXPECT_NE(cli::ListKernel(f, f.Reference()).missing, "");  // CPU code: says there is no kernel
}

TEST(KernelListing, LaunchLineShowsThePlannedGridAndBlock) {
  const Registry& reg = BuiltinRegistry();
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, "gauss3:variant=naive:block=32x8", Backend::Cuda));
  const Plan plan = ResolvePipeline(reg, p, ImageShape{1000, 500, PixelFormat::Gray8}, Backend::Cuda);
  ASSERT_FALSE(plan.issue) << plan.issue->message;
  // 1000 / 32 -> 32 blocks across, 500 / 8 -> 63 down.
  EXPECT_EQ(cli::LaunchLine(plan.stages[0]),
            "Gauss3Naive<<<grid(32, 63), block(32, 8), 0 B smem>>>  (2016 blocks, 516096 threads)");
  const Plan cpu = ResolvePipeline(reg, p, ImageShape{1000, 500, PixelFormat::Gray8}, Backend::Cpu);
  EXPECT_EQ(cli::LaunchLine(cpu.stages[0]), "no CUDA kernel runs for this stage");
  // A strip variant with tail strips says so (how many rows of blocks depends on the device), from 8 rows up.
  Pipeline strips;
  strips.stages.push_back(ParseStageSpec(reg, "dilate3:variant=fast:block=32x4:ppt=16", Backend::Cuda));
  const Plan fast = ResolvePipeline(reg, strips, ImageShape{1000, 500, PixelFormat::Gray8}, Backend::Cuda);
  ASSERT_FALSE(fast.issue) << fast.issue->message;
  EXPECT_EQ(cli::LaunchLine(fast.stages[0]),
            "MorphStencil<<<grid(2, 8), block(32, 4), 16384 B smem>>>  (16 blocks, 2048 threads, ppt 16); the rows one "
            "wave of resident blocks covers run last, in strips of 4 rows (more rows of blocks)");
  // Sobel's tail covers a quarter of a wave's rows.
  strips.stages[0] = ParseStageSpec(reg, "sobel:variant=fast:block=32x4:ppt=16", Backend::Cuda);
  const Plan sobel = ResolvePipeline(reg, strips, ImageShape{1000, 500, PixelFormat::Gray8}, Backend::Cuda);
  ASSERT_FALSE(sobel.issue) << sobel.issue->message;
  EXPECT_NE(
      cli::LaunchLine(sobel.stages[0]).find("; a quarter of the rows one wave of resident blocks covers run last"),
      std::string::npos)
      << cli::LaunchLine(sobel.stages[0]);
  strips.stages[0] = ParseStageSpec(reg, "dilate3:variant=fast:block=32x4:ppt=4", Backend::Cuda);
  const Plan short_strips = ResolvePipeline(reg, strips, ImageShape{1000, 500, PixelFormat::Gray8}, Backend::Cuda);
  ASSERT_FALSE(short_strips.issue) << short_strips.issue->message;
  EXPECT_EQ(cli::LaunchLine(short_strips.stages[0]).find("resident"), std::string::npos);
}

}  // namespace
}  // namespace fl
