// The filterlab executable as a person uses it: --version, list (text and JSON), run on the CPU backend (output
// equal to RunPipelineCpu, --save-stages, presets), and every kind of error: exit code 2 (input) or 3 (GPU), the last
// stderr line starting with "error: ", and no output file left behind.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/image_io.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "cuda/device_info.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const Registry& Reg() { return BuiltinRegistry(); }

struct Result {
  int code = -1;
  std::string out, err;
  std::string LastErrorLine() const {
    std::istringstream is(err);
    std::string line, last;
    while (std::getline(is, line))
      if (!line.empty()) last = line;
    return last;
  }
};

std::string ReadText(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string Quote(const std::string& s) { return "'" + s + "'"; }

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("filterlab_cli_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "work");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs filterlab with `args` (already quoted where needed); stdout and stderr go to files outside work/.
  Result Run(const std::string& args) const {
    const fs::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    const std::string cmd = Quote(FILTERLAB_EXE) + " " + args + " > " + Quote(out.string()) + " 2> " + Quote(err.string());
    const int status = std::system(cmd.c_str());
    Result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = ReadText(out);
    r.err = ReadText(err);
    return r;
  }
  std::string Work(const std::string& name) const { return (dir_ / "work" / name).string(); }
  std::vector<std::string> WorkFiles() const {
    std::vector<std::string> names;
    for (const auto& e : fs::recursive_directory_iterator(dir_ / "work")) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
  // A failed run: the exit code, a one-line reason on the last stderr line, and nothing new in work/.
  void ExpectFailure(const std::string& args, int code, const std::string& reason_part) {
    const auto before = WorkFiles();
    const Result r = Run(args);
    EXPECT_EQ(r.code, code) << args << "\n" << r.err;
    EXPECT_EQ(r.LastErrorLine().rfind("error: ", 0), 0u) << args << "\n" << r.err;
    EXPECT_NE(r.LastErrorLine().find(reason_part), std::string::npos) << args << "\nexpected: " << reason_part << "\n" << r.err;
    EXPECT_EQ(WorkFiles(), before) << args << ": a file was left behind";
  }
  fs::path dir_;
};

// The image a run writes as PNG: gray32f results are normalised to gray8.
Image AsSaved(const Image& img) { return img.format() == PixelFormat::Gray32f ? NormalizeToGray8(img) : img; }

// A CPU chain of three stages from the registry, one with a declared test case's parameters: each stage keeps the
// size and accepts what the one before produces.
std::vector<std::string> ChainSpecs(PixelFormat input) {
  std::vector<std::string> specs;
  PixelFormat current = input;
  for (const FilterSpec& f : Reg().filters()) {
    if (specs.size() == 3) break;
    if (f.inputs != 1 || !f.Accepts(current)) continue;
    Stage s = MakeStage(Reg(), f.id, Backend::Cpu);
    if (!f.test_cases.empty() && specs.size() == 1) s.params = test::ParamsFor(f, f.test_cases.front());
    const ImageShape out = f.OutputShape({64, 48, current}, s.params);
    if (out.width != 64 || out.height != 48) continue;
    specs.push_back(FormatStageSpec(Reg(), s));
    current = out.format;
  }
  return specs;
}

std::string StageArgs(const std::vector<std::string>& specs) {
  std::string a;
  for (const auto& s : specs) a += " --stage " + Quote(s);
  return a;
}

CpuRun Expected(const std::vector<std::string>& specs, const Image& input) {
  Pipeline p;
  for (const auto& s : specs) p.stages.push_back(ParseStageSpec(Reg(), s, Backend::Cpu));
  return RunPipelineCpu(Reg(), p, input);
}

TEST_F(Cli, Version) {
  const Result r = Run("--version");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("filterlab ", 0), 0u) << r.out;
}

TEST_F(Cli, ListNamesEveryFilterAndVariant) {
  const Result r = Run("list");
  ASSERT_EQ(r.code, 0) << r.err;
  for (const FilterSpec& f : Reg().filters()) {
    const bool at_line_start = r.out.rfind(f.id + " ", 0) == 0 || r.out.find("\n" + f.id + " ") != std::string::npos;
    EXPECT_TRUE(at_line_start) << f.id;
    for (const VariantSpec& v : f.variants) EXPECT_NE(r.out.find("variant " + v.id), std::string::npos) << f.id << "/" << v.id;
  }
}

TEST_F(Cli, ListJsonDescribesTheRegistry) {
  const Result r = Run("list --json");
  ASSERT_EQ(r.code, 0) << r.err;
  json j;
  ASSERT_NO_THROW(j = json::parse(r.out)) << r.out.substr(0, 200);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), Reg().filters().size());
  for (std::size_t i = 0; i < j.size(); ++i) {
    const FilterSpec& f = Reg().filters()[i];
    const json& jf = j[i];
    SCOPED_TRACE(f.id);
    EXPECT_EQ(jf.at("id"), f.id);
    EXPECT_EQ(jf.at("name"), f.name);
    ASSERT_TRUE(jf.at("params").is_array());
    ASSERT_EQ(jf["params"].size(), f.params.size());
    for (std::size_t k = 0; k < f.params.size(); ++k) {
      const ParamSpec& p = f.params[k];
      const json& jp = jf["params"][k];
      EXPECT_EQ(jp.at("name"), p.name);
      EXPECT_EQ(jp.at("type"), std::string(ToString(p.type)));
      if (p.type == ParamType::Choice) {
        EXPECT_TRUE(jp.at("min").is_null());
        EXPECT_TRUE(jp.at("max").is_null());
        EXPECT_EQ(jp.at("default"), p.def_choice);
      } else {
        EXPECT_EQ(jp.at("min").get<double>(), p.min);
        EXPECT_EQ(jp.at("max").get<double>(), p.max);
        EXPECT_EQ(jp.at("default").get<double>(), p.def);
      }
    }
    ASSERT_TRUE(jf.at("variants").is_array());
    ASSERT_EQ(jf["variants"].size(), f.variants.size());
    for (std::size_t k = 0; k < f.variants.size(); ++k) {
      EXPECT_EQ(jf["variants"][k].at("id"), f.variants[k].id);
      EXPECT_EQ(jf["variants"][k].at("backend"), std::string(ToString(f.variants[k].backend)));
    }
  }
}

