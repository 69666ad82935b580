#pragma once
// `filterlab --script FILE`: a script of lab actions (app/ui/lab_script.hpp) played in the window (for
// demonstrations: the person takes over when it ends), or with --headless offscreen until it ends (the soak
// test). Either way one line sums it up at the end: actions, refusals, errors the lab reported, frames, peak
// memory and, on CUDA, the device memory in use before and after.
#include <string>

#include "app/ui/gui_app.hpp"

namespace fl::app {

struct ScriptRunOptions {
  std::string script;           // the file
  bool headless = false;        // offscreen (EGL or a hidden GLFW window), ending with the script
  std::string gl = "auto";      // headless context: auto, egl or glfw
  std::string window = "1280x800";
  ui::GuiOptions gui;           // image, preset, stages, backend, interop, UI scale
};

// Returns 0 when the script ran to its end (whatever the lab refused or reported on the way), 1 when the lab's
// state broke one of its rules. Throws InputError for a script that does not parse (nothing runs then).
int RunScript(const ScriptRunOptions& o);

}  // namespace fl::app
