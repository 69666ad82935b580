// The command line's stage syntax (id[:key=value]...): parsing, errors that name the stage and the key, and the
// round trip through FormatStageSpec, for a made-up registry and for every declared filter and variant.
#include <gtest/gtest.h>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/stage_spec.hpp"
#include "fake_registry.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const Registry& Fake() { return test::FakeRegistry(); }

std::string SpecError(const std::string& spec, Backend backend = Backend::Cuda, const Registry& reg = Fake()) {
  try {
    ParseStageSpec(reg, spec, backend);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(StageSpec, FilterAloneTakesDefaults) {
  const Stage s = ParseStageSpec(Fake(), "blur", Backend::Cuda);
  EXPECT_EQ(s, MakeStage(Fake(), "blur", Backend::Cuda));
  EXPECT_EQ(s.variant, "tiled");  // the first CUDA variant that is not deliberately wrong
  EXPECT_EQ(s.params.Int("radius"), 2);
  EXPECT_EQ(s.launch, (LaunchConfig{16, 16, 2, true, 2}));
  EXPECT_TRUE(s.enabled);
  EXPECT_EQ(ParseStageSpec(Fake(), "blur", Backend::Cpu).variant, "openmp");
}

TEST(StageSpec, EveryKey) {
  const Stage s = ParseStageSpec(
      Fake(), "blur:radius=5:sigma=0.25:mode=exact:variant=tiled:block=64x4:ppt=8:halo=3:smem=off", Backend::Cuda);
  EXPECT_EQ(s.filter, "blur");
  EXPECT_EQ(s.variant, "tiled");
  EXPECT_EQ(s.params.Int("radius"), 5);
  EXPECT_DOUBLE_EQ(s.params.Number("sigma"), 0.25);
  EXPECT_EQ(s.params.Text("mode"), "exact");
  EXPECT_EQ(s.launch, (LaunchConfig{64, 4, 8, false, 3}));
}

TEST(StageSpec, VariantFirstWhateverItsPlace) {
  // Launch keys before `variant=` still override the variant's launch defaults.
  const Stage s = ParseStageSpec(Fake(), "blur:block=128x1:variant=naive", Backend::Cuda);
  EXPECT_EQ(s.variant, "naive");
  EXPECT_EQ(s.launch.block_x, 128);
  EXPECT_EQ(s.launch.block_y, 1);
  EXPECT_EQ(s.launch_set, kSetBlock);
}

TEST(StageSpec, AKeyTheNamedVariantDoesNotReadIsRefused) {
  try {
    ParseStageSpec(Fake(), "blur:ppt=4:variant=naive", Backend::Cuda);
    FAIL() << "naive reads no ppt";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "stage 'blur:ppt=4:variant=naive': variant 'naive' does not read ppt (it reads block)");
  }
  // With no variant named the key waits for the backend that reads it: kept off the CPU default's launch.
  EXPECT_EQ(ParseStageSpec(Fake(), "blur:ppt=4", Backend::Cpu).launch_set, 0u);
}

TEST(StageSpec, SmemSpellings) {
  for (const char* on : {"on", "1", "true"}) EXPECT_TRUE(ParseStageSpec(Fake(), std::string("blur:smem=") + on, Backend::Cuda).launch.smem);
  for (const char* off : {"off", "0", "false"})
    EXPECT_FALSE(ParseStageSpec(Fake(), std::string("blur:smem=") + off, Backend::Cuda).launch.smem);
}

TEST(StageSpec, ErrorsNameTheStageAndTheKey) {
  EXPECT_EQ(SpecError(""), "stage '' has no filter id");
  EXPECT_EQ(SpecError(":radius=1"), "stage ':radius=1' has no filter id");
  EXPECT_TRUE(Contains(SpecError("nope"), "stage 'nope': unknown filter 'nope' (known: blur, tofloat"));
  EXPECT_EQ(SpecError("blur:radius"), "stage 'blur:radius': 'radius' is not key=value");
  EXPECT_EQ(SpecError("blur:=3"), "stage 'blur:=3': '=3' is not key=value");
  EXPECT_EQ(SpecError("blur:colour=red"),
            "stage 'blur:colour=red': unknown key 'colour' (keys: variant, block, ppt, halo, smem, radius, sigma, "
            "mode)");
  EXPECT_EQ(SpecError("blur:radius=17"), "stage 'blur:radius=17': parameter 'radius' = 17 is out of range [0, 16]");
  EXPECT_EQ(SpecError("blur:sigma=0"), "stage 'blur:sigma=0': parameter 'sigma' = 0 is out of range (0, 10]");
  EXPECT_EQ(SpecError("blur:radius=two"), "stage 'blur:radius=two': parameter 'radius' = 'two' is not a number");
  EXPECT_EQ(SpecError("blur:mode=slow"), "stage 'blur:mode=slow': parameter 'mode' = 'slow' is not one of: fast, exact");
  EXPECT_TRUE(Contains(SpecError("blur:variant=fast"), "stage 'blur:variant=fast': filter 'blur' has no variant 'fast' (variants: reference, openmp, broken, tiled, naive)"));
  EXPECT_TRUE(Contains(SpecError("blur:block=64"), "stage 'blur:block=64': block '64' is not of the form WxH"));
  EXPECT_EQ(SpecError("blur:ppt=0"), "stage 'blur:ppt=0': ppt='0' is not a positive integer");
  EXPECT_EQ(SpecError("blur:ppt=2.5"), "stage 'blur:ppt=2.5': ppt='2.5' is not a positive integer");
  EXPECT_EQ(SpecError("blur:ppt=99999999999"),
            "stage 'blur:ppt=99999999999': ppt='99999999999' is more than any launch uses (at most 1024)");
  EXPECT_EQ(SpecError("blur:halo=-1"), "stage 'blur:halo=-1': halo='-1' is not a positive integer");
  EXPECT_EQ(SpecError("blur:smem=maybe"), "stage 'blur:smem=maybe': smem='maybe' is not on or off");
}

TEST(StageSpec, SecondInputFromAStageKeepsItsColon) {
  const Stage s = ParseStageSpec(Fake(), "mix:with=stage:2:weight=0.25", Backend::Cpu);
  EXPECT_EQ(s.params.Text("with"), "stage:2");
  EXPECT_DOUBLE_EQ(s.params.Number("weight"), 0.25);
  EXPECT_EQ(ParseStageSpec(Fake(), "mix:weight=1:with=stage:12", Backend::Cpu).params.Text("with"), "stage:12");
  EXPECT_EQ(ParseStageSpec(Fake(), FormatStageSpec(Fake(), s), Backend::Cpu), s);
  EXPECT_EQ(SpecError("mix:with=stage"), "stage 'mix:with=stage': parameter 'with' = 'stage' is not one of: source, stage:N");
  EXPECT_EQ(SpecError("mix:with=stage:0"), "stage 'mix:with=stage:0': parameter 'with' = 'stage:0' is not one of: source, stage:N");
  EXPECT_EQ(SpecError("mix:with=stage:N"), "stage 'mix:with=stage:N': parameter 'with' = 'stage:N' is not one of: source, stage:N");
}

TEST(StageSpec, FormatParsesBackToTheSameStage) {
  Stage s = ParseStageSpec(Fake(), "blur:radius=7:sigma=0.123456789:mode=exact:variant=tiled:block=16x8:ppt=3:halo=4:smem=off",
                           Backend::Cuda);
  EXPECT_EQ(ParseStageSpec(Fake(), FormatStageSpec(Fake(), s), Backend::Cuda), s) << FormatStageSpec(Fake(), s);
  s = ParseStageSpec(Fake(), "blur:variant=naive:block=128x1", Backend::Cuda);
  EXPECT_EQ(FormatStageSpec(Fake(), s), "blur:radius=2:sigma=1.5:mode=fast:variant=naive:block=128x1");
  EXPECT_EQ(FormatStageSpec(Fake(), ParseStageSpec(Fake(), "tofloat", Backend::Cpu)), "tofloat:variant=openmp");
}

// Every declared filter and variant: the default stage and each declared test case survive the round trip.
TEST(StageSpec, RoundTripForEveryDeclaredVariant) {
  const Registry& reg = BuiltinRegistry();
  int checked = 0;
  for (const FilterSpec& f : reg.filters()) {
    std::vector<std::string> cases = {""};
    cases.insert(cases.end(), f.test_cases.begin(), f.test_cases.end());
    for (const VariantSpec& v : f.variants)
      for (const std::string& c : cases) {
        Stage s = MakeStage(reg, f.id, v.backend);
        SetVariant(reg, s, v.id);
        s.params = test::ParamsFor(f, c);
        const std::string text = FormatStageSpec(reg, s);
        EXPECT_EQ(ParseStageSpec(reg, text, v.backend), s) << text;
        ++checked;
      }
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace fl
