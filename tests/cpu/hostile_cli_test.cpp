// `filterlab run` fed the hostile corpus, hostile stage specs and presets on --backend cpu: every bad input
// exits 2 with exactly one stderr line, `error: ...`, naming it, and writes nothing; every valid edge case
// succeeds.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "hostile_corpus.hpp"
#include "temp_dir.hpp"

namespace fl {
namespace {

namespace fs = std::filesystem;

std::string Quote(const std::string& s) { return "'" + s + "'"; }

struct Outcome {
  int code = -1;
  std::vector<std::string> err_lines;  // non-empty stderr lines
};

class HostileCli : public test::TempDirTest {
 protected:
  Outcome Run(const std::string& args) const {
    const std::string err = Path("stderr.txt");
    const std::string cmd = Quote(FILTERLAB_EXE) + " run --backend cpu --output " + Quote(Out()) + " " +
                            args + " > /dev/null 2> " + Quote(err);
    const int status = std::system(cmd.c_str());
    Outcome o;
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream f(err);
    for (std::string line; std::getline(f, line);)
      if (!line.empty()) o.err_lines.push_back(line);
    return o;
  }
  std::string Out() const { return Path("out.png"); }
  std::string Write(const std::string& name, const std::string& text) const {
    const std::string path = Path(name);
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  // Exit 2, one line "error: ..." containing `phrase`, no output file.
  void ExpectRefused(const std::string& args, const std::string& phrase) const {
    const Outcome o = Run(args);
    EXPECT_EQ(o.code, 2) << args;
    ASSERT_EQ(o.err_lines.size(), 1u) << args << ": expected one line on stderr";
    EXPECT_EQ(o.err_lines[0].rfind("error: ", 0), 0u) << o.err_lines[0];
    EXPECT_NE(o.err_lines[0].find(phrase), std::string::npos)
        << args << "\n  expected: " << phrase << "\n  got: " << o.err_lines[0];
    EXPECT_FALSE(fs::exists(Out())) << args << ": an output was written";
  }
};

TEST_F(HostileCli, EveryBadImageExitsTwoWithOneErrorLine) {
  for (const auto& c : test::HostileCases()) {
    if (c.ok) continue;
    const std::string path = test::HostilePath(c.file);
    ExpectRefused("--stage invert --input " + Quote(path), path);
  }
  ExpectRefused("--stage invert --input " + Quote(Path("missing.png")), "no such file");
  ExpectRefused("--stage invert --input " + Quote(dir_.string()), "it is a directory");
  ExpectRefused("--stage invert --input /dev/zero", "not a regular file");
}

TEST_F(HostileCli, EveryValidEdgeCaseRuns) {
  for (const auto& c : test::HostileCases()) {
    if (!c.ok) continue;
    // sobel takes every format these files load as once gray8/rgba8 pass through gray; gray32f goes straight
    // in.
    const std::string stages =
        c.shape.format == PixelFormat::Rgba8 ? "--stage gray --stage sobel" : "--stage sobel";
    const Outcome o = Run(stages + " --input " + Quote(test::HostilePath(c.file)));
    EXPECT_EQ(o.code, 0) << c.file << (o.err_lines.empty() ? "" : ": " + o.err_lines.back());
    EXPECT_TRUE(fs::exists(Out())) << c.file;
    fs::remove(Out());
  }
}

TEST_F(HostileCli, BadStagesAndLaunchesExitTwoWithOneErrorLine) {
  const std::string input = "--input " + Quote(test::HostilePath("ok_37x1.png"));
  for (const auto& [stage, phrase] : std::vector<std::pair<std::string, std::string>>{
           {"gauss:variant=separable:block=4096x4096",
            "16777216 threads > 1024 per block on any CUDA device"},
           {"gauss:variant=separable:block=33x32", "1056 threads > 1024"},
           {"gauss:variant=separable:block=0x8", "block '0x8' is not of the form WxH"},
           {"gauss:variant=separable:block=-1x8", "block '-1x8'"},
           {"gauss:variant=separable:ppt=9", "pixels per thread 9 is outside 1..8"},
           {"gauss:variant=separable:halo=5", "halo steps 5 is outside 1..4"},
           {"gauss:variant=separable:halo=2147483648", "halo='2147483648' is more than any launch uses"},
           {"gauss:variant=separable:ppt=5000", "ppt='5000' is more than any launch uses (at most 1024)"},
           {"gauss:block=4096x4096", "16777216 threads"},
           {"gauss:radius=nan", "not a finite number"},
           // A launch key the named variant does not read would change nothing.
           {"gauss:variant=reference:ppt=16", "variant 'reference' does not read ppt (it takes no launch fields)"},
           {"gauss:variant=direct_global:ppt=16:halo=2", "variant 'direct_global' does not read ppt, halo (it reads block)"},
           {"gauss:radius=3:radius=4", "given more than once"},
           {"", "has no filter id"},
           // User text with a newline, or of 100 KB, still makes one line (escaped, cut short).
           {"gauss\n:radius=3", "unknown filter 'gauss\\n'"},
           {"gauss:radius=" + std::string(100000, '9'), "more bytes)"},
           {"nope", "nope"}})
    ExpectRefused(input + " --stage " + Quote(stage), phrase);
}

// An argument nothing takes is named before a missing required option (CLI11 checks those first: `run --bogus`
// said "--input is required").
TEST_F(HostileCli, AnUnknownArgumentIsNamedBeforeAMissingOne) {
  ExpectRefused("--bogus", "not expected: --bogus (no option takes it");
  ExpectRefused("--input " + Quote(test::HostilePath("ok_37x1.png")) + " --bogus 3", "not expected: --bogus 3");
}

TEST_F(HostileCli, BadPresetsExitTwoWithOneErrorLine) {
  const std::string input = "--input " + Quote(test::HostilePath("ok_37x1.png"));
  const auto preset = [&](const std::string& name, const std::string& text) {
    return input + " --preset " + Quote(Write(name, text));
  };
  ExpectRefused(preset("block.json", R"({"version": 1, "stages": [{"filter": "gauss", "variant": "separable",
                                          "launch": {"block": "4096x4096"}}]})"),
                "stages[0].launch.block: variant 'separable': block 4096x4096");
  ExpectRefused(preset("halo.json", R"({"version": 1, "stages": [{"filter": "gauss", "variant": "separable",
                                         "launch": {"halo": 1000000}}]})"),
                "stages[0].launch.halo: 1000000 is more than any launch uses (at most 1024)");
  ExpectRefused(preset("cut.json", R"({"version": 1, "stages": [{"filter": "gau)"), "malformed JSON");
  ExpectRefused(preset("twice.json", R"({"version": 1, "stages": [], "stages": []})"),
                "key 'stages' appears twice");
  ExpectRefused(preset("deep.json", std::string(100000, '[')), "nested deeper than 16 levels");
  ExpectRefused(input + " --preset /dev/zero", "not a regular file");
  ExpectRefused(input + " --preset " + Quote(dir_.string()), "it is a directory");
  std::ofstream(Write("big.json", ""), std::ios::binary) << std::string((1 << 20) + 1, ' ');
  ExpectRefused(input + " --preset " + Quote(Path("big.json")), "bytes a preset may have");
}

}  // namespace
}  // namespace fl
