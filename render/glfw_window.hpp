#pragma once
// The desktop window: GLFW with an OpenGL 3.3 core context (loaded through glad), or a hidden one for headless
// screenshots where EGL's device platform is not available (e.g. under Xvfb with Mesa).
#include <memory>
#include <string>

struct GLFWwindow;

namespace fl::render {

class GlfwWindow {
 public:
  // Initialises GLFW (once per window), creates the window and its context, makes it current and loads GL.
  // Throws RuntimeError with GLFW's own description when any step fails (e.g. no display).
  static std::unique_ptr<GlfwWindow> Create(int width, int height, const std::string& title, bool visible);
  GlfwWindow(const GlfwWindow&) = delete;
  GlfwWindow& operator=(const GlfwWindow&) = delete;
  ~GlfwWindow();

  GLFWwindow* get() const { return window_; }
  // The monitor's content scale (1 on ordinary screens, 2 on HiDPI ones): the UI scales its font by it.
  float ContentScale() const;
  const std::string& description() const { return description_; }

 private:
  GlfwWindow() = default;
  GLFWwindow* window_ = nullptr;
  std::string description_;
};

// The last GLFW error text ("X11: The DISPLAY environment variable is missing"), or "" when none.
std::string LastGlfwError();

}  // namespace fl::render
