// Presets: the JSON form of a pipeline. Round trips for every declared variant, and every malformed input refused
// with an InputError that names the field at fault.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/preset.hpp"
#include "fake_registry.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const Registry& Fake() { return test::FakeRegistry(); }

// Stage by stage, so that a failure says which one differs.
void ExpectSamePipeline(const Pipeline& a, const Pipeline& b, const Registry& reg) {
  ASSERT_EQ(a.stages.size(), b.stages.size());
  for (std::size_t i = 0; i < a.stages.size(); ++i)
    EXPECT_EQ(a.stages[i], b.stages[i]) << StageLabel(a, i) << "\n" << PipelineToJson(reg, b);
}

std::string LoadError(const std::string& text, Backend backend = Backend::Cuda, const Registry& reg = Fake()) {
  try {
    PipelineFromJson(reg, text, backend);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

// A valid two-stage preset with one part replaced.
std::string WithStage1(const json& stage1) {
  json root = {{"version", 1},
               {"stages", json::array({json{{"filter", "threshold"}, {"params", {{"level", 10}}}}, stage1})}};
  return root.dump();
}

bool StartsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

TEST(Preset, RoundTripOfEveryKindOfField) {
  Pipeline p;
  p.stages.push_back(MakeStage(Fake(), "threshold", Backend::Cuda));
  p.stages[0].params.Set("level", 77.0);
  p.stages.push_back(MakeStage(Fake(), "blur", Backend::Cuda));
  p.stages[1].params.Set("radius", 9.0);
  p.stages[1].params.Set("sigma", 0.123456789);
  p.stages[1].params.Set("mode", std::string("exact"));
  p.stages[1].launch = LaunchConfig{64, 4, 8, false, 3};
  p.stages[1].launch_set = kSetAll;
  p.stages.push_back(MakeStage(Fake(), "blur", Backend::Cuda));
  SetVariant(Fake(), p.stages[2], "naive");
  p.stages[2].launch.block_x = 128;
  p.stages[2].launch.block_y = 1;
  p.stages[2].launch_set = kSetBlock;
  p.stages[2].enabled = false;
  p.stages.push_back(MakeStage(Fake(), "mix", Backend::Cuda));
  p.stages[3].params.Set("with", std::string("stage:2"));
  p.stages.push_back(MakeStage(Fake(), "tofloat", Backend::Cpu));
  SetVariant(Fake(), p.stages[4], "reference");
  ExpectSamePipeline(p, PipelineFromJson(Fake(), PipelineToJson(Fake(), p), Backend::Cuda), Fake());
  EXPECT_EQ(PipelineFromJson(Fake(), PipelineToJson(Fake(), p), Backend::Cpu), p) << "named variants keep their backend";
  EXPECT_EQ(PipelineFromJson(Fake(), PipelineToJson(Fake(), Pipeline{}), Backend::Cuda), Pipeline{});
}

TEST(Preset, WritesOnlyTheLaunchFieldsTheVariantUses) {
  Pipeline p;
  p.stages.push_back(MakeStage(Fake(), "blur", Backend::Cuda));
  p.stages[0].launch_set = kSetAll;
  p.stages.push_back(MakeStage(Fake(), "blur", Backend::Cpu));
  p.stages[1].launch_set = kSetAll;
  p.stages.push_back(MakeStage(Fake(), "blur", Backend::Cuda));
  const json j = json::parse(PipelineToJson(Fake(), p));
  EXPECT_EQ(j["version"], kPresetVersion);
  EXPECT_EQ(j["stages"][0]["launch"], (json{{"block", "16x16"}, {"ppt", 2}, {"halo", 2}, {"smem", true}}));
  EXPECT_FALSE(j["stages"][1].contains("launch")) << "openmp reads no launch field: none is written";
  EXPECT_FALSE(j["stages"][2].contains("launch")) << "a stage on its variant's default launch names none";
  EXPECT_EQ(j["stages"][0]["variant"], "tiled");
  EXPECT_EQ(j["stages"][0]["enabled"], true);
}

TEST(Preset, MissingOptionalFieldsTakeDefaults) {
  const Pipeline p = PipelineFromJson(Fake(), R"({"version": 1, "stages": [{"filter": "blur"},
      {"filter": "blur", "variant": "naive", "params": {"radius": 4}}]})", Backend::Cuda);
  EXPECT_EQ(p.stages[0], MakeStage(Fake(), "blur", Backend::Cuda));
  Stage expected = MakeStage(Fake(), "blur", Backend::Cuda);
  SetVariant(Fake(), expected, "naive");
  expected.params.Set("radius", 4.0);
  EXPECT_EQ(p.stages[1], expected);
  EXPECT_EQ(PipelineFromJson(Fake(), R"({"version": 1, "stages": [{"filter": "blur"}]})", Backend::Cpu).stages[0].variant,
            "openmp");
}

