// Hostile stage specs and presets through the real registry: out of range, non-numeric, NaN and inf, repeated
// keys, empty specs, unknown ids, deeply nested, truncated or huge JSON, and launches no CUDA device can run.
// Each is an InputError that names what is wrong; launches are refused on the CPU backend as on a GPU,
// whether the stage names its variant or leaves the choice to the machine.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "core/error.hpp"
#include "core/plan.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const Registry& Reg() { return BuiltinRegistry(); }

// The first error a person would see for `spec` on `backend`: parsing, else planning on a 64x48 rgba8 input.
std::string SpecError(const std::string& spec, Backend backend = Backend::Cpu) {
  try {
    Pipeline p;
    p.stages.push_back(ParseStageSpec(Reg(), spec, backend));
    ResolvePipeline(Reg(), p, {64, 48, PixelFormat::Rgba8}, backend).Require();
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

std::string PresetError(const std::string& json, Backend backend = Backend::Cpu) {
  try {
    const Pipeline p = PipelineFromJson(Reg(), json, backend);
    ResolvePipeline(Reg(), p, {64, 48, PixelFormat::Rgba8}, backend).Require();
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

struct Case {
  std::string input;
  std::string phrase;  // part of the expected error
};

void ExpectErrors(const std::vector<Case>& cases, std::string (*error)(const std::string&, Backend)) {
  for (const Case& c : cases)
    for (Backend b : {Backend::Cpu, Backend::Cuda}) {
      const std::string err = error(c.input, b);
      EXPECT_NE(err.find(c.phrase), std::string::npos)
          << (b == Backend::Cpu ? "cpu: " : "cuda: ") << c.input.substr(0, 200)
          << "\n  expected: " << c.phrase << "\n  got: " << err.substr(0, 300);
    }
}

TEST(HostileStageSpec, MalformedSpecsNameWhatIsWrong) {
  ExpectErrors({{"", "has no filter id"},
                {":radius=3", "has no filter id"},
                {"nope", "nope"},
                {"gauss:", "empty key=value"},
                {"gauss::radius=3", "empty key=value"},
                {"gauss:radius", "'radius' is not key=value"},
                {"gauss:=3", "'=3' is not key=value"},
                {"gauss:bogus=1", "unknown key 'bogus'"},
                {"gauss:variant=nope", "nope"},
                {"gauss:radius=3:radius=4", "key 'radius' is given more than once"},
                {"gauss:variant=separable:variant=direct_global", "key 'variant' is given more than once"},
                {"gauss" + std::string(20000, ':'), "empty key=value"},
                {"add:with=stage:0", "parameter 'with' = 'stage:0' is not one of"},
                {"add:with=stage:99999999999999", "is not one of"},
                {"add:with=stage:", "is not one of"},
                {"add:with=stage:2", "the first stage has no earlier stage"}},
               SpecError);
}

TEST(HostileStageSpec, NumbersOutOfRangeNonNumericNanAndInf) {
  ExpectErrors({{"gauss:radius=33", "parameter 'radius' = 33 is out of range [1, 32]"},
                {"gauss:radius=0", "out of range"},
                {"gauss:radius=-5", "out of range"},
                {"gauss:radius=3.5", "is not an integer"},
                {"gauss:radius=abc", "parameter 'radius' = 'abc' is not a number"},
                {"gauss:radius=", "is not a number"},
                {"gauss:radius=3x", "is not a number"},
                {"gauss:sigma=nan", "parameter 'sigma' is not a finite number"},
                {"gauss:sigma=NaN", "not a finite number"},
                {"gauss:sigma=inf", "not a finite number"},
                {"gauss:sigma=-inf", "not a finite number"},
                {"gauss:sigma=1e999", "beyond the range of a double"},
                {"gauss:sigma=0", "out of range (0, 100]"},
                {"letterbox:width=16385", "out of range"},
                {"sobel:output=gray16", "is not one of"},
                {"gauss:variant=separable:smem=maybe", "smem='maybe' is not on or off"},
                {"gauss:variant=separable:ppt=abc", "ppt='abc' is not a positive integer"},
                {"gauss:variant=separable:ppt=99999999999", "is more than any launch uses"}},
               SpecError);
}

// The launches of the issue: refused on --backend cpu exactly as on a GPU, named variant or not.
TEST(HostileStageSpec, LaunchesNoCudaDeviceRunsAreRefusedOnEveryBackend) {
  ExpectErrors(
      {{"gauss:variant=separable:block=4096x4096", "block 4096x4096 = 16777216 threads > 1024 per block"},
       {"gauss:variant=separable:block=33x32", "block 33x32 = 1056 threads > 1024"},
       {"gauss:variant=separable:block=2048x1", "block 2048x1 = 2048 threads > 1024"},
       {"gauss:variant=separable:block=0x8", "block '0x8' is not of the form WxH"},
       {"gauss:variant=separable:block=-1x8", "block '-1x8' is not of the form WxH"},
       {"gauss:variant=separable:block=99999999999x8", "is not of the form WxH"},
       {"gauss:variant=separable:block=32x8x2", "is not of the form WxH"},
       {"gauss:variant=separable:block=32", "is not of the form WxH"},
       {"gauss:variant=separable:ppt=9", "pixels per thread 9 is outside 1..8"},
       {"gauss:variant=separable:ppt=0", "ppt='0' is not a positive integer"},
       {"gauss:variant=separable:ppt=-1", "ppt='-1' is not a positive integer"},
       {"gauss:variant=separable:halo=5", "halo steps 5 is outside 1..4"},
       {"gauss:variant=separable:halo=0", "halo='0' is not a positive integer"},
       {"dilate5:variant=two_pass_smem:ppt=9", "pixels per thread 9 is outside 1..8"},
       // No variant named: on the CPU the reference would ignore the launch, a GPU would not.
       {"gauss:block=4096x4096", "4096x4096 = 16777216 threads"},
       {"box:block=33x32", "1056 threads"},
       {"invert:block=1x2048", "block 1x2048 = 2048 threads > 1024"}},
      SpecError);
}

TEST(HostileStageSpec, ExtremeButValidLaunchesAreAccepted) {
  for (const std::string spec :
       {"gauss:variant=separable:radius=1:block=1024x1:ppt=1:halo=1",
        "gauss:variant=separable:radius=1:block=1x1024:ppt=1:halo=1",
        "gauss:variant=separable:block=32x32:ppt=1:halo=1", "invert:block=1x1024",
        "invert:variant=naive:block=1x1", "gauss:radius=32:sigma=100", "box:radius=64"})
    EXPECT_EQ(SpecError(spec), "<accepted>") << spec;
}

// ---- Presets ----

std::string Stage(const std::string& fields) { return R"({"version": 1, "stages": [{)" + fields + "}]}"; }

TEST(HostilePreset, MalformedTruncatedAndWrongTypes) {
  const std::string good = Stage(R"("filter": "gauss", "params": {"radius": 3})");
  ExpectErrors(
      {{"", "malformed JSON"},
       {good.substr(0, good.size() / 2), "malformed JSON"},
       {good.substr(0, good.size() - 1), "unexpected end of input"},
       {"[]", "preset: expected a JSON object"},
       {"null", "expected a JSON object"},
       {R"({"version": 1})", "missing field 'stages'"},
       {R"({"stages": []})", "missing field 'version'"},
       {R"({"version": "1", "stages": []})", "version: expected an integer"},
       {R"({"version": 1.5, "stages": []})", "version: expected an integer"},
       {R"({"version": 2, "stages": []})", "version: 2 is not supported"},
       {R"({"version": 1, "stages": {}})", "stages: expected an array"},
       {R"({"version": 1, "stages": [1]})", "stages[0]: expected an object"},
       {Stage(R"("filter": 3)"), "stages[0].filter: expected a string"},
       {Stage(R"("filter": "nope")"), "stages[0].filter"},
       {Stage(R"("filter": "gauss", "colour": 1)"), "stages[0].colour: unknown field"},
       {Stage(R"("filter": "gauss", "variant": "nope")"), "stages[0].variant"},
       {Stage(R"("filter": "gauss", "enabled": "yes")"), "stages[0].enabled: expected true or false"},
       {Stage(R"("filter": "gauss", "params": [])"), "stages[0].params: expected an object"},
       {Stage(R"("filter": "gauss", "params": {"radius": "3"})"), "params.radius: expected a number"},
       {Stage(R"("filter": "gauss", "params": {"radius": 33})"), "params.radius: parameter 'radius' = 33"},
       {Stage(R"("filter": "gauss", "params": {"radius": 2.5})"), "is not an integer"},
       {Stage(R"("filter": "gauss", "params": {"sigma": 1e999})"),
        "malformed JSON: number overflow parsing '1e999'"},
       {Stage(R"("filter": "gauss", "params": {"sigma": NaN})"), "malformed JSON"},
       {Stage(R"("filter": "gauss", "params": {"sigma": Infinity})"), "malformed JSON"},
       {Stage(R"("filter": "gauss", "params": {"nope": 1})"), "has no parameter 'nope'"},
       {Stage(R"("filter": "sobel", "params": {"output": 1})"), "params.output: expected a string"}},
      PresetError);
}

TEST(HostilePreset, RepeatedKeysAreErrorsNotSilentlyTheLastOne) {
  ExpectErrors(
      {{R"({"version": 1, "version": 1, "stages": []})", "key 'version' appears twice"},
       {Stage(R"("filter": "gauss", "filter": "box")"), "key 'filter' appears twice"},
       {Stage(R"("filter": "gauss", "params": {"radius": 3, "radius": 30})"), "key 'radius' appears twice"},
       {Stage(R"("filter": "gauss", "launch": {"block": "32x8", "block": "4096x4096"})"),
        "key 'block' appears twice"}},
      PresetError);
  // The same key in two different objects is fine.
  EXPECT_EQ(PresetError(R"({"version": 1, "stages": [{"filter": "gauss", "params": {"radius": 3}},
                                                      {"filter": "box", "params": {"radius": 3}}]})"),
            "<accepted>");
}

TEST(HostilePreset, DeepNestingAndHugeArraysAreRefusedQuickly) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_NE(PresetError(deep).find("JSON nested deeper than 16 levels"), std::string::npos);
  const std::string deep_object = R"({"version": 1, "stages": [{"filter": "gauss", "params": {"x": )" +
                                  std::string(100, '[') + std::string(100, ']') + "}}]}";
  EXPECT_NE(PresetError(deep_object).find("nested deeper"), std::string::npos);
  std::string many = R"({"version": 1, "stages": [)";
  for (int i = 0; i < 10000; ++i) many += std::string(i ? "," : "") + R"({"filter": "invert"})";
  many += "]}";
  EXPECT_NE(PresetError(many).find("stages: 10000 stages are more than the 256"), std::string::npos);
  std::string numbers = R"({"version": 1, "stages": [{"filter": "gauss", "params": {"radius": [)";
  for (int i = 0; i < 20000; ++i) numbers += std::string(i ? "," : "") + "1";
  numbers += "]}}]}";
  EXPECT_NE(PresetError(numbers).find("params.radius: expected a number"), std::string::npos)
      << PresetError(numbers).substr(0, 300);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
}

TEST(HostilePreset, LaunchesNoCudaDeviceRunsAreRefusedOnEveryBackend) {
  const auto launch = [](const std::string& variant, const std::string& fields) {
    return Stage(R"("filter": "gauss", )" + (variant.empty() ? "" : R"("variant": ")" + variant + R"(", )") +
                 R"("launch": {)" + fields + "}");
  };
  ExpectErrors(
      {{launch("separable", R"("block": "4096x4096")"),
        "stages[0].launch.block: variant 'separable': block 4096x4096 = 16777216 threads > 1024"},
       {launch("separable", R"("block": "33x32")"), "1056 threads > 1024"},
       {launch("separable", R"("block": "0x8")"), "stages[0].launch.block: block '0x8' is not"},
       {launch("separable", R"("block": "-1x8")"), "block '-1x8' is not"},
       {launch("separable", R"("block": 32)"), "launch.block: expected a string"},
       {launch("separable", R"("ppt": 9)"), "stages[0].launch.ppt: variant 'separable': pixels per thread 9"},
       {launch("separable", R"("ppt": 0)"), "launch.ppt: expected a positive integer"},
       {launch("separable", R"("ppt": -1)"), "launch.ppt: expected a positive integer"},
       {launch("separable", R"("ppt": 2.5)"), "launch.ppt: expected a positive integer"},
       {launch("separable", R"("ppt": 18446744073709551615)"), "expected a positive integer"},
       {launch("separable", R"("halo": 5)"), "stages[0].launch.halo: variant 'separable': halo steps 5"},
       {launch("separable", R"("smem": 1)"), "launch.smem: expected true or false"},
       {launch("separable", R"("grid": 1)"), "launch.grid: unknown field"},
       {launch("", R"("block": "4096x4096")"), "stages[0].launch.block"}},
      PresetError);
}

}  // namespace
}  // namespace fl
