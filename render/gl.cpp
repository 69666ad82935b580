#include "render/gl.hpp"

#include <cstdio>

#include "core/error.hpp"

namespace fl::render {

void LoadGl(GLADloadfunc get_proc) {
  const int version = gladLoadGL(get_proc);
  if (version == 0) throw RuntimeError("could not load the OpenGL entry points of the current context");
  if (GLAD_VERSION_MAJOR(version) < 3 || (GLAD_VERSION_MAJOR(version) == 3 && GLAD_VERSION_MINOR(version) < 3)) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "OpenGL 3.3 core is needed, the context offers %d.%d",
                  GLAD_VERSION_MAJOR(version), GLAD_VERSION_MINOR(version));
    throw RuntimeError(buf);
  }
}

static std::string GlString(GLenum name) {
  const auto* s = reinterpret_cast<const char*>(glGetString(name));
  return s ? s : "?";
}

std::string GlDescription() { return GlString(GL_VERSION) + " / " + GlString(GL_RENDERER); }
std::string GlRenderer() { return GlString(GL_RENDERER); }

int MaxTextureSize() {
  GLint v = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &v);
  return v;
}

void CheckGl(const char* what) {
  GLenum first = glGetError();
  if (first == GL_NO_ERROR) return;
  for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s: GL error 0x%04x", what, static_cast<unsigned>(first));
  throw RuntimeError(buf);
}

}  // namespace fl::render
