#pragma once
// What a lab drawn without a visible window needs: an OpenGL context (an EGL device, else a hidden GLFW window),
// ImGui set up for it, and one frame drawn into an offscreen target. The screenshot (screenshot.cpp) and the
// headless script run (script_run.cpp) share it.
#include <memory>
#include <string>

namespace fl::render {
class EglContext;
class GlfwWindow;
class ImGuiRenderer;
class OffscreenTarget;
}  // namespace fl::render

namespace fl::ui {
class Lab;
}  // namespace fl::ui

namespace fl::app {

// Whichever context could be made; the other stays empty.
struct HeadlessContext {
  std::unique_ptr<render::EglContext> egl;
  std::unique_ptr<render::GlfwWindow> glfw;
  std::string description;
  HeadlessContext();
  HeadlessContext(HeadlessContext&&) noexcept;
  ~HeadlessContext();
};

// `which`: auto (EGL first: it needs no display server and, on a GPU server, shares the GPU with CUDA), egl or
// glfw. Throws InputError for another name, RuntimeError when no context can be made.
HeadlessContext MakeHeadlessContext(const std::string& which);

// "WxH" within 320x200 .. 16384x16384 (InputError naming `option` otherwise).
void ParseWindowSize(const std::string& text, const std::string& option, int& w, int& h);

// ImGui for a frame of width x height with no layout file and no platform backend.
void SetUpHeadlessImGui(int width, int height, float ui_scale);

// One UI frame of the lab drawn into `target` (ImGui::NewFrame, lab.Frame, ImGui::Render, draw).
void DrawHeadlessFrame(ui::Lab& lab, render::ImGuiRenderer& renderer, render::OffscreenTarget& target, int width,
                       int height);

}  // namespace fl::app
