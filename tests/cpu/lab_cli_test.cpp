// `filterlab lab` and the labs in `filterlab list`, run as a person runs them: the JSON a lab writes, the
// labs listed, and every kind of bad input refused with exit 2, exactly one "error: ..." line and no file
// written.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/test_images.hpp"
#include "core/lab_registry.hpp"
#include "temp_dir.hpp"

namespace fl {
namespace {

using nlohmann::json;

std::string Slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

class LabCli : public test::TempDirTest {
 protected:
  struct Outcome {
    int code = -1;
    std::string out, err;
  };
  Outcome Lab(const std::string& args) const {
    const std::string cmd = std::string("'") + FILTERLAB_EXE + "' " + args + " > '" + Path("out.txt") +
                            "' 2> '" + Path("err.txt") + "'";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, Slurp(Path("out.txt")), Slurp(Path("err.txt"))};
  }
  json ReadJson(const std::string& name) const { return json::parse(Slurp(Path(name))); }
  void ExpectRefused(const std::string& args, const std::string& reason_part) {
    const Outcome o = Lab(args + " --json '" + Path("r.json") + "'");
    EXPECT_EQ(o.code, 2) << args << "\n" << o.err;
    EXPECT_EQ(o.err.rfind("error: ", 0), 0u) << args << "\n" << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << args << ": more than one line\n" << o.err;
    EXPECT_NE(o.err.find(reason_part), std::string::npos) << args << "\nexpected: " << reason_part << "\n"
                                                          << o.err;
    EXPECT_FALSE(std::filesystem::exists(Path("r.json"))) << args << ": wrote the JSON anyway";
  }
};

TEST_F(LabCli, HistogramWritesItsBins) {
  const Outcome o = Lab("lab histogram --backend cpu --size 64 --repeat 2 --json '" + Path("h.json") + "'");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("reference"), std::string::npos) << o.out;
  const json j = ReadJson("h.json");
  EXPECT_EQ(j.at("lab"), "histogram");
  EXPECT_EQ(j.at("size"), 64);
  ASSERT_EQ(j.at("bins").size(), 256u);
  std::uint64_t total = 0;
  for (const auto& n : j["bins"]) total += n.get<std::uint64_t>();
  EXPECT_EQ(total, 64u * 64u);
  ASSERT_FALSE(j.at("variants").empty());
  for (const auto& v : j["variants"]) {
    EXPECT_TRUE(v.at("matches_reference").get<bool>()) << v;
    for (const char* key : {"id", "ms", "min_ms", "gbs"}) EXPECT_TRUE(v.contains(key)) << key;
  }
  EXPECT_TRUE(j.contains("ms"));
  EXPECT_FALSE(std::filesystem::exists(Path("h.json.part")));
}

TEST_F(LabCli, ReduceWithParamsAndOneVariant) {
  const Outcome o =
      Lab("lab reduce --backend cpu --size 10 --param pattern=constant --param format=rgba8 "
          "--variant openmp --repeat 1 --json '" +
          Path("r.json") + "'");
  ASSERT_EQ(o.code, 0) << o.err;
  const json j = ReadJson("r.json");
  EXPECT_EQ(j.at("sum"), 128u * 400u);
  EXPECT_EQ(j.at("format"), "rgba8");
  ASSERT_EQ(j.at("variants").size(), 1u);
  EXPECT_EQ(j["variants"][0].at("id"), "openmp");
}

TEST_F(LabCli, DeviceOnTheCpuBackendSaysWhy) {
  const Outcome o = Lab("lab device --backend cpu --json '" + Path("d.json") + "'");
  ASSERT_EQ(o.code, 0) << o.err;
  const json j = ReadJson("d.json");
  EXPECT_EQ(j.at("lab"), "device");
  EXPECT_EQ(j.at("backend"), "cpu");
  EXPECT_TRUE(j.at("cuda_available").is_boolean());
  EXPECT_FALSE(j.at("reason").get<std::string>().empty());
  EXPECT_GE(j.at("host").at("hardware_threads").get<int>(), 0);
  EXPECT_NE(o.out.find("CPU backend"), std::string::npos) << o.out;
}

