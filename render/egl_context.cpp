#include "render/egl_context.hpp"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <algorithm>
#include <cstdio>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "render/gl.hpp"

namespace fl::render {
namespace {

bool HasExtension(const char* list, std::string_view name) {
  if (!list) return false;
  std::string_view all(list);
  std::size_t pos = 0;
  while ((pos = all.find(name, pos)) != std::string_view::npos) {
    const bool starts = pos == 0 || all[pos - 1] == ' ';
    const bool ends = pos + name.size() == all.size() || all[pos + name.size()] == ' ';
    if (starts && ends) return true;
    pos += name.size();
  }
  return false;
}

std::string EglErrorText(const char* what) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%s failed (EGL error 0x%04x)", what, static_cast<unsigned>(eglGetError()));
  return buf;
}

template <typename Fn>
Fn Proc(const char* name) {
  return reinterpret_cast<Fn>(eglGetProcAddress(name));
}

struct Candidate {
  EGLDeviceEXT device;
  int index;
  int rank;  // lower is better
  std::string note;
};

}  // namespace

bool EglContext::MakeCurrent(bool surfaceless, std::string& why) {
  auto display = static_cast<EGLDisplay>(display_);
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE, surfaceless ? 0 : EGL_PBUFFER_BIT,
                                   EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                   EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                                   EGL_NONE};
  EGLConfig config{};
  EGLint configs = 0;
  if (!eglChooseConfig(display, config_attribs, &config, 1, &configs) || configs < 1) {
    why = std::string("no RGBA8 OpenGL config") + (surfaceless ? "" : " with pbuffers");
    return false;
  }
  const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
  if (context == EGL_NO_CONTEXT) {
    why = EglErrorText("eglCreateContext(OpenGL 3.3 core)");
    return false;
  }
  EGLSurface surface = EGL_NO_SURFACE;
  if (!surfaceless) {
    const EGLint pbuffer_attribs[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
    surface = eglCreatePbufferSurface(display, config, pbuffer_attribs);
    if (surface == EGL_NO_SURFACE) {
      why = EglErrorText("eglCreatePbufferSurface");
      eglDestroyContext(display, context);
      return false;
    }
  }
  if (!eglMakeCurrent(display, surface, surface, context)) {
    why = EglErrorText(surfaceless ? "eglMakeCurrent(surfaceless)" : "eglMakeCurrent(pbuffer)");
    if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
    eglDestroyContext(display, context);
    return false;
  }
  context_ = context;
  surface_ = surface == EGL_NO_SURFACE ? nullptr : surface;
  return true;
}

std::unique_ptr<EglContext> EglContext::Create(int cuda_device) {
  const char* client_ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!HasExtension(client_ext, "EGL_EXT_device_enumeration") && !HasExtension(client_ext, "EGL_EXT_device_base"))
    throw RuntimeError("EGL offers no device enumeration (EGL_EXT_device_enumeration)");
  if (!HasExtension(client_ext, "EGL_EXT_platform_device"))
    throw RuntimeError("EGL offers no device platform (EGL_EXT_platform_device)");
  auto query_devices = Proc<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
  auto query_device_string = Proc<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
  auto query_device_attrib = Proc<PFNEGLQUERYDEVICEATTRIBEXTPROC>("eglQueryDeviceAttribEXT");
  auto get_platform_display = Proc<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
  if (!query_devices || !get_platform_display) throw RuntimeError("EGL device functions are missing");

  EGLint count = 0;
  if (!query_devices(0, nullptr, &count) || count <= 0) throw RuntimeError("EGL found no device");
  std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count));
  if (!query_devices(count, devices.data(), &count)) throw RuntimeError(EglErrorText("eglQueryDevicesEXT"));

  // Rank the devices: the CUDA device itself (interop needs GL and CUDA on one GPU), other hardware, software.
  std::vector<Candidate> candidates;
  for (EGLint i = 0; i < count; ++i) {
    const char* ext = query_device_string ? query_device_string(devices[i], EGL_EXTENSIONS) : nullptr;
    Candidate c{devices[i], i, 2, "hardware"};
    if (HasExtension(ext, "EGL_MESA_device_software")) {
      c.rank = 3;
      c.note = "software";
    }
    if (HasExtension(ext, "EGL_NV_device_cuda") && query_device_attrib) {
      EGLAttrib cuda = -1;
      if (query_device_attrib(devices[i], EGL_CUDA_DEVICE_NV, &cuda)) {
        c.note = "CUDA device " + std::to_string(cuda);
        c.rank = cuda == cuda_device ? 0 : 1;
      }
    }
    candidates.push_back(c);
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });

  std::string failures;
  for (const Candidate& c : candidates) {
    std::unique_ptr<EglContext> ctx(new EglContext());
    EGLDisplay display = get_platform_display(EGL_PLATFORM_DEVICE_EXT, c.device, nullptr);
    EGLint major = 0, minor = 0;
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) {
      failures += " device " + std::to_string(c.index) + ": " + EglErrorText("eglInitialize") + ";";
      continue;
    }
    ctx->display_ = display;
    if (!eglBindAPI(EGL_OPENGL_API)) {
      failures += " device " + std::to_string(c.index) + ": " + EglErrorText("eglBindAPI(OpenGL)") + ";";
      continue;
    }
    // Surfaceless when offered (we draw into our own framebuffer anyway), else a 1x1 pbuffer; a driver that
    // offers surfaceless but fails it gets the pbuffer too.
    const bool offers_surfaceless =
        HasExtension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
    bool surfaceless = false;
    std::string why;
    for (const bool try_surfaceless : {true, false}) {
      if (try_surfaceless && !offers_surfaceless) continue;
      if (ctx->MakeCurrent(try_surfaceless, why)) {
        surfaceless = try_surfaceless;
        why.clear();
        break;
      }
    }
    if (!why.empty()) {
      failures += " device " + std::to_string(c.index) + ": " + why + ";";
      continue;
    }
    LoadGl(reinterpret_cast<GLADloadfunc>(eglGetProcAddress));
    ctx->description_ = "EGL " + std::to_string(major) + "." + std::to_string(minor) + " device " +
                        std::to_string(c.index) + " of " + std::to_string(count) + " (" + c.note +
                        (surfaceless ? ", surfaceless" : ", pbuffer") + ")";
    return ctx;
  }
  throw RuntimeError("no EGL device gave an OpenGL 3.3 core context:" + failures);
}

EglContext::~EglContext() {
  if (!display_) return;
  auto display = static_cast<EGLDisplay>(display_);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (surface_) eglDestroySurface(display, static_cast<EGLSurface>(surface_));
  if (context_) eglDestroyContext(display, static_cast<EGLContext>(context_));
  eglTerminate(display);
}

}  // namespace fl::render
