#pragma once
// The one way into OpenGL: glad's 3.3 core loader (generated at build time). Include this, never <GL/gl.h>.
#include <glad/gl.h>

#include <string>

namespace fl::render {

// Loads the GL entry points through `get_proc` (glfwGetProcAddress or eglGetProcAddress) for the current
// context; throws RuntimeError when the context is not OpenGL 3.3 core or better.
void LoadGl(GLADloadfunc get_proc);

// "4.6.0 NVIDIA 580.159.04 / NVIDIA H100 80GB HBM3": what the current context runs on.
std::string GlDescription();
// The renderer string alone (GL_RENDERER), e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
std::string GlRenderer();
// GL_MAX_TEXTURE_SIZE of the current context.
int MaxTextureSize();

// Throws RuntimeError("<what>: GL error 0x0502") when glGetError reports one (draining every queued error).
void CheckGl(const char* what);

}  // namespace fl::render