TEST_F(LabCli, BadInputIsOneErrorLineAndExitTwo) {
  ExpectRefused("lab histogram --backend cpu --size 0", "--size 0");
  ExpectRefused("lab histogram --backend cpu --size -3", "--size -3");
  ExpectRefused("lab histogram --backend cpu --size 8193", "8193");
  ExpectRefused("lab histogram --backend cpu --size 99999999999", "size");
  ExpectRefused("lab nosuchlab --backend cpu", "unknown lab 'nosuchlab'");
  ExpectRefused("lab histogram --backend cpu --variant nope", "no variant 'nope'");
  ExpectRefused("lab histogram --backend cpu --variant shared_atomics", "runs on cuda");
  ExpectRefused("lab histogram --backend cpu --param nope=1", "no parameter 'nope'");
  ExpectRefused("lab histogram --backend cpu --param pattern=zebra", "zebra");
  ExpectRefused("lab histogram --backend cpu --param pattern", "key=value");
  ExpectRefused("lab reduce --backend cpu --repeat 0", "repeat");
  ExpectRefused("lab reduce --backend cpu --input '" + Path("missing.png") + "'", "missing.png");
  ExpectRefused("lab device --backend cpu --input '" + Path("missing.png") + "'", "takes no --input");
  ExpectRefused("lab histogram --backend tpu", "tpu");
  // Once silently the last value, or the image instead of --size; and CLI11's own words for a bad number.
  ExpectRefused("lab histogram --backend cpu --param pattern=noise --param pattern=constant",
                "--param pattern is given more than once");
  ExpectRefused("lab keypoints --backend cpu --input '" + test::AssetPath("camera.png") + "' --size 64",
                "either --input or --size");
  ExpectRefused("lab reduce --backend cpu --repeat 1e3", "--repeat: '1e3' is not a value it takes");
}

TEST_F(LabCli, AJsonPathInAMissingFolderIsRefusedBeforeTheRun) {
  const Outcome o = Lab("lab reduce --backend cpu --size 8 --json '" + Path("no/such/folder/r.json") + "'");
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_EQ(o.err.rfind("error: --json", 0), 0u) << o.err;
  EXPECT_EQ(o.out, "") << "the lab ran although its JSON could not be written";
}

TEST_F(LabCli, AnUnreadableImageIsRefused) {
  std::ofstream(Path("junk.png")) << "not a png";
  ExpectRefused("lab histogram --backend cpu --input '" + Path("junk.png") + "'", "junk.png");
}

TEST_F(LabCli, ListShowsTheLabs) {
  const Outcome text = Lab("list");
  ASSERT_EQ(text.code, 0) << text.err;
  const auto labs_at = text.out.find("\nlabs:\n");
  ASSERT_NE(labs_at, std::string::npos);
  for (const LabSpec& lab : LabRegistry()) {
    EXPECT_NE(text.out.find("\n" + lab.id + " - ", labs_at), std::string::npos) << lab.id;
    for (const auto& v : lab.variants)
      EXPECT_NE(text.out.find("variant " + v.id, labs_at), std::string::npos);
  }
  // `list --json` stays the array of filters that scripts parse; the labs have their own.
  const Outcome filters = Lab("list --json");
  ASSERT_EQ(filters.code, 0);
  for (const auto& f : json::parse(filters.out)) EXPECT_TRUE(f.contains("accepts")) << f.at("id");
  const Outcome labs = Lab("list --labs --json");
  ASSERT_EQ(labs.code, 0) << labs.err;
  const json j = json::parse(labs.out);
  ASSERT_EQ(j.size(), LabRegistry().size());
  for (std::size_t i = 0; i < j.size(); ++i) {
    EXPECT_EQ(j[i].at("id"), LabRegistry()[i].id);
    EXPECT_EQ(j[i].at("variants").size(), LabRegistry()[i].variants.size());
  }
}

TEST_F(LabCli, LabWithoutANameListsTheLabs) {
  for (const char* args : {"lab", "lab --list"}) {
    const Outcome o = Lab(args);
    ASSERT_EQ(o.code, 0) << args << "\n" << o.err;
    for (const char* id : {"histogram", "reduce", "device"})
      EXPECT_NE(o.out.find(std::string(id) + " - "), std::string::npos) << args << ": " << id;
  }
}

}  // namespace
}  // namespace fl
