// The guided lessons: the catalogue parses, every lesson's presets exist in the repository, match what the binary
// embedded, load and run on the CPU backend; every claim names stages that parse (or lab variants that exist);
// `filterlab lessons --json` lists them all.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "app/cli/lessons.hpp"
#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

namespace fs = std::filesystem;

std::string RepoFile(const std::string& relative) {
  std::ifstream f(fs::path(FILTERLAB_SOURCE_DIR) / relative, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(Lessons, AtLeastTenWithUniqueIdsAndEveryField) {
  const std::vector<Lesson>& lessons = cli::BuiltinLessons();
  EXPECT_GE(lessons.size(), 10u);
  std::set<std::string> ids;
  for (const Lesson& l : lessons) {
    EXPECT_TRUE(ids.insert(l.id).second) << l.id;
    EXPECT_FALSE(l.title.empty() || l.text.empty() || l.look_at.empty()) << l.id;
    EXPECT_TRUE(l.preset || l.lab) << l.id;
  }
  for (const char* lab : {"streams", "transfers", "histogram"}) {
    bool named = false;
    for (const Lesson& l : lessons) named |= l.lab && l.lab->id == lab;
    EXPECT_TRUE(named) << "no lesson runs the " << lab << " lab";
  }
}

TEST(Lessons, PresetsExistMatchTheEmbeddedCopyAndRunOnTheCpu) {
  const Registry& reg = BuiltinRegistry();
  const Image input = test::RandomImage(67, 45, PixelFormat::Gray8, 7);
  int ran = 0;
  for (const Lesson& l : cli::BuiltinLessons()) {
    std::optional<Pipeline> a;
    for (const auto& path : {l.preset, l.compare}) {
      if (!path) continue;
      ASSERT_TRUE(fs::is_regular_file(fs::path(FILTERLAB_SOURCE_DIR) / *path)) << l.id << ": " << *path;
      EXPECT_EQ(cli::LessonFileText(*path), RepoFile(*path)) << *path << " differs from the embedded copy: rebuild";
      const Pipeline p = LoadPreset(reg, (fs::path(FILTERLAB_SOURCE_DIR) / *path).string(), Backend::Cpu);
      const CpuRun run = RunPipelineCpu(reg, p, input);
      EXPECT_EQ(run.outputs.size(), p.stages.size()) << *path;
      ++ran;
      if (!a) {
        a = p;
        continue;
      }
      // B is the same chain as A, configured differently (the app keeps B in step with A's stages).
      ASSERT_EQ(p.stages.size(), a->stages.size()) << l.id;
      for (std::size_t i = 0; i < p.stages.size(); ++i) EXPECT_EQ(p.stages[i].filter, a->stages[i].filter) << l.id;
    }
  }
  EXPECT_GE(ran, 8);
}

TEST(Lessons, ClaimsNameStagesThatParseOrLabVariantsThatExist) {
  const Registry& reg = BuiltinRegistry();
  for (const Lesson& l : cli::BuiltinLessons()) {
    const LessonClaim& c = l.claim;
    EXPECT_FALSE(c.statement.empty()) << l.id;
    if (!c.lab.empty()) {
      for (const LabSpec& lab : LabRegistry()) {
        if (lab.id != c.lab) continue;  // a lab not built yet is checked once it is registered
        std::set<std::string> variants;
        for (const LabVariantSpec& v : lab.variants) variants.insert(v.id);
        EXPECT_TRUE(variants.count(c.faster)) << l.id << ": lab " << c.lab << " has no variant " << c.faster;
        EXPECT_TRUE(variants.count(c.slower)) << l.id << ": lab " << c.lab << " has no variant " << c.slower;
      }
      continue;
    }
    for (const std::string& spec : {c.faster, c.slower}) {
      const Stage s = ParseStageSpec(reg, spec, Backend::Cuda);
      EXPECT_NE(reg.Get(s.filter).FindVariant(s.variant), nullptr) << spec;
    }
    EXPECT_NE(c.faster, c.slower) << l.id;
  }
}

TEST(Lessons, TheParserRefusesBrokenCatalogues) {
  const std::string claim = R"("claim": {"statement": "s", "faster": "gauss3", "slower": "gauss3:variant=smem"})";
  const std::string one = R"({"id": "x", "title": "t", "text": "t", "look_at": "l", "preset": "lessons/a.json", )" + claim + "}";
  EXPECT_EQ(ParseLessons(R"({"lessons": [)" + one + "]}").size(), 1u);
  EXPECT_THROW(ParseLessons(R"({"lessons": [)" + one + "," + one + "]}"), InputError);  // id twice
  EXPECT_THROW(ParseLessons(R"({"lessons": [{"id": "x", "title": "t", "text": "t", "look_at": "l", )" + claim + "}]}"),
               InputError);  // neither preset nor lab
  EXPECT_THROW(ParseLessons(R"({"lessons": [{"id": "x", "title": "t", "text": "t", "look_at": "l", "preset": "p"}]})"),
               InputError);  // no claim
  EXPECT_THROW(ParseLessons("{"), InputError);
  EXPECT_THROW(cli::LessonFileText("docs/ARCHITECTURE.md"), InputError);
  EXPECT_THROW(cli::GetLesson("no_such_lesson"), InputError);
}

TEST(Lessons, CommandListsThemAsJsonWithExistingPresetPaths) {
  FILE* pipe = popen((std::string("'") + FILTERLAB_EXE + "' lessons --json").c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  ASSERT_EQ(pclose(pipe), 0);
  const nlohmann::json j = nlohmann::json::parse(out);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), cli::BuiltinLessons().size());
  for (const auto& l : j) {
    for (const char* key : {"id", "title", "text"}) EXPECT_TRUE(l[key].is_string()) << key;
    ASSERT_TRUE(l.contains("preset"));
    if (!l["preset"].is_null())
      EXPECT_TRUE(fs::is_regular_file(fs::path(FILTERLAB_SOURCE_DIR) / l["preset"].get<std::string>()));
    else
      EXPECT_TRUE(l["lab"].is_object()) << l["id"];
  }
}

}  // namespace
}  // namespace fl
