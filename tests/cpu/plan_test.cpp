// The plan: validated once, it carries what every consumer needs (the code that runs, shapes, the launch
// verdict, shared memory, the launch grid), runs on the backend at hand, and names the first stage at fault.
#include <gtest/gtest.h>

#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/plan.hpp"
#include "core/stage_spec.hpp"
#include "core/strip_tiers.hpp"
#include "cpu/fake_registry.hpp"
#include "common/test_images.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const Registry& Fake() { return test::FakeRegistry(); }
const ImageShape kGray{100, 40, PixelFormat::Gray8};

Pipeline CudaChain(std::initializer_list<const char*> filters) {
  Pipeline p;
  for (const char* f : filters) p.stages.push_back(MakeStage(Fake(), f, Backend::Cuda));
  return p;
}

TEST(Plan, CudaVariantOnTheCpuBackendRunsTheCpuDefaultAndSaysSo) {
  const Pipeline p = CudaChain({"blur"});
  const Plan plan = ResolvePipeline(Fake(), p, kGray, Backend::Cpu);
  ASSERT_TRUE(plan.ok()) << plan.issue->message;
  const PlannedStage& s = plan.stages[0];
  EXPECT_EQ(s.requested->id, "tiled");
  EXPECT_EQ(s.variant->id, "openmp");
  EXPECT_TRUE(s.fell_back());
  EXPECT_FALSE(s.runs_cuda());
  EXPECT_EQ(s.launch, p.stages[0].launch) << "the stage keeps its launch";
  EXPECT_EQ(s.note, "tiled needs CUDA: shown with the CPU's openmp variant");
  ASSERT_EQ(plan.Notes().size(), 1u);
  EXPECT_EQ(plan.Notes()[0], "stage 1 (blur): tiled needs CUDA: shown with the CPU's openmp variant");
  EXPECT_EQ(plan.pipeline, p) << "the pipeline (and so a saved preset) is unchanged";
}

TEST(Plan, CudaVariantOnTheCudaBackendRunsItselfWithItsGrid) {
  const Plan plan = ResolvePipeline(Fake(), CudaChain({"blur"}), kGray, Backend::Cuda);
  ASSERT_TRUE(plan.ok());
  const PlannedStage& s = plan.stages[0];
  EXPECT_FALSE(s.fell_back());
  EXPECT_TRUE(s.runs_cuda());
  EXPECT_TRUE(s.note.empty());
  ASSERT_TRUE(s.footprint.has_value());
  EXPECT_FALSE(s.footprint_declared) << "the fake declares none: one pixel per thread";
  EXPECT_EQ(s.footprint->tile_w, 16);
  EXPECT_EQ(s.blocks_x, 7);  // ceil(100 / 16)
  EXPECT_EQ(s.blocks_y, 3);  // ceil(40 / 16)
}

TEST(Plan, LaunchNoDeviceCanRunIsRefusedOnEveryBackend) {
  Pipeline p = CudaChain({"blur", "blur"});
  p.stages[1].launch.block_x = 4096;
  p.stages[1].launch.block_y = 4096;
  p.stages[1].launch_set = kSetBlock;
  for (Backend b : {Backend::Cpu, Backend::Cuda}) {
    const Plan plan = ResolvePipeline(Fake(), p, kGray, b);
    ASSERT_FALSE(plan.ok());
    EXPECT_EQ(plan.issue->stage, 1);
    EXPECT_EQ(plan.issue->message,
              "stage 2 (blur): variant 'tiled': block 4096x4096 = 16777216 threads > 1024 per block on any CUDA device");
    EXPECT_EQ(plan.stages.size(), 1u) << "planned up to the stage at fault";
    EXPECT_THROW(plan.Require(), InputError);
  }
}

TEST(Plan, VariantRangesComeFromTheDeclaration) {
  Pipeline p = CudaChain({"blur"});
  p.stages[0].launch.ppt = 9;
  p.stages[0].launch_set = kSetPpt;
  const Plan plan = ResolvePipeline(Fake(), p, kGray, Backend::Cpu);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.issue->message, "stage 1 (blur): variant 'tiled': pixels per thread 9 is outside 1..8 for this variant");
}

