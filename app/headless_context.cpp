#include "app/headless_context.hpp"

#include <imgui.h>

#include "app/ui/lab.hpp"
#include "app/ui/ui_style.hpp"
#include "core/error.hpp"
#include "core/size_text.hpp"
#include "render/egl_context.hpp"
#include "render/gl.hpp"
#include "render/glfw_window.hpp"
#include "render/imgui_renderer.hpp"
#include "render/offscreen_target.hpp"

namespace fl::app {

HeadlessContext::HeadlessContext() = default;
HeadlessContext::HeadlessContext(HeadlessContext&&) noexcept = default;
HeadlessContext::~HeadlessContext() = default;

HeadlessContext MakeHeadlessContext(const std::string& which) {
  if (which != "auto" && which != "egl" && which != "glfw")
    throw InputError("--gl '" + which + "' is not auto, egl or glfw");
  HeadlessContext c;
  std::string egl_failure;
  if (which != "glfw") {
    try {
      c.egl = render::EglContext::Create(0);
      c.description = c.egl->description();
      return c;
    } catch (const RuntimeError& e) {
      if (which == "egl") throw;
      egl_failure = e.what();
    }
  }
  try {
    c.glfw = render::GlfwWindow::Create(64, 64, "Filter Lab (headless)", false);
    c.description = c.glfw->description();
    return c;
  } catch (const RuntimeError& e) {
    throw RuntimeError(std::string("no OpenGL context for a headless frame: ") + e.what() +
                       (egl_failure.empty() ? "" : "; EGL: " + egl_failure));
  }
}

void ParseWindowSize(const std::string& text, const std::string& option, int& w, int& h) {
  const auto wh = ParseWxH(text);
  if (!wh) throw InputError(option + " '" + text + "' is not WxH (e.g. 1280x800)");
  w = (*wh)[0];
  h = (*wh)[1];
  if (w < 320 || h < 200 || w > 16384 || h > 16384)
    throw InputError(option + " " + text + " is outside 320x200 .. 16384x16384");
}

void SetUpHeadlessImGui(int width, int height, float ui_scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // a headless frame never reads or writes the person's layout
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  io.BackendPlatformName = "filterlab_headless";
  ui::SetupLookAndFeel(ui_scale);
}

void DrawHeadlessFrame(ui::Lab& lab, render::ImGuiRenderer& renderer, render::OffscreenTarget& target, int width,
                       int height) {
  ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
  ImGui::NewFrame();
  lab.Frame();
  ImGui::Render();
  target.Bind();
  glViewport(0, 0, width, height);
  glClearColor(0.09f, 0.10f, 0.12f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  renderer.Render(ImGui::GetDrawData(), width, height);
  lab.NoteFrameDrawn();
}

}  // namespace fl::app
