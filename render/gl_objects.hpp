#pragma once
// Move-only owners of GL handles: texture, shader, program, framebuffer, renderbuffer, vertex array, buffer,
// query, memory object. They must be destroyed while their context is current (the owners of the context outlive
// them by construction: the window/context object is created first and destroyed last).
#include <string_view>
#include <utility>

#include "render/gl.hpp"

namespace fl::render {

template <typename Derived>
class GlHandle {
 public:
  GlHandle() = default;
  GlHandle(const GlHandle&) = delete;
  GlHandle& operator=(const GlHandle&) = delete;
  GlHandle(GlHandle&& o) noexcept : id_(std::exchange(o.id_, 0u)) {}
  GlHandle& operator=(GlHandle&& o) noexcept {
    if (this != &o) {
      Reset();
      id_ = std::exchange(o.id_, 0u);
    }
    return *this;
  }
  ~GlHandle() { Reset(); }
  void Reset() noexcept {
    if (id_ != 0) Derived::Delete(id_);
    id_ = 0;
  }
  GLuint get() const { return id_; }
  explicit operator bool() const { return id_ != 0; }

 protected:
  explicit GlHandle(GLuint id) : id_(id) {}
  GLuint id_ = 0;
};

class GlTexture : public GlHandle<GlTexture> {
 public:
  GlTexture() = default;
  static GlTexture Create();
  static void Delete(GLuint id) noexcept { glDeleteTextures(1, &id); }

 private:
  using GlHandle::GlHandle;
};

class GlShader : public GlHandle<GlShader> {
 public:
  GlShader() = default;
  // Compiles; throws RuntimeError with the compiler log naming `name`.
  static GlShader Compile(GLenum type, std::string_view source, const char* name);
  static void Delete(GLuint id) noexcept { glDeleteShader(id); }

 private:
  using GlHandle::GlHandle;
};

class GlProgram : public GlHandle<GlProgram> {
 public:
  GlProgram() = default;
  // Links a vertex and a fragment shader; throws RuntimeError with the linker log.
  static GlProgram Link(const GlShader& vertex, const GlShader& fragment, const char* name);
  static void Delete(GLuint id) noexcept { glDeleteProgram(id); }
  GLint Uniform(const char* name) const { return glGetUniformLocation(id_, name); }

 private:
  using GlHandle::GlHandle;
};

class GlFramebuffer : public GlHandle<GlFramebuffer> {
 public:
  GlFramebuffer() = default;
  static GlFramebuffer Create();
  static void Delete(GLuint id) noexcept { glDeleteFramebuffers(1, &id); }

 private:
  using GlHandle::GlHandle;
};

class GlRenderbuffer : public GlHandle<GlRenderbuffer> {
 public:
  GlRenderbuffer() = default;
  static GlRenderbuffer Create();
  static void Delete(GLuint id) noexcept { glDeleteRenderbuffers(1, &id); }

 private:
  using GlHandle::GlHandle;
};

class GlVertexArray : public GlHandle<GlVertexArray> {
 public:
  GlVertexArray() = default;
  static GlVertexArray Create();
  static void Delete(GLuint id) noexcept { glDeleteVertexArrays(1, &id); }

 private:
  using GlHandle::GlHandle;
};

class GlBuffer : public GlHandle<GlBuffer> {
 public:
  GlBuffer() = default;
  static GlBuffer Create();
  static void Delete(GLuint id) noexcept { glDeleteBuffers(1, &id); }

 private:
  using GlHandle::GlHandle;
};

class GlQuery : public GlHandle<GlQuery> {
 public:
  GlQuery() = default;
  static GlQuery Create();
  static void Delete(GLuint id) noexcept { glDeleteQueries(1, &id); }

 private:
  using GlHandle::GlHandle;
};

// A GL fence (sync object) after the commands issued so far. Move-only; deleted with its owner.
class GlFence {
 public:
  GlFence() = default;
  static GlFence Insert();  // throws RuntimeError when GL makes none
  GlFence(const GlFence&) = delete;
  GlFence& operator=(const GlFence&) = delete;
  GlFence(GlFence&& o) noexcept : sync_(std::exchange(o.sync_, nullptr)) {}
  GlFence& operator=(GlFence&& o) noexcept {
    if (this != &o) {
      Reset();
      sync_ = std::exchange(o.sync_, nullptr);
    }
    return *this;
  }
  ~GlFence() { Reset(); }
  void Reset() noexcept {
    if (sync_) glDeleteSync(sync_);
    sync_ = nullptr;
  }
  explicit operator bool() const { return sync_ != nullptr; }
  // Whether the GPU has passed the fence, without waiting (and without flushing).
  bool Passed() const;
  // Flushes and waits until the GPU has passed the fence; throws RuntimeError after `timeout_ns` or on failure.
  void Wait(GLuint64 timeout_ns) const;

 private:
  GLsync sync_ = nullptr;
};

// Memory imported from another API (GL_EXT_memory_object); only where the context offers that extension.
class GlMemoryObject : public GlHandle<GlMemoryObject> {
 public:
  GlMemoryObject() = default;
  static GlMemoryObject Create();
  static void Delete(GLuint id) noexcept { glDeleteMemoryObjectsEXT(1, &id); }

 private:
  using GlHandle::GlHandle;
};

}  // namespace fl::render
