#include "ui/ui_test_support.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::uitest {

namespace fs = std::filesystem;

static bool HasDisplay() {
  const char* d = std::getenv("DISPLAY");
  return d && *d;
}

static bool HasXvfbRun() { return fs::exists("/usr/bin/xvfb-run"); }

bool CanOpenWindows() { return HasDisplay() || HasXvfbRun(); }

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

Outcome RunFilterlab(const std::string& args, bool needs_x, const std::string& env) {
  std::string cmd = env.empty() ? "" : "env " + env + " ";
  if (needs_x && !HasDisplay()) cmd += "xvfb-run -a -s '-screen 0 1920x1080x24' ";
  // FILTERLAB_EXE in the environment overrides the built path: the GPU machine runs a packed copy elsewhere.
  const char* exe = std::getenv("FILTERLAB_EXE");
  cmd += Quote(exe && *exe ? exe : FILTERLAB_EXE) + " " + args + " 2>&1";
  Outcome o;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return o;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) o.output.append(buf.data(), n);
  const int status = pclose(pipe);
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return o;
}

fs::path ScratchDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::temp_directory_path() / ("filterlab_ui_" + std::string(info->test_suite_name()) + "_" +
                                                    info->name() + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::size_t DistinctColours(const Image& img) {
  std::set<std::uint32_t> colours;
  for (int y = 0; y < img.height(); y += 3)
    for (int x = 0; x < img.width(); x += 3) {
      const std::uint8_t* p = img.Row<std::uint8_t>(y) + 4 * x;
      colours.insert(p[0] | p[1] << 8 | p[2] << 16);
    }
  return colours.size();
}

Pipeline Chain(std::initializer_list<const char*> specs) {
  Pipeline p;
  for (const char* s : specs) p.stages.push_back(ParseStageSpec(BuiltinRegistry(), s, Backend::Cpu));
  return p;
}

}  // namespace fl::uitest