TEST_F(Cli, RunOnTheCpuEqualsTheCpuPipeline) {
  const auto specs = ChainSpecs(PixelFormat::Rgba8);
  ASSERT_GE(specs.size(), 2u);
  const std::string input = test::AssetPath("astronaut.png");
  const Result r = Run("run --backend cpu --input " + Quote(input) + StageArgs(specs) + " --output " + Quote(Work("out.png")));
  ASSERT_EQ(r.code, 0) << r.err;
  const CpuRun want = Expected(specs, LoadImage(input));
  EXPECT_TRUE(LoadImage(Work("out.png")) == AsSaved(want.outputs.back()));
  EXPECT_EQ(WorkFiles(), std::vector<std::string>{"out.png"});
}

TEST_F(Cli, SaveStagesWritesOnePngPerStage) {
  const auto specs = ChainSpecs(PixelFormat::Rgba8);
  const std::string input = test::AssetPath("astronaut.png");
  fs::create_directory(Work("stages"));
  const Result r = Run("run --backend cpu --input " + Quote(input) + StageArgs(specs) + " --output " +
                       Quote(Work("out.png")) + " --save-stages " + Quote(Work("stages")));
  ASSERT_EQ(r.code, 0) << r.err;
  const CpuRun want = Expected(specs, LoadImage(input));
  std::size_t pngs = 0;
  for (const auto& e : fs::directory_iterator(Work("stages"))) pngs += e.path().extension() == ".png";
  EXPECT_EQ(pngs, specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const std::string id = specs[i].substr(0, specs[i].find(':'));
    const fs::path file = fs::path(Work("stages")) / ("stage" + std::to_string(i + 1) + "_" + id + ".png");
    ASSERT_TRUE(fs::exists(file)) << file;
    EXPECT_TRUE(LoadImage(file.string()) == AsSaved(want.outputs[i])) << file;
  }
}

