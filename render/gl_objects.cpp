#include "render/gl_objects.hpp"

#include <string>

#include "core/error.hpp"

namespace fl::render {

GlTexture GlTexture::Create() {
  GLuint id = 0;
  glGenTextures(1, &id);
  if (id == 0) throw RuntimeError("glGenTextures returned no texture");
  return GlTexture(id);
}

GlFence GlFence::Insert() {
  GlFence f;
  f.sync_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!f.sync_) throw RuntimeError("glFenceSync made no fence");
  return f;
}

bool GlFence::Passed() const {
  const GLenum r = glClientWaitSync(sync_, 0, 0);
  return r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED;
}

void GlFence::Wait(GLuint64 timeout_ns) const {
  const GLenum r = glClientWaitSync(sync_, GL_SYNC_FLUSH_COMMANDS_BIT, timeout_ns);
  if (r == GL_TIMEOUT_EXPIRED) throw RuntimeError("GL's work did not finish within the wait's limit");
  if (r != GL_ALREADY_SIGNALED && r != GL_CONDITION_SATISFIED) throw RuntimeError("waiting for a GL fence failed");
}

GlMemoryObject GlMemoryObject::Create() {
  if (!GLAD_GL_EXT_memory_object) throw RuntimeError("the GL context offers no GL_EXT_memory_object");
  GLuint id = 0;
  glCreateMemoryObjectsEXT(1, &id);
  if (id == 0) throw RuntimeError("glCreateMemoryObjectsEXT returned no memory object");
  return GlMemoryObject(id);
}

GlShader GlShader::Compile(GLenum type, std::string_view source, const char* name) {
  const GLuint id = glCreateShader(type);
  if (id == 0) throw RuntimeError(std::string("glCreateShader failed for ") + name);
  GlShader shader(id);
  const char* text = source.data();
  const auto length = static_cast<GLint>(source.size());
  glShaderSource(id, 1, &text, &length);
  glCompileShader(id);
  GLint ok = GL_FALSE;
  glGetShaderiv(id, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    char log[1024] = {};
    glGetShaderInfoLog(id, sizeof log, nullptr, log);
    throw RuntimeError(std::string("shader ") + name + " does not compile: " + log);
  }
  return shader;
}

GlProgram GlProgram::Link(const GlShader& vertex, const GlShader& fragment, const char* name) {
  const GLuint id = glCreateProgram();
  if (id == 0) throw RuntimeError(std::string("glCreateProgram failed for ") + name);
  GlProgram program(id);
  glAttachShader(id, vertex.get());
  glAttachShader(id, fragment.get());
  glLinkProgram(id);
  GLint ok = GL_FALSE;
  glGetProgramiv(id, GL_LINK_STATUS, &ok);
  glDetachShader(id, vertex.get());
  glDetachShader(id, fragment.get());
  if (ok != GL_TRUE) {
    char log[1024] = {};
    glGetProgramInfoLog(id, sizeof log, nullptr, log);
    throw RuntimeError(std::string("program ") + name + " does not link: " + log);
  }
  return program;
}

GlFramebuffer GlFramebuffer::Create() {
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  if (id == 0) throw RuntimeError("glGenFramebuffers returned no framebuffer");
  return GlFramebuffer(id);
}

GlRenderbuffer GlRenderbuffer::Create() {
  GLuint id = 0;
  glGenRenderbuffers(1, &id);
  if (id == 0) throw RuntimeError("glGenRenderbuffers returned no renderbuffer");
  return GlRenderbuffer(id);
}

GlVertexArray GlVertexArray::Create() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  if (id == 0) throw RuntimeError("glGenVertexArrays returned no vertex array");
  return GlVertexArray(id);
}

GlBuffer GlBuffer::Create() {
  GLuint id = 0;
  glGenBuffers(1, &id);
  if (id == 0) throw RuntimeError("glGenBuffers returned no buffer");
  return GlBuffer(id);
}

GlQuery GlQuery::Create() {
  GLuint id = 0;
  glGenQueries(1, &id);
  if (id == 0) throw RuntimeError("glGenQueries returned no query");
  return GlQuery(id);
}

}  // namespace fl::render