TEST(Plan, DeviceLimitsDecide) {
  Pipeline p = CudaChain({"blur"});
  p.stages[0].launch.block_x = 32;
  p.stages[0].launch.block_y = 32;
  p.stages[0].launch_set = kSetBlock;
  DeviceLimits small;
  small.max_threads_per_block = 512;
  EXPECT_TRUE(ResolvePipeline(Fake(), p, kGray, Backend::Cuda).ok());
  const Plan plan = ResolvePipeline(Fake(), p, kGray, Backend::Cuda, &small);
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.issue->message.find("1024 threads > 512 per block"), std::string::npos) << plan.issue->message;
}

TEST(Plan, StageBytesAndOutputShapes) {
  Pipeline p;
  for (const char* f : {"shrink", "blur"}) p.stages.push_back(MakeStage(Fake(), f, Backend::Cpu));
  const Plan plan = ResolvePipeline(Fake(), p, kGray, Backend::Cpu);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.OutputShape(-1), kGray);
  EXPECT_EQ(plan.OutputShape(0), (ImageShape{50, 20, PixelFormat::Gray8}));
  EXPECT_EQ(plan.OutputShape(7), kGray) << "past the end: the input";
  EXPECT_DOUBLE_EQ(plan.StageBytes(0), 100 * 40 + 50 * 20);
  EXPECT_DOUBLE_EQ(plan.StageBytes(1), 2 * 50 * 20);
}

TEST(Plan, EveryBuiltinCudaDefaultRunsOnTheCpuBackend) {
  // A pipeline written on a GPU machine (each filter's default CUDA variant) runs on a laptop and equals the
  // reference chain there.
  const Registry& reg = BuiltinRegistry();
  const Image input = test::RandomImage(37, 23, PixelFormat::Rgba8, 7);
  for (const FilterSpec& f : reg.filters()) {
    if (!f.Accepts(PixelFormat::Rgba8) || f.inputs != 1) continue;
    Pipeline p;
    p.stages.push_back(MakeStage(reg, f.id, Backend::Cuda));
    const Plan plan = ResolvePipeline(reg, p, input.shape(), Backend::Cpu);
    ASSERT_TRUE(plan.ok()) << f.id << ": " << plan.issue->message;
    CpuExecutor exec;
    exec.SetInput(input);
    exec.Run(plan);
    Pipeline ref = p;
    SetVariant(reg, ref.stages[0], "reference");
    EXPECT_EQ(exec.Host(0), RunPipelineCpu(reg, ref, input).outputs[0]) << f.id;
  }
}

TEST(CpuExecutor, RefusesPlansItCannotRun) {
  CpuExecutor exec;
  const Plan plan = ResolvePipeline(Fake(), CudaChain({"blur"}), kGray, Backend::Cpu);
  EXPECT_THROW(exec.Run(plan), InputError) << "no input";
  exec.SetInput(Image(10, 10, PixelFormat::Gray8));
  EXPECT_THROW(exec.Run(plan), InputError) << "another input shape";
  const Plan cuda = ResolvePipeline(Fake(), CudaChain({"blur"}), {10, 10, PixelFormat::Gray8}, Backend::Cuda);
  EXPECT_THROW(exec.Run(cuda), InputError) << "a plan for the other backend";
  EXPECT_FALSE(exec.has_result());
  EXPECT_EQ(exec.Host(0).shape(), (ImageShape{10, 10, PixelFormat::Gray8})) << "without a result: the input";
}

}  // namespace
}  // namespace fl

