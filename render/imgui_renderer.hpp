#pragma once
// Draws ImGui's draw lists with OpenGL 3.3 core through glad. Our own (small) renderer instead of the packaged
// imgui_impl_opengl3: that one loads GL through libGL.so.1 and GLX, which a headless EGL context on a GPU server
// may not have; this one uses whatever loader the context was loaded with, so the window and the headless
// screenshot draw through the same code.
#include <imgui.h>

#include "render/gl_objects.hpp"

namespace fl::render {

// Sets `uniform` to the orthographic projection of ImGui's display rectangle onto clip space (y down): what every
// program drawing ImGui vertices needs (the renderer's own, and the split view's).
void SetImGuiProjection(GLint uniform, const ImDrawData& data);

class ImGuiRenderer {
 public:
  // Needs a current GL context and an ImGui context whose fonts are added (the atlas is built here).
  ImGuiRenderer();
  ImGuiRenderer(const ImGuiRenderer&) = delete;
  ImGuiRenderer& operator=(const ImGuiRenderer&) = delete;
  ~ImGuiRenderer();

  // Rebuilds the font texture after fonts changed (e.g. a new UI scale).
  void RebuildFontTexture();
  // Draws into the currently bound framebuffer of `fb_width` x `fb_height` pixels.
  void Render(const ImDrawData* data, int fb_width, int fb_height);

 private:
  void SetupState(const ImDrawData* data, int fb_width, int fb_height);

  GlProgram program_;
  GLint projection_ = -1;
  GLint texture_unit_ = -1;
  GlVertexArray vao_;
  GlBuffer vertices_;
  GlBuffer indices_;
  GlTexture font_;
};

// How an OpenGL texture name travels through ImGui::Image.
inline ImTextureID ToImTexture(GLuint texture) {
  return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture));
}

}  // namespace fl::render
