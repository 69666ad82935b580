#include "app/ui/gui_app.hpp"

#include <imgui.h>
#include <imgui_impl_glfw.h>

#include "render/gl.hpp"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdio>
#include <filesystem>

#include "app/cli/commands.hpp"
#include "app/ui/lab.hpp"
#include "app/ui/script_player.hpp"
#include "app/ui/settings.hpp"
#include "app/ui/ui_style.hpp"
#include "filters/builtin_registry.hpp"
#include "render/glfw_window.hpp"
#include "render/imgui_renderer.hpp"

namespace fl::ui {

ImGuiContextScope::ImGuiContextScope() {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
}
ImGuiContextScope::~ImGuiContextScope() { ImGui::DestroyContext(); }

namespace {

// The GLFW backend of ImGui installs its callbacks first; ours (drop) sits beside them.
void OnDrop(GLFWwindow* window, int count, const char** paths) {
  auto* lab = static_cast<Lab*>(glfwGetWindowUserPointer(window));
  if (!lab) return;
  std::vector<std::string> files(paths, paths + count);
  lab->DropFiles(files);
}

// Key presses are queued for the shortcuts (see KeyPress); ImGui's backend, installed after us, chains to this.
void OnKey(GLFWwindow* window, int key, int /*scancode*/, int action, int mods) {
  auto* lab = static_cast<Lab*>(glfwGetWindowUserPointer(window));
  if (!lab || action == GLFW_RELEASE) return;
  lab->state().key_presses.push_back({key, (mods & GLFW_MOD_CONTROL) != 0, (mods & GLFW_MOD_SHIFT) != 0,
                                      (mods & GLFW_MOD_ALT) != 0, action == GLFW_REPEAT});
}

// The ImGui GLFW backend's set-up and tear-down as one object.
struct GlfwBackendScope {
  explicit GlfwBackendScope(GLFWwindow* w) { ImGui_ImplGlfw_InitForOpenGL(w, true); }
  ~GlfwBackendScope() { ImGui_ImplGlfw_Shutdown(); }
};

}  // namespace

int RunGui(const GuiOptions& o) {
  const Registry& reg = BuiltinRegistry();
  const Backend backend = cli::ChooseBackend(o.backend);
  auto window = render::GlfwWindow::Create(1440, 900, "Filter Lab", true);
  const float scale = o.ui_scale > 0 ? o.ui_scale : window->ContentScale();

  ImGuiContextScope imgui;
  ImGuiIO& io = ImGui::GetIO();
  // The layout lives in the config folder; ImGui keeps a pointer, so the string must outlive the context.
  static std::string layout_path;
  layout_path = o.no_session ? "" : LayoutPath();
  if (!layout_path.empty()) std::filesystem::create_directories(std::filesystem::path(layout_path).parent_path());
  io.IniFilename = layout_path.empty() ? nullptr : layout_path.c_str();
  SetupLookAndFeel(scale);
  glfwSetKeyCallback(window->get(), OnKey);  // before the backend, which keeps and calls it
  GlfwBackendScope glfw_backend(window->get());
  render::ImGuiRenderer renderer;

  Lab lab(reg, backend);
  LabOptions lo;
  lo.image = o.image;
  lo.preset = o.preset;
  lo.stages = o.stages;
  lo.remember_session = !o.no_session;
  lo.allow_interop = !o.no_interop;
  lo.shared_display_storage = !o.interop_map;
  lo.ui_scale = scale;
  lo.gl_description = window->description() + ", " + render::GlDescription();
  lo.max_texture_size = render::MaxTextureSize();
  // A window never stalls on slow CPU work (a wide gauss at 4K takes seconds): a frame waits 20 ms for a reference
  // chain or a CPU backend's run, then shows it running. A scripted window waits, so that every step sees results.
  if (!o.script) lo.reference_wait_s = lo.cpu_run_wait_s = 0.02;
  lab.Start(lo, false);
  glfwSetWindowUserPointer(window->get(), &lab);
  glfwSetDropCallback(window->get(), OnDrop);

  const double start = glfwGetTime();
  int frames = 0;
  std::string titled;  // the image the title names

  while (!glfwWindowShouldClose(window->get()) && !lab.quit_requested()) {
    // Idle, the lab sleeps until something happens (or a tenth of a second passes, for tooltips and progress).
    const bool scripted = o.script && !o.script->finished();
    if (lab.state().continuous || lab.busy() || frames < 3 || scripted)
      glfwPollEvents();
    else
      glfwWaitEventsTimeout(0.1);
    if (scripted) o.script->BeforeFrame(lab);
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    lab.Frame();
    ImGui::Render();
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(window->get(), &fb_w, &fb_h);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(0.09f, 0.10f, 0.12f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer.Render(ImGui::GetDrawData(), fb_w, fb_h);
    lab.NoteFrameDrawn();
    if (scripted) o.script->AfterFrame(lab);
    glfwSwapBuffers(window->get());
    if (lab.state().image_label != titled) {
      titled = lab.state().image_label;
      const std::string name = titled.starts_with("pattern:") ? titled.substr(8)
                                                               : std::filesystem::path(titled).filename().string();
      glfwSetWindowTitle(window->get(), ("Filter Lab - " + name).c_str());
    }
    ++frames;
    // --frames counts on past a load still running, so that its result (or its error) is always seen: on a busy
    // machine five frames can pass before the loader thread reports that a file does not exist.
    if (o.frames > 0 && frames >= o.frames && !lab.busy()) break;
    if (o.quit_after > 0 && glfwGetTime() - start >= o.quit_after) break;
  }
  glfwSetWindowUserPointer(window->get(), nullptr);
  lab.Shutdown();
  std::fprintf(stderr, "filterlab: %d frames, %s, %s\n", frames, lab.state().device_name.c_str(),
               lab.state().interop.c_str());
  return 0;
}

}  // namespace fl::ui