TEST(Preset, MalformedDocuments) {
  EXPECT_TRUE(StartsWith(LoadError(""), "malformed JSON: ")) << LoadError("");
  EXPECT_TRUE(StartsWith(LoadError("{\"version\": 1, "), "malformed JSON: "));
  EXPECT_TRUE(StartsWith(LoadError("{'version': 1}"), "malformed JSON: "));
  EXPECT_EQ(LoadError("[]"), "preset: expected a JSON object");
  EXPECT_EQ(LoadError("{}"), "preset: missing field 'version'");
  EXPECT_EQ(LoadError(R"({"version": 1})"), "preset: missing field 'stages'");
  EXPECT_EQ(LoadError(R"({"version": "1", "stages": []})"), "version: expected an integer");
  EXPECT_EQ(LoadError(R"({"version": 1.5, "stages": []})"), "version: expected an integer");
  EXPECT_EQ(LoadError(R"({"version": 2, "stages": []})"),
            "version: 2 is not supported (this build reads version 1)");
  EXPECT_EQ(LoadError(R"({"version": 0, "stages": []})"),
            "version: 0 is not supported (this build reads version 1)");
  EXPECT_EQ(LoadError(R"({"version": 1, "stages": {}})"), "stages: expected an array");
  EXPECT_EQ(LoadError(R"({"version": 1, "stages": [3]})"), "stages[0]: expected an object");
}

TEST(Preset, StageErrorsNameTheField) {
  EXPECT_EQ(LoadError(WithStage1(json::object())), "stages[1]: missing field 'filter'");
  EXPECT_EQ(LoadError(WithStage1({{"filter", 3}})), "stages[1].filter: expected a string");
  EXPECT_TRUE(StartsWith(LoadError(WithStage1({{"filter", "sharpen"}})),
                         "stages[1].filter: unknown filter 'sharpen' (known: blur, tofloat, threshold, mix, shrink)"));
  EXPECT_EQ(LoadError(WithStage1({{"filter", "blur"}, {"colour", "red"}})), "stages[1].colour: unknown field");
  EXPECT_EQ(LoadError(WithStage1({{"filter", "blur"}, {"variant", 1}})), "stages[1].variant: expected a string");
  EXPECT_EQ(LoadError(WithStage1({{"filter", "blur"}, {"variant", "fast"}})),
            "stages[1].variant: filter 'blur' has no variant 'fast' (variants: reference, openmp, broken, tiled, naive)");
  EXPECT_EQ(LoadError(WithStage1({{"filter", "blur"}, {"enabled", "yes"}})), "stages[1].enabled: expected true or false");
  EXPECT_EQ(LoadError(WithStage1({{"filter", "blur"}, {"enabled", 1}})), "stages[1].enabled: expected true or false");
}

