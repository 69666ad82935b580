// Launch defaults that follow the parameters: a stage runs its variant's default for its parameters and input
// format (VariantSpec::defaults_for) in every field a person has not set, through the plan, the stage spec,
// the preset and the bench; the fields a person set stay. The fake `tiled` variant takes ppt 4 from radius 8
// and block 16x32 for rgba8 (its static defaults: 16x16, ppt 2).
#include <gtest/gtest.h>

#include <tuple>

#include <nlohmann/json.hpp>

#include "core/plan.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "common/test_images.hpp"
#include "cpu/fake_registry.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const Registry& Fake() { return test::FakeRegistry(); }
const ImageShape kGray{100, 40, PixelFormat::Gray8};
const ImageShape kRgba{100, 40, PixelFormat::Rgba8};

LaunchConfig Planned(const std::string& spec, const ImageShape& in = kGray) {
  Pipeline p;
  p.stages.push_back(ParseStageSpec(Fake(), spec, Backend::Cuda));
  const Plan plan = ResolvePipeline(Fake(), p, in, Backend::Cuda);
  EXPECT_TRUE(plan.ok()) << plan.issue->message;
  return plan.ok() ? plan.stages[0].launch : LaunchConfig{};
}

TEST(LaunchDefaults, NewStagesSetNoFieldAndSwitchingVariantClearsThem) {
  Stage s = MakeStage(Fake(), "blur", Backend::Cuda);
  EXPECT_EQ(s.launch_set, 0u);
  s.launch_set = kSetPpt;
  SetVariant(Fake(), s, "tiled");
  EXPECT_EQ(s.launch_set, 0u);
  EXPECT_EQ(ParseStageSpec(Fake(), "blur:radius=9", Backend::Cuda).launch_set, 0u);
  EXPECT_EQ(ParseStageSpec(Fake(), "blur:ppt=3:smem=off", Backend::Cuda).launch_set, kSetPpt | kSetSmem);
  EXPECT_EQ(ParseStageSpec(Fake(), "blur:block=8x8:halo=3", Backend::Cuda).launch_set, kSetBlock | kSetHalo);
}

TEST(LaunchDefaults, MergeTakesTheSetFieldsAndChangedFieldsNamesThem) {
  const LaunchConfig d{16, 16, 2, true, 2}, chosen{64, 4, 9, false, 3};
  EXPECT_EQ(MergeLaunch(d, chosen, 0), d);
  EXPECT_EQ(MergeLaunch(d, chosen, kSetAll), chosen);
  EXPECT_EQ(MergeLaunch(d, chosen, kSetPpt | kSetSmem), (LaunchConfig{16, 16, 9, false, 2}));
  EXPECT_EQ(MergeLaunch(d, chosen, kSetBlock | kSetHalo), (LaunchConfig{64, 4, 2, true, 3}));
  EXPECT_EQ(ChangedFields(d, d), 0u);
  EXPECT_EQ(ChangedFields(d, chosen), kSetAll);
  EXPECT_EQ(ChangedFields(d, LaunchConfig{16, 8, 2, true, 2}), kSetBlock);
  EXPECT_EQ(ChangedFields(d, LaunchConfig{16, 16, 2, false, 2}), kSetSmem);
}

TEST(LaunchDefaults, ThePlanFollowsTheParametersAndTheFormat) {
  EXPECT_EQ(Planned("blur:radius=2"), (LaunchConfig{16, 16, 2, true, 2}));
  EXPECT_EQ(Planned("blur:radius=8"), (LaunchConfig{16, 16, 4, true, 2}));
  EXPECT_EQ(Planned("blur:radius=8", kRgba), (LaunchConfig{16, 32, 4, true, 2}));
}

TEST(LaunchDefaults, FieldsAPersonSetStayAndTheOthersFollow) {
  EXPECT_EQ(Planned("blur:radius=8:ppt=3"), (LaunchConfig{16, 16, 3, true, 2}));
  EXPECT_EQ(Planned("blur:radius=8:block=64x4"), (LaunchConfig{64, 4, 4, true, 2})) << "ppt still follows";
  EXPECT_EQ(Planned("blur:radius=1:block=64x4:smem=off", kRgba), (LaunchConfig{64, 4, 2, false, 2}));
}

