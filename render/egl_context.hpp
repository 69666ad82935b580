#pragma once
// A headless OpenGL 3.3 core context through EGL's device platform (EGL_EXT_platform_device): how a GPU server
// does OpenGL without an X server, with CUDA-GL interop on the same GPU. No window: draw into an FBO.
#include <memory>
#include <string>

namespace fl::render {

class EglContext {
 public:
  // Enumerates EGL devices (EGL_EXT_device_enumeration), prefers the one that is CUDA device `cuda_device`
  // (EGL_NV_device_cuda), then any hardware device, then a software one; creates a surfaceless (or 1x1 pbuffer)
  // context, makes it current and loads GL. Throws RuntimeError saying which step failed.
  static std::unique_ptr<EglContext> Create(int cuda_device);
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;
  ~EglContext();

  // "EGL device 0 of 2 (EGL_NV_device_cuda, CUDA device 0)".
  const std::string& description() const { return description_; }

 private:
  EglContext() = default;
  // Creates a 3.3 core context (surfaceless, or on a 1x1 pbuffer) on display_ and makes it current; on failure
  // releases what it made and says why.
  bool MakeCurrent(bool surfaceless, std::string& why);
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  void* surface_ = nullptr;  // EGLSurface, only when surfaceless contexts are not offered
  std::string description_;
};

}  // namespace fl::render