namespace fl {
namespace {

// The plan decides once whether a stage's launcher takes the tail strips and how much shorter they are, and the
// launcher, the overlay and the kernel view read that: the strip stencils always (5x5 morphology half as long, the
// others a quarter), box fast by its rule (a quarter up to radius 4, half from 5), gauss tensor half as long over
// half a wave, gauss half2 and the point kernels never, and no stage on the CPU backend.
TEST(Plan, TailStripsFollowTheVariantAndItsParameters) {
  const Registry& reg = BuiltinRegistry();
  const ImageShape gray{640, 480, PixelFormat::Gray8};
  auto tail = [&](const char* spec, Backend backend = Backend::Cuda) {
    Pipeline p;
    p.stages.push_back(ParseStageSpec(reg, spec, backend));
    const Plan plan = ResolvePipeline(reg, p, gray, backend);
    EXPECT_TRUE(plan.ok()) << spec << ": " << plan.issue->message;
    return plan.ok() ? plan.stages[0].tail.divisor : -1;
  };
  auto quarters = [&](const char* spec) {
    Pipeline p;
    p.stages.push_back(ParseStageSpec(reg, spec, Backend::Cuda));
    const Plan plan = ResolvePipeline(reg, p, gray, Backend::Cuda);
    return plan.ok() ? plan.stages[0].tail.wave_quarters : -1;
  };
  // Sobel's tail covers a quarter of a wave's rows, gauss tensor's half, every other strip variant's a whole wave's.
  EXPECT_EQ(quarters("sobel:variant=fast"), kQuarterWave);
  EXPECT_EQ(quarters("gauss:variant=tensor:radius=4"), kHalfWave);
  EXPECT_EQ(tail("gauss:variant=tensor:radius=4"), kHalfTail);
  EXPECT_EQ(tail("gauss:variant=tensor:radius=8"), kHalfTail);
  EXPECT_EQ(tail("gauss:variant=tensor:radius=4", Backend::Cpu), 0);
  // A grid within one wave halves its strips below half a wave for sobel, 5x5 morphology and gauss tensor (down to
  // 16 rows there), below a third for the others.
  auto rule = [&](const char* spec, PixelFormat format = PixelFormat::Gray8) {
    Pipeline p;
    p.stages.push_back(ParseStageSpec(reg, spec, Backend::Cuda));
    const Plan plan = ResolvePipeline(reg, p, ImageShape{640, 480, format}, Backend::Cuda);
    return plan.ok() ? plan.stages[0].tail : TailRule{-1};
  };
  EXPECT_EQ(rule("sobel:variant=fast").short_grid, kHalfOfWave);
  EXPECT_EQ(rule("dilate5:variant=fast").short_grid, kHalfOfWave);
  EXPECT_EQ(rule("erode5:variant=fast").short_grid, kHalfOfWave);
  EXPECT_EQ(rule("dilate3:variant=fast").short_grid, kThirdOfWave);
  EXPECT_EQ(rule("gauss3:variant=fast").short_grid, kThirdOfWave);
  EXPECT_EQ(rule("box:variant=fast:radius=3").short_grid, kThirdOfWave);
  EXPECT_EQ(rule("gauss:variant=tensor:radius=4").short_grid, kHalfOfWave);
  EXPECT_EQ(rule("gauss:variant=tensor:radius=4").short_min_rows, 16);
  EXPECT_EQ(rule("gauss:variant=tensor:radius=4").wave_min_rows, 64);  // first below a whole wave, down to 64
  EXPECT_EQ(rule("gauss3:variant=fast").wave_min_rows, 0);
  EXPECT_EQ(rule("sobel:variant=fast").short_min_rows, 0);
  // Box fast from radius 5 halves a short grid down to 4 rows, not only to its tail's; radius 3 and 4 to the tail's.
  EXPECT_EQ(rule("box:variant=fast:radius=5").short_min_rows, 4);
  EXPECT_EQ(rule("box:variant=fast:radius=16").short_min_rows, 4);
  EXPECT_EQ(rule("box:variant=fast:radius=4").short_min_rows, 0);
  // Halved, the strips of sobel, gauss3 and morphology then fill the wave (5x5 down to 6 rows); box and tensor's do
  // not.
  for (const char* spec : {"sobel:variant=fast", "gauss3:variant=fast", "dilate3:variant=fast", "erode3:variant=fast",
                           "dilate5:variant=fast", "erode5:variant=fast"})
    EXPECT_TRUE(rule(spec).short_fill) << spec;
  for (const char* spec : {"box:variant=fast:radius=3", "gauss:variant=tensor:radius=4"})
    EXPECT_FALSE(rule(spec).short_fill) << spec;
  EXPECT_EQ(rule("dilate5:variant=fast").short_min_rows, 6);
  // On rgba8, 5x5 morphology keeps its halved strips (filled, they ran slower); the 3x3 stencils fill on both.
  EXPECT_FALSE(rule("dilate5:variant=fast", PixelFormat::Rgba8).short_fill);
  EXPECT_FALSE(rule("erode5:variant=fast", PixelFormat::Rgba8).short_fill);
  EXPECT_EQ(rule("dilate5:variant=fast", PixelFormat::Rgba8).divisor, kHalfTail);
  EXPECT_TRUE(rule("gauss3:variant=fast", PixelFormat::Rgba8).short_fill);
  // Box fast from radius 12 doubles its strips on a grid of many waves, gauss tensor gray8 to radius 16 takes 192.
  EXPECT_EQ(rule("box:variant=fast:radius=12").long_quarters, kLongGridQuarters);
  EXPECT_EQ(rule("box:variant=fast:radius=16").long_quarters, kLongGridQuarters);
  EXPECT_EQ(rule("box:variant=fast:radius=11").long_quarters, 0);
  EXPECT_EQ(rule("sobel:variant=fast").long_quarters, 0);
  EXPECT_EQ(rule("gauss:variant=tensor:radius=16").long_quarters, kFourWaves);
  EXPECT_EQ(rule("gauss:variant=tensor:radius=17").long_quarters, 0);
  EXPECT_EQ(rule("gauss:variant=tensor:radius=4").long_max_rows, 192);
  EXPECT_EQ(quarters("dilate5:variant=fast"), kWholeWave);
  EXPECT_EQ(quarters("box:variant=fast:radius=8"), kWholeWave);
  EXPECT_EQ(tail("dilate5:variant=fast"), kHalfTail);
  EXPECT_EQ(tail("erode5:variant=fast"), kHalfTail);
  EXPECT_EQ(tail("dilate3:variant=fast"), kQuarterTail);
  EXPECT_EQ(tail("gauss3:variant=fast"), kQuarterTail);
  EXPECT_EQ(tail("sobel:variant=fast"), kQuarterTail);
  EXPECT_EQ(tail("box:variant=fast:radius=1"), kQuarterTail);
  EXPECT_EQ(tail("box:variant=fast:radius=2"), kQuarterTail);
  EXPECT_EQ(tail("box:variant=fast:radius=3"), kQuarterTail);
  EXPECT_EQ(tail("box:variant=fast:radius=4"), kQuarterTail);
  EXPECT_EQ(tail("box:variant=fast:radius=5"), kHalfTail);
  EXPECT_EQ(tail("box:variant=fast:radius=7"), kHalfTail);
  EXPECT_EQ(tail("box:variant=fast:radius=8"), kHalfTail);
  EXPECT_EQ(tail("box:variant=fast:radius=16"), kHalfTail);
  EXPECT_EQ(tail("gauss:variant=half2:radius=4"), 0);
  EXPECT_EQ(tail("invert:variant=vec4"), 0);
  EXPECT_EQ(tail("dilate5:variant=fast", Backend::Cpu), 0) << "the CPU reference runs";
  // box fast's rows by radius (large images): 16 up to radius 2, 32 at 3 and 4, 24 from 5 to 16.
  const FilterSpec& box = reg.Get("box");
  const VariantSpec& fast = *box.FindVariant("fast");
  for (const auto& [radius, rows] : {std::pair{1, 16}, {2, 16}, {3, 32}, {4, 32}, {5, 24}, {7, 24}, {8, 24},
                                     {9, 24}, {12, 24}, {13, 24}, {16, 24}})
    EXPECT_EQ(DefaultLaunch(fast, test::ParamsFor(box, "radius=" + std::to_string(radius)),
                            test::LargeImage(PixelFormat::Gray8))
                  .ppt,
              rows)
        << "radius " << radius;
}

}  // namespace
}  // namespace fl