TEST(LaunchDefaults, StageLaunchIsWhatThePlanRuns) {
  Stage s = ParseStageSpec(Fake(), "blur:radius=12:halo=3", Backend::Cuda);
  const VariantSpec& tiled = *Fake().Get("blur").FindVariant("tiled");
  EXPECT_EQ(StageLaunch(s, tiled, {64, 32, PixelFormat::Rgba8}), (LaunchConfig{16, 32, 4, true, 3}));
  EXPECT_EQ(DefaultLaunch(tiled, s.params, {64, 32, PixelFormat::Gray8}), (LaunchConfig{16, 16, 4, true, 2}));
  const VariantSpec& naive = *Fake().Get("blur").FindVariant("naive");
  EXPECT_EQ(DefaultLaunch(naive, s.params, {64, 32, PixelFormat::Rgba8}), naive.defaults) << "no rule: the defaults";
}

TEST(LaunchDefaults, SpecsAndPresetsWriteOnlyTheFieldsSet) {
  const Stage free = ParseStageSpec(Fake(), "blur:radius=9", Backend::Cuda);
  EXPECT_EQ(FormatStageSpec(Fake(), free), "blur:radius=9:sigma=1.5:mode=fast:variant=tiled");
  const Stage some = ParseStageSpec(Fake(), "blur:radius=9:ppt=3", Backend::Cuda);
  EXPECT_EQ(FormatStageSpec(Fake(), some), "blur:radius=9:sigma=1.5:mode=fast:variant=tiled:ppt=3");
  EXPECT_EQ(ParseStageSpec(Fake(), FormatStageSpec(Fake(), some), Backend::Cuda), some);

  Pipeline p;
  p.stages = {free, some};
  const std::string text = PipelineToJson(Fake(), p);
  const nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_FALSE(j["stages"][0].contains("launch"));
  EXPECT_EQ(j["stages"][1]["launch"], (nlohmann::json{{"ppt", 3}}));
  EXPECT_EQ(PipelineFromJson(Fake(), text, Backend::Cuda), p);
}

// A field the variant does not read is never recorded as set: saving and loading again gives the same text
// (fuzz/fuzz_preset.cpp aborts otherwise), and a spec's round trip the same stage.
TEST(LaunchDefaults, FieldsTheVariantIgnoresAreNotRecordedAsSet) {
  const std::string text = R"({"version": 1, "stages": [{"filter": "blur", "variant": "naive",
      "launch": {"block": "16x16", "ppt": 4}}]})";
  const Pipeline p = PipelineFromJson(Fake(), text, Backend::Cuda);
  EXPECT_EQ(p.stages[0].launch_set, kSetBlock) << "naive reads the block only";
  const std::string saved = PipelineToJson(Fake(), p);
  EXPECT_EQ(PipelineToJson(Fake(), PipelineFromJson(Fake(), saved, Backend::Cuda)), saved);
  const Pipeline cpu = PipelineFromJson(
      Fake(), R"({"version": 1, "stages": [{"filter": "blur", "launch": {"block": "16x16"}}]})",
      Backend::Cpu);
  EXPECT_EQ(cpu.stages[0].launch_set, 0u);
  EXPECT_FALSE(nlohmann::json::parse(PipelineToJson(Fake(), cpu))["stages"][0].contains("launch"));
  const Stage s = ParseStageSpec(Fake(), "blur:ppt=3", Backend::Cpu);  // the CPU default reads no ppt
  EXPECT_EQ(s.launch_set, 0u);
  EXPECT_EQ(ParseStageSpec(Fake(), FormatStageSpec(Fake(), s), Backend::Cpu), s);
}

TEST(LaunchDefaults, AnOldPresetWithEveryFieldKeepsThem) {
  const Pipeline p = PipelineFromJson(Fake(), R"({"version": 1, "stages": [{"filter": "blur", "params":
      {"radius": 9}, "launch": {"block": "16x16", "ppt": 2, "halo": 2, "smem": true}}]})",
                                      Backend::Cuda);
  EXPECT_EQ(p.stages[0].launch_set, kSetAll);
  const Plan plan = ResolvePipeline(Fake(), p, kGray, Backend::Cuda);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.stages[0].launch.ppt, 2) << "a preset's launch is the person's choice, not the rule's";
}

