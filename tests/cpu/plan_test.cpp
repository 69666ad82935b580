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

TEST(Plan, CudaVariantOnTheCpuBackendRunsTheReferenceAndSaysSo) {
  const Pipeline p = CudaChain({"blur"});
  const Plan plan = ResolvePipeline(Fake(), p, kGray, Backend::Cpu);
  ASSERT_TRUE(plan.ok()) << plan.issue->message;
  const PlannedStage& s = plan.stages[0];
  EXPECT_EQ(s.requested->id, "tiled");
  EXPECT_EQ(s.variant->id, "reference");
  EXPECT_TRUE(s.fell_back());
  EXPECT_FALSE(s.runs_cuda());
  EXPECT_EQ(s.launch, p.stages[0].launch) << "the stage keeps its launch";
  EXPECT_EQ(s.note, "tiled needs CUDA: shown with the CPU reference");
  ASSERT_EQ(plan.Notes().size(), 1u);
  EXPECT_EQ(plan.Notes()[0], "stage 1 (blur): tiled needs CUDA: shown with the CPU reference");
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

// A fallback may depend on the parameters: gauss's default (tensor) on gray32f runs fast up to radius 2 and
// columns beyond (filters/gauss_launch_rules.cpp says why), each with its own default launch for that radius.
TEST(Plan, TheFallbackFollowsTheRadius) {
  const Registry& reg = BuiltinRegistry();
  const ImageShape gray32f{64, 32, PixelFormat::Gray32f};
  for (int radius = 2; radius <= 8; ++radius) {
    const std::string runs = radius <= 2 ? "fast" : "columns";
    Pipeline p;
    p.stages.push_back(ParseStageSpec(reg, "gauss:radius=" + std::to_string(radius), Backend::Cuda));
    const Plan plan = ResolvePipeline(reg, p, gray32f, Backend::Cuda);
    ASSERT_TRUE(plan.ok()) << plan.issue->message;
    const PlannedStage& s = plan.stages[0];
    EXPECT_EQ(s.requested->id, "tensor");
    EXPECT_EQ(s.variant->id, runs) << "radius " << radius;
    EXPECT_EQ(s.note, std::string("tensor has no gray32f to gray32f code: runs ") + runs);
    // columns' own rule: 128-thread blocks, strips of whole batches (11, 13, 15, 17 rows at radius 5..8) nearest
    // 128 rows, 512 at radius 8.
    const int strip_rows[] = {132, 130, 135, 510};
    if (radius >= 5)
      EXPECT_EQ(s.launch, (LaunchConfig{.block_x = 128, .block_y = 1, .ppt = strip_rows[radius - 5]}))
          << "radius " << radius;
    else  // columns' defaults at radius 3 and 4; fast's gray32f rule at radius 2
      EXPECT_EQ(std::pair(s.launch.block_x, s.launch.ppt), radius >= 3 ? std::pair(256, 128) : std::pair(32, 8));
  }
}

// The plan of a one-stage pipeline on the CUDA backend.
Plan PlanOneStage(const Registry& reg, const std::string& spec, const ImageShape& in) {
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, spec, Backend::Cuda));
  return ResolvePipeline(reg, p, in, Backend::Cuda);
}