TEST(Preset, ParamErrorsNameTheField) {
  auto blur = [](json params) { return WithStage1({{"filter", "blur"}, {"params", params}}); };
  EXPECT_EQ(LoadError(WithStage1({{"filter", "blur"}, {"params", json::array()}})), "stages[1].params: expected an object");
  EXPECT_EQ(LoadError(blur({{"size", 3}})), "stages[1].params.size: filter 'blur' has no parameter 'size'");
  EXPECT_EQ(LoadError(blur({{"sigma", "2"}})), "stages[1].params.sigma: expected a number");
  EXPECT_EQ(LoadError(blur({{"sigma", true}})), "stages[1].params.sigma: expected a number");
  EXPECT_EQ(LoadError(blur({{"sigma", -1}})), "stages[1].params.sigma: parameter 'sigma' = -1 is out of range (0, 10]");
  EXPECT_EQ(LoadError(blur({{"sigma", 0}})), "stages[1].params.sigma: parameter 'sigma' = 0 is out of range (0, 10]");
  EXPECT_EQ(LoadError(blur({{"radius", 17}})), "stages[1].params.radius: parameter 'radius' = 17 is out of range [0, 16]");
  EXPECT_EQ(LoadError(blur({{"radius", 2.5}})), "stages[1].params.radius: parameter 'radius' = 2.5 is not an integer");
  EXPECT_EQ(LoadError(blur({{"mode", 1}})), "stages[1].params.mode: expected a string");
  EXPECT_EQ(LoadError(blur({{"mode", "slow"}})),
            "stages[1].params.mode: parameter 'mode' = 'slow' is not one of: fast, exact");
  EXPECT_EQ(LoadError(WithStage1({{"filter", "mix"}, {"params", {{"with", "stage:N"}}}})),
            "stages[1].params.with: parameter 'with' = 'stage:N' is not one of: source, stage:N");
}

TEST(Preset, LaunchErrorsNameTheField) {
  auto tiled = [](json launch) { return WithStage1({{"filter", "blur"}, {"variant", "tiled"}, {"launch", launch}}); };
  EXPECT_EQ(LoadError(WithStage1({{"filter", "blur"}, {"launch", "32x8"}})), "stages[1].launch: expected an object");
  EXPECT_EQ(LoadError(tiled({{"block", 32}})), "stages[1].launch.block: expected a string like \"32x8\"");
  EXPECT_TRUE(StartsWith(LoadError(tiled({{"block", "32by8"}})), "stages[1].launch.block: block '32by8' is not of"));
  EXPECT_TRUE(StartsWith(LoadError(tiled({{"block", "0x8"}})), "stages[1].launch.block: block '0x8'"));
  EXPECT_EQ(LoadError(tiled({{"ppt", "4"}})), "stages[1].launch.ppt: expected a positive integer");
  EXPECT_EQ(LoadError(tiled({{"ppt", 2.5}})), "stages[1].launch.ppt: expected a positive integer");
  EXPECT_EQ(LoadError(tiled({{"ppt", 0}})), "stages[1].launch.ppt: expected a positive integer");
  EXPECT_EQ(LoadError(tiled({{"ppt", -3}})), "stages[1].launch.ppt: expected a positive integer");
  EXPECT_EQ(LoadError(tiled({{"ppt", 9}})),
            "stages[1].launch.ppt: variant 'tiled': pixels per thread 9 is outside 1..8 for this variant");
  EXPECT_EQ(LoadError(tiled({{"halo", 5}})),
            "stages[1].launch.halo: variant 'tiled': halo steps 5 is outside 1..4 for this variant");
  EXPECT_EQ(LoadError(tiled({{"halo", 1e12}})), "stages[1].launch.halo: expected a positive integer");
  EXPECT_EQ(LoadError(tiled({{"smem", "on"}})), "stages[1].launch.smem: expected true or false");
  EXPECT_EQ(LoadError(tiled({{"threads", 256}})), "stages[1].launch.threads: unknown field (block, ppt, halo, smem)");
  // A field the variant does not use is kept, not range-checked against a range it does not have.
  EXPECT_EQ(LoadError(WithStage1({{"filter", "blur"}, {"variant", "naive"}, {"launch", {{"ppt", 16}}}})), "<accepted>");
}

TEST(Preset, LaunchFieldsApplyAfterTheVariantWhateverTheirOrder) {
  const Pipeline p = PipelineFromJson(
      Fake(), R"({"version": 1, "stages": [{"launch": {"block": "8x8", "ppt": 7}, "variant": "tiled", "filter": "blur"}]})",
      Backend::Cuda);
  EXPECT_EQ(p.stages[0].launch, (LaunchConfig{8, 8, 7, true, 2}));
}