TEST_F(Cli, RunFromAPresetEqualsRunFromStages) {
  const auto specs = ChainSpecs(PixelFormat::Rgba8);
  Pipeline p;
  for (const auto& s : specs) p.stages.push_back(ParseStageSpec(Reg(), s, Backend::Cpu));
  SavePreset(Reg(), p, (dir_ / "chain.json").string());
  const std::string input = test::AssetPath("chelsea.png");
  ASSERT_EQ(Run("run --backend cpu --input " + Quote(input) + " --preset " + Quote((dir_ / "chain.json").string()) +
                " --output " + Quote(Work("a.png")))
                .code,
            0);
  ASSERT_EQ(Run("run --backend cpu --input " + Quote(input) + StageArgs(specs) + " --output " + Quote(Work("b.png"))).code, 0);
  EXPECT_TRUE(LoadImage(Work("a.png")) == LoadImage(Work("b.png")));
}

// with=stage:N on the command line (the ':' inside the value is not a stage-spec separator).
TEST_F(Cli, SecondInputFromAnEarlierStage) {
  const FilterSpec* two = nullptr;
  for (const FilterSpec& f : Reg().filters())
    if (f.inputs == 2 && f.Accepts(PixelFormat::Gray8)) two = two ? two : &f;
  if (!two) GTEST_SKIP() << "no two-input filter is declared";
  const std::string input = test::AssetPath("camera.png");
  const std::vector<std::string> specs = {"gray", two->id + ":with=stage:1"};
  const Result r = Run("run --backend cpu --input " + Quote(input) + StageArgs(specs) + " --output " + Quote(Work("o.png")));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(LoadImage(Work("o.png")) == Expected(specs, LoadImage(input)).outputs.back());
  ExpectFailure("run --backend cpu --input " + Quote(input) + " --stage " + Quote(two->id + ":with=stage:1") +
                    " --output " + Quote(Work("p.png")),
                2, "the first stage has no earlier stage");
}

TEST_F(Cli, CudaVariantRunsOnTheCpuBackendWithANote) {
  // A chain written on a GPU machine runs on a laptop: its CUDA stages run as the CPU default (openmp), said on stderr.
  const std::string input = test::AssetPath("astronaut.png");
  const std::vector<std::string> specs = {"gray:variant=vec4", "dilate5:variant=two_pass_smem"};
  const Result r = Run("run --backend cpu --input " + Quote(input) + StageArgs(specs) + " --output " + Quote(Work("f.png")));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("note: stage 2 (dilate5): two_pass_smem needs CUDA: shown with the CPU's openmp variant"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(LoadImage(Work("f.png")) == Expected({"gray", "dilate5"}, LoadImage(input)).outputs.back());
}

TEST_F(Cli, FallbackStageKeepsItsVariantInAPresetAndRunsFromIt) {
  // The issue's example: a laptop runs gray then dilate5 with a CUDA variant; a preset saved from that
  // pipeline still names the CUDA variant, so that it runs as written on a GPU machine.
  const std::string input = test::AssetPath("astronaut.png");
  const std::string note = "note: stage 2 (dilate5): two_pass_smem needs CUDA: shown with the CPU's openmp variant\n";
  const Result r = Run("run --stage gray --stage dilate5:variant=two_pass_smem --backend cpu --input " + Quote(input) +
                       " --output " + Quote(Work("stages.png")));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find(note), std::string::npos) << r.err;
  ASSERT_TRUE(fs::exists(Work("stages.png")));
  EXPECT_TRUE(LoadImage(Work("stages.png")) == Expected({"gray", "dilate5"}, LoadImage(input)).outputs.back());

  Pipeline p;
  for (const char* spec : {"gray", "dilate5:variant=two_pass_smem"})
    p.stages.push_back(ParseStageSpec(Reg(), spec, Backend::Cpu));
  const fs::path preset = dir_ / "fallback.json";
  SavePreset(Reg(), p, preset.string());
  EXPECT_EQ(json::parse(ReadText(preset)).at("stages")[1].at("variant"), "two_pass_smem");
  EXPECT_EQ(LoadPreset(Reg(), preset.string(), Backend::Cpu).stages[1].variant, "two_pass_smem");
  const Result from_preset = Run("run --backend cpu --input " + Quote(input) + " --preset " + Quote(preset.string()) +
                                 " --output " + Quote(Work("preset.png")));
  ASSERT_EQ(from_preset.code, 0) << from_preset.err;
  EXPECT_NE(from_preset.err.find(note), std::string::npos) << from_preset.err;
  EXPECT_TRUE(LoadImage(Work("preset.png")) == LoadImage(Work("stages.png")));
}

