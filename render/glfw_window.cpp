#include "render/glfw_window.hpp"

// glad first: GLFW must not pull in the system GL header.
#include "render/gl.hpp"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "core/error.hpp"

namespace fl::render {
namespace {

std::string g_last_error;  // GLFW reports errors through a C callback; the text is read right after the call

void OnGlfwError(int code, const char* text) {
  g_last_error = std::string(text ? text : "unknown") + " (GLFW error " + std::to_string(code) + ")";
}

}  // namespace

std::string LastGlfwError() { return g_last_error; }

std::unique_ptr<GlfwWindow> GlfwWindow::Create(int width, int height, const std::string& title, bool visible) {
  glfwSetErrorCallback(OnGlfwError);
  g_last_error.clear();
  if (!glfwInit()) throw RuntimeError("cannot open a window: " + g_last_error);
  std::unique_ptr<GlfwWindow> w(new GlfwWindow());  // from here the destructor calls glfwTerminate
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);  // HiDPI: window size in screen coordinates follows the scale
  w->window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!w->window_) throw RuntimeError("cannot create an OpenGL 3.3 core window: " + g_last_error);
  glfwMakeContextCurrent(w->window_);
  glfwSwapInterval(1);
  LoadGl(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress));
  w->description_ = std::string("GLFW ") + (visible ? "window" : "hidden window");
  return w;
}

GlfwWindow::~GlfwWindow() {
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

float GlfwWindow::ContentScale() const {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window_, &x, &y);
  return x > 0.0f ? x : 1.0f;
}

}  // namespace fl::render
