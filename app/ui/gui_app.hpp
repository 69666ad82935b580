#pragma once
// The desktop lab: a GLFW window, ImGui, and the Lab.
#include <string>
#include <vector>

namespace fl::ui {

class ScriptPlayer;

struct GuiOptions {
  std::string image;                // a path or pattern:NAME:WxH[:FORMAT]
  std::string preset;
  std::vector<std::string> stages;
  std::string backend;              // "", "cuda" or "cpu"
  float ui_scale = 0;               // 0: the monitor's content scale
  int frames = 0;                   // > 0: quit after this many frames (tests)
  double quit_after = 0;            // > 0: quit after this many seconds (tests)
  bool no_interop = false;          // force the upload path
  bool interop_map = false;         // interop by a map per write, not by shared storage
  bool no_session = false;          // neither read nor write the remembered session
  ScriptPlayer* script = nullptr;   // --script: played one action per frame, then the person takes over
};

// Runs until the window closes; returns the exit code (0, or 3 when no window can be opened).
int RunGui(const GuiOptions& o);

// Creates and destroys the ImGui context (mirrored set-up and tear-down).
class ImGuiContextScope {
 public:
  ImGuiContextScope();
  ~ImGuiContextScope();
  ImGuiContextScope(const ImGuiContextScope&) = delete;
  ImGuiContextScope& operator=(const ImGuiContextScope&) = delete;
};

}  // namespace fl::ui