// Every declared filter and variant, with each declared test case and, where the variant has them, non-default
// launch fields, survives PipelineToJson / PipelineFromJson.
TEST(Preset, RoundTripForEveryDeclaredVariant) {
  const Registry& reg = BuiltinRegistry();
  Pipeline p;
  for (const FilterSpec& f : reg.filters()) {
    std::vector<std::string> cases = {""};
    cases.insert(cases.end(), f.test_cases.begin(), f.test_cases.end());
    for (const VariantSpec& v : f.variants)
      for (const std::string& c : cases) {
        Stage s = MakeStage(reg, f.id, v.backend);
        SetVariant(reg, s, v.id);
        s.params = test::ParamsFor(f, c);
        // Every other stage keeps its variant's default launch (no "launch" in the file), the rest set one.
        const bool uses_launch = v.uses.block || v.uses.ppt || v.uses.halo || v.uses.smem;
        if (uses_launch && p.stages.size() % 2 == 0) {
          if (v.uses.block) s.launch.block_x = 16, s.launch.block_y = 4, s.launch_set |= kSetBlock;
          if (v.uses.ppt) s.launch.ppt = v.uses.ppt_max, s.launch_set |= kSetPpt;
          if (v.uses.halo) s.launch.halo = v.uses.halo_min, s.launch_set |= kSetHalo;
          if (v.uses.smem) s.launch.smem = !s.launch.smem, s.launch_set |= kSetSmem;
        }
        s.enabled = p.stages.size() % 3 != 1;
        p.stages.push_back(s);
      }
  }
  ASSERT_FALSE(p.stages.empty());
  // In pipelines of at most kMaxPresetStages: the registry declares more variants x cases than one may hold.
  for (std::size_t first = 0; first < p.stages.size(); first += kMaxPresetStages) {
    Pipeline part;
    const std::size_t end = std::min(p.stages.size(), first + kMaxPresetStages);
    part.stages.assign(p.stages.begin() + static_cast<std::ptrdiff_t>(first),
                       p.stages.begin() + static_cast<std::ptrdiff_t>(end));
    ExpectSamePipeline(part, PipelineFromJson(reg, PipelineToJson(reg, part), Backend::Cuda), reg);
  }
}

class PresetFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("filterlab_preset_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

TEST_F(PresetFiles, SaveAndLoad) {
  Pipeline p;
  p.stages.push_back(MakeStage(Fake(), "blur", Backend::Cuda));
  p.stages.push_back(MakeStage(Fake(), "threshold", Backend::Cuda));
  SavePreset(Fake(), p, Path("a.json"));
  EXPECT_EQ(LoadPreset(Fake(), Path("a.json"), Backend::Cuda), p);
  EXPECT_FALSE(fs::exists(Path("a.json.part")));
  p.stages.pop_back();
  SavePreset(Fake(), p, Path("a.json"));  // replaces
  EXPECT_EQ(LoadPreset(Fake(), Path("a.json"), Backend::Cuda), p);
}

TEST_F(PresetFiles, LoadErrorsNameTheFile) {
  auto error = [&](const std::string& path) -> std::string {
    try {
      LoadPreset(Fake(), path, Backend::Cuda);
    } catch (const InputError& e) {
      return e.what();
    }
    return "<accepted>";
  };
  EXPECT_EQ(error(Path("missing.json")), "cannot open preset '" + Path("missing.json") + "': no such file");
  EXPECT_EQ(error(dir_.string()), "cannot open preset '" + dir_.string() + "': it is a directory");
  std::ofstream(Path("bad.json")) << R"({"version": 1, "stages": [{"filter": "blur", "params": {"sigma": 99}}]})";
  EXPECT_EQ(error(Path("bad.json")), "preset '" + Path("bad.json") +
                                         "': stages[0].params.sigma: parameter 'sigma' = 99 is out of range (0, 10]");
  std::ofstream(Path("empty.json")).flush();
  EXPECT_TRUE(StartsWith(error(Path("empty.json")), "preset '" + Path("empty.json") + "': malformed JSON"));
}

TEST_F(PresetFiles, SaveIntoAMissingFolderFailsCleanly) {
  Pipeline p;
  p.stages.push_back(MakeStage(Fake(), "blur", Backend::Cuda));
  const std::string path = Path("no/such/folder/a.json");
  EXPECT_THROW(SavePreset(Fake(), p, path), InputError);
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(path + ".part"));
}

}  // namespace
}  // namespace fl