TEST_F(Cli, InputErrorsExitTwoAndLeaveNoOutput) {
  const std::string in = Quote(test::AssetPath("astronaut.png"));
  const std::string out = " --output " + Quote(Work("out.png"));
  const std::string run = "run --backend cpu ";
  ExpectFailure(run + "--input " + Quote(Work("missing.png")) + " --stage gray" + out, 2, "no such file");
  ExpectFailure(run + "--input " + in + " --stage gray:colour=red" + out, 2, "unknown key 'colour'");
  ExpectFailure(run + "--input " + in + " --stage nosuchfilter" + out, 2, "unknown filter 'nosuchfilter'");
  ExpectFailure(run + "--input " + in + " --stage gray:variant=fastest" + out, 2, "has no variant 'fastest'");
  ExpectFailure(run + "--input " + in + " --stage gray:variant=naive:block=4096x4096" + out, 2,
                "16777216 threads > 1024 per block");
  ExpectFailure(run + "--input " + in + " --stage gray:block=0x8" + out, 2, "block '0x8'");
  ExpectFailure(run + "--input " + in + out, 2, "no stages");
  ExpectFailure(run + "--input " + in + " --stage gray --output " + Quote(Work("out.jpg")), 2, "only .png and .pfm");
  ExpectFailure(run + "--input " + in + " --stage gray --output " + Quote(Work("nope/out.png")), 2, "does not exist");
  ExpectFailure(run + "--input " + in + " --stage gray" + out + " --save-stages " + Quote(Work("nope")), 2,
                "is not a folder");
  // Every file a run writes is checked before the first: /proc takes no new file, and neither output appears.
  ExpectFailure(run + "--input " + in + " --stage gray" + out + " --save-stages /proc", 2,
                "cannot write '/proc/stage1_gray.png'");
  ExpectFailure(run + "--input " + in + " --stage gray --output /proc/x.png --save-stages " + Quote(Work("")),
                2, "cannot write '/proc/x.png'");
  ExpectFailure(run + "--input " + in + " --stage gray --output " + Quote(Work("g.pfm")), 2,
                "PFM holds gray32f images, this one is gray8");
  ExpectFailure("compare --backend cpu --input " + in + " --a invert --b gauss --diff /proc/d.png", 2,
                "cannot write '/proc/d.png'");
  ExpectFailure("run --backend gpu --input " + in + " --stage gray" + out, 2, "--backend 'gpu' is not cuda or cpu");
  ExpectFailure("run --backend cpu --input " + in + " --stage gray", 2, "--output");
  ExpectFailure("frobnicate", 2, "neither a command (list, run, bench, compare, lab, tune, lessons, report)");
  // The lab's own options before a command would be ignored by it: refused, naming where they go.
  ExpectFailure("--backend bogus list", 2, "--backend is the lab's option");
  // Numbers that once slipped through: a side past an int wrapped (4294967360 benched 64), and NaN passed the
  // range checks, hiding every difference.
  ExpectFailure("bench --backend cpu --size 4294967360x64 --stage invert --repeat 2", 2,
                "--size '4294967360x64'");
  const std::string compare = "compare --backend cpu --input " + in + " --a invert --b gauss ";
  ExpectFailure(compare + "--tolerance nan", 2, "--tolerance: 'nan' is not a number in 0..");
  ExpectFailure(compare + "--gain nan", 2, "--gain: 'nan' is not a number in 0.001..");
  ExpectFailure(compare + "--gain inf", 2, "--gain: 'inf'");
}

TEST_F(Cli, EmptyPresetIsRefusedAndADisabledStageSaysSo) {
  const std::string in = Quote(test::AssetPath("camera.png"));
  std::ofstream(Work("empty.json")) << R"({"version": 1, "stages": []})";
  ExpectFailure("run --backend cpu --input " + in + " --preset " + Quote(Work("empty.json")) + " --output " +
                    Quote(Work("o.png")),
                2, "has no stages: nothing to run");
  std::ofstream(Work("off.json")) << R"({"version": 1, "stages": [{"filter": "gauss", "enabled": false},
                                                                   {"filter": "gray"}]})";
  const Result r = Run("run --backend cpu --input " + in + " --preset " + Quote(Work("off.json")) +
                       " --output " + Quote(Work("o.png")));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("stage 1 (gauss)    openmp                disabled (passes its input on)"),
            std::string::npos)
      << r.err;
}