// A variant with no code for some parameters in a format (the fake `tiled` on rgba8 beyond radius 8) runs its
// declared fallback in a pipeline, with a note, so that a new stage's default works on every format; alone (tests,
// benchmark) it is refused.
TEST(Plan, FormatFallbackRunsTheDeclaredVariantWithANote) {
  const Registry& reg = Fake();
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, "blur:variant=tiled:radius=12:block=32x4:ppt=2", Backend::Cuda));
  const ImageShape rgba{64, 32, PixelFormat::Rgba8};
  const Plan plan = ResolvePipeline(reg, p, rgba, Backend::Cuda);
  ASSERT_TRUE(plan.ok()) << plan.issue->message;
  const PlannedStage& s = plan.stages[0];
  EXPECT_EQ(s.requested->id, "tiled");
  EXPECT_EQ(s.variant->id, "naive");
  EXPECT_EQ(s.note, "variant 'tiled': tiled serves rgba8 up to radius 8, not 12: runs naive");
  EXPECT_EQ(s.launch, s.variant->defaults) << "the fallback runs with its own defaults";
  EXPECT_EQ(plan.pipeline.stages[0].launch.block_x, 32) << "the pipeline keeps the stage's own launch";
  // gray8: tiled itself; and rgba8 up to radius 8.
  EXPECT_EQ(ResolvePipeline(reg, p, {64, 32, PixelFormat::Gray8}, Backend::Cuda).stages[0].variant->id, "tiled");
  const Plan rgba_r8 = PlanOneStage(reg, "blur:variant=tiled:radius=8", rgba);
  ASSERT_TRUE(rgba_r8.ok()) << rgba_r8.issue->message;
  EXPECT_EQ(rgba_r8.stages[0].variant->id, "tiled");
  EXPECT_TRUE(rgba_r8.stages[0].note.empty());
  // On the CPU backend the reference runs, whatever the fallback.
  EXPECT_EQ(ResolvePipeline(reg, p, rgba, Backend::Cpu).stages[0].variant->id, "reference");
  // Alone, with no pipeline to keep working, the variant is refused with the reason.
  const FilterSpec& blur = reg.Get("blur");
  try {
    PlanVariant(blur, *blur.FindVariant("tiled"), p.stages[0].params, p.stages[0].launch, rgba, PortableCudaLimits());
    FAIL() << "planned blur/tiled on rgba8 at radius 12";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "blur variant 'tiled': tiled serves rgba8 up to radius 8, not 12");
  }
  // box fast has code for rgba8 at every radius it serves: it runs itself, with no note.
  const Registry& builtin = BuiltinRegistry();
  const Plan bp = PlanOneStage(builtin, "box:variant=fast:radius=16", rgba);
  ASSERT_TRUE(bp.ok()) << bp.issue->message;
  EXPECT_EQ(bp.stages[0].variant->id, "fast");
  EXPECT_TRUE(bp.stages[0].note.empty());
  // sobel fast writes gray8 only: output=gray32f runs ppt4.
  const Plan sp = PlanOneStage(builtin, "sobel:output=gray32f", {40, 30, PixelFormat::Gray8});
  ASSERT_TRUE(sp.ok()) << sp.issue->message;
  EXPECT_EQ(sp.stages[0].variant->id, "ppt4");
}

}  // namespace
}  // namespace fl