// Every declared rule gives a launch its variant accepts, for every parameter set the tests and the bench
// use, on a small image and a large one (rules may follow the size).
TEST(LaunchDefaults, EveryDeclaredRuleStaysInsideItsVariantsRanges) {
  const Registry& reg = BuiltinRegistry();
  int rules = 0;
  for (const FilterSpec& f : reg.filters())
    for (const VariantSpec& v : f.variants) {
      if (!v.defaults_for) continue;
      ++rules;
      EXPECT_FALSE(v.defaults_rule.empty()) << f.id << " " << v.id << ": a rule says what it does";
      std::vector<std::string> cases = {""};
      cases.insert(cases.end(), f.test_cases.begin(), f.test_cases.end());
      cases.insert(cases.end(), f.bench_cases.begin(), f.bench_cases.end());
      for (const std::string& c : cases)
        for (PixelFormat fmt : f.accepts) {
          if (!f.VariantAccepts(v, fmt)) continue;
          Pipeline p;
          p.stages.push_back(
              ParseStageSpec(reg, f.id + (c.empty() ? "" : ":" + c) + ":variant=" + v.id, Backend::Cuda));
          for (const ImageShape in : {ImageShape{64, 48, fmt}, test::LargeImage(fmt)}) {
            const Plan plan = ResolvePipeline(reg, p, in, Backend::Cuda);
            const bool refused_for_params =
                plan.issue && v.check_launch && v.check_launch(v.defaults, p.stages[0].params).has_value();
            EXPECT_TRUE(plan.ok() || refused_for_params) << f.id << " " << c << " " << v.id << " " << ToString(fmt)
                                                         << " " << in.width << ": " << plan.issue->message;
          }
        }
    }
  EXPECT_GT(rules, 0) << "no variant declares launch defaults that follow its parameters";
}

}  // namespace

// The strip kernels take 16 rows per thread (their tail strips made longer strips pay), except where rgba8 measured
// faster with fewer: 3x3 morphology 8, gauss3 4 (filters/morph.cpp, filters/gauss3.cpp).
TEST(LaunchDefaults, FastStripRowsFollowTheFormat) {
  const Registry& reg = BuiltinRegistry();
  for (const char* id : {"dilate5", "erode5", "dilate3", "erode3", "gauss3", "sobel"})
    EXPECT_EQ(DefaultLaunch(*reg.Get(id).FindVariant("fast"), {}, {64, 32, PixelFormat::Gray8}).ppt, 16) << id;
  for (const char* id : {"dilate5", "erode5"})
    EXPECT_EQ(DefaultLaunch(*reg.Get(id).FindVariant("fast"), {}, {64, 32, PixelFormat::Rgba8}).ppt, 16) << id;
  for (const char* id : {"dilate3", "erode3"})
    EXPECT_EQ(DefaultLaunch(*reg.Get(id).FindVariant("fast"), {}, {64, 32, PixelFormat::Rgba8}).ppt, 8) << id;
  EXPECT_EQ(DefaultLaunch(*reg.Get("gauss3").FindVariant("fast"), {}, {64, 32, PixelFormat::Rgba8}).ppt, 4);
}

