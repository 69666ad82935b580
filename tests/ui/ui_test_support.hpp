#pragma once
// Running the filterlab executable from the UI tests: with a display when there is one (CI wraps ctest in
// xvfb-run), else each launch wrapped in xvfb-run; a scratch folder per test.
#include <filesystem>
#include <initializer_list>
#include <string>

#include "core/image.hpp"
#include "core/pipeline.hpp"

namespace fl::uitest {

struct Outcome {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs `args` (already shell-quoted) after the filterlab path ($FILTERLAB_EXE, else the one built), with `env`
// (e.g. "XDG_CONFIG_HOME=/tmp/x") prefixed; `needs_x` wraps it in xvfb-run when no DISPLAY is set.
Outcome RunFilterlab(const std::string& args, bool needs_x, const std::string& env = "");
// True when a window can be opened: DISPLAY is set or xvfb-run is installed.
bool CanOpenWindows();
// Skips the calling test, saying why, where it cannot open a window (the GPU machine has neither).
#define FL_SKIP_WITHOUT_WINDOWS()                                       \
  do {                                                                  \
    if (!::fl::uitest::CanOpenWindows())                                \
      GTEST_SKIP() << "no DISPLAY and no xvfb-run: cannot open a window"; \
  } while (false)

// A fresh, empty folder named after the running test.
std::filesystem::path ScratchDir();
std::string Quote(const std::string& s);
// Distinct colours in a sparse sample of an rgba8 frame (every 3rd pixel): a blank frame has one or two.
std::size_t DistinctColours(const Image& img);
// A pipeline of the built-in registry from stage specs (CLI syntax), e.g. {"gauss:variant=openmp:radius=3"}.
Pipeline Chain(std::initializer_list<const char*> specs);

}  // namespace fl::uitest