namespace fl {
namespace {

// The default variants stop at a radius (box fast at 16, gauss tensor at 8 on rgba8 (on gray8 at 32, the filter's
// largest), whose gray32f fallbacks fast and columns stop at 8): beyond it a pipeline runs a variant that serves it, with a note, instead of
// refusing the stage.
TEST(Plan, LargeRadiiRunAVariantThatServesThem) {
  const Registry& reg = BuiltinRegistry();
  const ImageShape gray{64, 32, PixelFormat::Gray8}, rgba{64, 32, PixelFormat::Rgba8};
  const ImageShape f32{64, 32, PixelFormat::Gray32f};
  struct Case {
    const char* spec;
    ImageShape in;
    const char* runs;
  };
  for (const Case& c : {Case{"box:radius=16", gray, "fast"}, Case{"box:radius=17", gray, "separable"},
                        Case{"box:radius=64", rgba, "separable"}, Case{"gauss:radius=8", gray, "tensor"},
                        Case{"gauss:radius=16", gray, "tensor"}, Case{"gauss:radius=32", gray, "tensor"},
                        Case{"gauss:radius=8", rgba, "tensor"}, Case{"gauss:radius=9", rgba, "separable_fused"},
                        Case{"gauss:radius=12", f32, "separable_fused"},
                        Case{"gauss:radius=32", rgba, "separable_fused"},
                        Case{"gauss:radius=2", f32, "fast"}, Case{"gauss:radius=8", f32, "columns"},
                        Case{"gauss:radius=32", f32, "separable_fused"}}) {
    SCOPED_TRACE(std::string(c.spec) + " " + std::string(ToString(c.in.format)));
    const Plan plan = PlanOneStage(reg, c.spec, c.in);
    ASSERT_TRUE(plan.ok()) << plan.issue->message;
    EXPECT_EQ(plan.stages[0].variant->id, c.runs);
  }
  EXPECT_EQ(PlanOneStage(reg, "gauss:radius=12", rgba).stages[0].note,
            "variant 'tensor': tensor serves radius 1..8 on rgba8 (its band matrices span at most 80 bytes of a row), "
            "not 12: runs separable_fused");
  EXPECT_EQ(PlanOneStage(reg, "box:radius=20", rgba).stages[0].note,
            "variant 'fast': fast serves radius 1..16 (gray8's apron is one 16-byte chunk on each side), not 20: runs "
            "separable");
  // Alone (tests, benchmark) the variant is refused with the reason.
  const FilterSpec& gauss = reg.Get("gauss");
  const VariantSpec& tensor = *gauss.FindVariant("tensor");
  EXPECT_THROW(PlanVariant(gauss, tensor, test::ParamsFor(gauss, "radius=9"), tensor.defaults, rgba,
                           PortableCudaLimits()),
               InputError);
  const FilterSpec& box = reg.Get("box");
  const VariantSpec& fast = *box.FindVariant("fast");
  EXPECT_THROW(PlanVariant(box, fast, test::ParamsFor(box, "radius=17"), fast.defaults, rgba, PortableCudaLimits()),
               InputError);
}

// The plan sizes the scratch a variant declares (the executor and the benchmark allocate exactly that), also for a
// variant that runs as a format fallback.
TEST(Plan, ScratchBytesComeFromTheVariantThatRuns) {
  const Registry& reg = BuiltinRegistry();
  const FilterSpec& box = reg.Get("box");
  const VariantSpec& separable = *box.FindVariant("separable");
  const ImageShape gray{17, 13, PixelFormat::Gray8};
  const PlannedStage s = PlanVariant(box, separable, test::ParamsFor(box, "radius=5"), separable.defaults, gray,
                                     PortableCudaLimits());
  EXPECT_GT(s.scratch_bytes, 0u);
  EXPECT_EQ(s.scratch_bytes, separable.scratch_bytes(gray, s.params));
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, "box:radius=5", Backend::Cuda));  // fast: no scratch
  EXPECT_EQ(ResolvePipeline(reg, p, gray, Backend::Cuda).stages[0].scratch_bytes, 0u);
  // A fallback's scratch: the fake tiled (none) on rgba8 at radius 12 runs naive, which keeps some.
  Pipeline blur;
  blur.stages.push_back(ParseStageSpec(Fake(), "blur:variant=tiled:radius=12", Backend::Cuda));
  const ImageShape rgba{17, 13, PixelFormat::Rgba8};
  const Plan fallback = ResolvePipeline(Fake(), blur, rgba, Backend::Cuda);
  ASSERT_TRUE(fallback.ok()) << fallback.issue->message;
  ASSERT_EQ(fallback.stages[0].variant->id, "naive");
  EXPECT_EQ(fallback.stages[0].scratch_bytes, 17u * 4u * 13u * 4u);
  EXPECT_EQ(ResolvePipeline(Fake(), blur, rgba, Backend::Cpu).stages[0].scratch_bytes, 0u) << "CPU code: no scratch";
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
  // box fast's rows by radius: 16 up to radius 2, 32 at 3 and 4, 24 from 5 to 16.
  const FilterSpec& box = reg.Get("box");
  const VariantSpec& fast = *box.FindVariant("fast");
  for (const auto& [radius, rows] : {std::pair{1, 16}, {2, 16}, {3, 32}, {4, 32}, {5, 24}, {7, 24}, {8, 24},
                                     {9, 24}, {12, 24}, {13, 24}, {16, 24}})
    EXPECT_EQ(DefaultLaunch(fast, test::ParamsFor(box, "radius=" + std::to_string(radius)), PixelFormat::Gray8).ppt,
              rows)
        << "radius " << radius;
}

}  // namespace
}  // namespace fl