// gauss tensor's block follows a gray8 image's size: 4 warps below 4 x 2^20 pixels, 8 from there; rgba8 keeps 8
// whatever the size, its rows following the radius (filters/gauss_launch_rules.cpp).
TEST(LaunchDefaults, GaussTensorBlocksFollowTheGray8ImagesSize) {
  const Registry& reg = BuiltinRegistry();
  const FilterSpec& gauss = reg.Get("gauss");
  const VariantSpec& tensor = *gauss.FindVariant("tensor");
  const ParamValues p = test::ParamsFor(gauss, "radius=4");
  struct Case {
    ImageShape in;
    int block_y, ppt;
  };
  constexpr PixelFormat kGray = PixelFormat::Gray8, kRgba = PixelFormat::Rgba8;
  for (const Case& c : {Case{{1920, 1080, kGray}, 4, 128}, Case{{2048, 2047, kGray}, 4, 128},
                        Case{{2048, 2048, kGray}, 8, 128}, Case{{3840, 2160, kGray}, 8, 128},
                        Case{{1920, 1080, kRgba}, 8, 192}, Case{{8192, 8192, kRgba}, 8, 192},
                        Case{{0, 0, kGray}, 8, 128}}) {  // no image yet: the declared defaults
    const LaunchConfig l = DefaultLaunch(tensor, p, c.in);
    EXPECT_EQ(std::tuple(l.block_x, l.block_y, l.ppt), std::tuple(32, c.block_y, c.ppt))
        << c.in.width << "x" << c.in.height << " " << ToString(c.in.format);
  }
  // The plan runs it, and a block a person set stays.
  Pipeline pipe;
  pipe.stages.push_back(ParseStageSpec(reg, "gauss:radius=4", Backend::Cuda));
  EXPECT_EQ(ResolvePipeline(reg, pipe, {1920, 1080, PixelFormat::Gray8}, Backend::Cuda).stages[0].launch.block_y, 4);
  pipe.stages[0] = ParseStageSpec(reg, "gauss:radius=4:block=32x8", Backend::Cuda);
  EXPECT_EQ(ResolvePipeline(reg, pipe, {1920, 1080, PixelFormat::Gray8}, Backend::Cuda).stages[0].launch.block_y, 8);
}

// box fast's rows per thread follow the radius, and on rgba8 from radius 5 (warps overlapping by ceil(r / 4)
// chunks) a rule of their own (filters/box.cpp).
TEST(LaunchDefaults, BoxFastRowsFollowTheRadiusAndTheFormat) {
  const FilterSpec& box = BuiltinRegistry().Get("box");
  const VariantSpec& fast = *box.FindVariant("fast");
  auto rows = [&](int r, PixelFormat fmt, int w = 8192, int h = 8192) {
    return DefaultLaunch(fast, test::ParamsFor(box, "radius=" + std::to_string(r)), {w, h, fmt}).ppt;
  };
  for (PixelFormat fmt : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
    EXPECT_EQ(rows(2, fmt), 16);
    EXPECT_EQ(rows(3, fmt), 32);  // 24 measured slower at 8192x8192 (filters/box.cpp)
    EXPECT_EQ(rows(4, fmt), 32);
  }
  // Gray8 images under 5 x 2^19 pixels take 16 rows at radius 3 and 4; rgba8 keeps 32.
  EXPECT_EQ(rows(3, PixelFormat::Gray8, 1920, 1080), 16);
  EXPECT_EQ(rows(4, PixelFormat::Gray8, 1024, 2559), 16);
  EXPECT_EQ(rows(4, PixelFormat::Gray8, 1024, 2560), 32);
  EXPECT_EQ(rows(3, PixelFormat::Gray8, 2560, 1440), 32);
  EXPECT_EQ(rows(3, PixelFormat::Gray8, 0, 0), 32) << "no image yet: the declared defaults, not the small rule";
  EXPECT_EQ(rows(4, PixelFormat::Rgba8, 1920, 1080), 32);
  EXPECT_EQ(rows(2, PixelFormat::Gray8, 1920, 1080), 16);
  EXPECT_EQ(rows(5, PixelFormat::Gray8, 1920, 1080), 24);
  EXPECT_EQ(rows(5, PixelFormat::Gray8), 24);
  EXPECT_EQ(rows(8, PixelFormat::Gray8), 24);
  EXPECT_EQ(rows(16, PixelFormat::Gray8), 24);
  EXPECT_EQ(rows(5, PixelFormat::Rgba8), 16);
  EXPECT_EQ(rows(8, PixelFormat::Rgba8), 16);
  EXPECT_EQ(rows(9, PixelFormat::Rgba8), 32);
  EXPECT_EQ(rows(12, PixelFormat::Rgba8), 32);
  EXPECT_EQ(rows(16, PixelFormat::Rgba8), 16);
}

}  // namespace fl