TEST_F(Cli, OutOfRangeParameterExitsTwo) {
  for (const FilterSpec& f : Reg().filters())
    for (const ParamSpec& p : f.params) {
      if (p.type == ParamType::Choice) continue;
      const std::string spec = f.id + ":" + p.name + "=" + FormatParam(p.max + 1);
      ExpectFailure("run --backend cpu --input " + Quote(test::AssetPath("camera.png")) + " --stage " + Quote(spec) +
                        " --output " + Quote(Work("out.png")),
                    2, "parameter '" + p.name + "' = " + FormatParam(p.max + 1) + " is out of range");
      return;
    }
  GTEST_SKIP() << "no declared filter has a numeric parameter";
}

TEST_F(Cli, FormatMismatchNamesTheStage) {
  // A stage producing gray32f (a filter's test case) followed by a filter that does not take gray32f.
  for (const FilterSpec& a : Reg().filters())
    for (const std::string& tc : a.test_cases) {
      if (a.inputs != 1 || !a.Accepts(PixelFormat::Gray8)) continue;
      const ParamValues params = test::ParamsFor(a, tc);
      if (a.OutputShape({8, 8, PixelFormat::Gray8}, params).format != PixelFormat::Gray32f) continue;
      for (const FilterSpec& b : Reg().filters()) {
        if (b.Accepts(PixelFormat::Gray32f)) continue;
        Stage s = MakeStage(Reg(), a.id, Backend::Cpu);
        s.params = params;
        ExpectFailure("run --backend cpu --input " + Quote(test::AssetPath("camera.png")) + " --stage " +
                          Quote(FormatStageSpec(Reg(), s)) + " --stage " + b.id + " --output " + Quote(Work("o.png")),
                      2, "stage 2 (" + b.id + "): accepts " + FormatList(b.accepts) + ", got gray32f");
        return;
      }
    }
  GTEST_SKIP() << "no declared test case produces gray32f from gray8";
}

TEST_F(Cli, BadPresetsExitTwo) {
  const std::string in = Quote(test::AssetPath("astronaut.png"));
  const std::string out = " --output " + Quote(Work("out.png"));
  std::ofstream(dir_ / "bad.json") << "{\"version\": 1, \"stages\": [";
  ExpectFailure("run --backend cpu --input " + in + " --preset " + Quote((dir_ / "bad.json").string()) + out, 2,
                "malformed JSON");
  std::ofstream(dir_ / "field.json") << R"({"version": 1, "stages": [{"filter": "gray"}, {"filter": "gray", "speed": 3}]})";
  ExpectFailure("run --backend cpu --input " + in + " --preset " + Quote((dir_ / "field.json").string()) + out, 2,
                "stages[1].speed: unknown field");
  std::ofstream(dir_ / "v2.json") << R"({"version": 2, "stages": []})";
  ExpectFailure("run --backend cpu --input " + in + " --preset " + Quote((dir_ / "v2.json").string()) + out, 2,
                "version: 2 is not supported");
  ExpectFailure("run --backend cpu --input " + in + " --preset " + Quote((dir_ / "none.json").string()) + out, 2,
                "cannot open preset");
  ExpectFailure("run --backend cpu --input " + in + " --preset " + Quote((dir_ / "bad.json").string()) +
                    " --stage gray" + out,
                2, "either --stage or --preset");
}

TEST_F(Cli, CudaBackendWithoutADeviceExitsThree) {
  if (cuda::DeviceCount() > 0) GTEST_SKIP() << "a CUDA device is present";
  ExpectFailure("run --backend cuda --input " + Quote(test::AssetPath("astronaut.png")) + " --stage gray --output " +
                    Quote(Work("out.png")),
                3, "--backend cuda: ");
}

// The suite measures CUDA variants against a device copy: on the CPU backend it is refused with the reason, and it
// does not take stages or an input file.
TEST_F(Cli, BenchSuiteNeedsTheCudaBackendAndNoStages) {
  ExpectFailure("bench --suite --backend cpu --size 64x64", 2, "--suite times CUDA variants against a device copy");
  ExpectFailure("bench --suite --stage gray --backend cpu", 2, "--suite benchmarks every filter on generated inputs");
}

}  // namespace
}  // namespace fl
