#include "render/imgui_renderer.hpp"

#include <cstddef>
#include <cstdint>

#include "filterlab_shaders_embedded.hpp"

namespace fl::render {

void SetImGuiProjection(GLint uniform, const ImDrawData& data) {
  const float l = data.DisplayPos.x, r = data.DisplayPos.x + data.DisplaySize.x;
  const float t = data.DisplayPos.y, b = data.DisplayPos.y + data.DisplaySize.y;
  const float ortho[4][4] = {
      {2.0f / (r - l), 0.0f, 0.0f, 0.0f},
      {0.0f, 2.0f / (t - b), 0.0f, 0.0f},
      {0.0f, 0.0f, -1.0f, 0.0f},
      {(r + l) / (l - r), (t + b) / (b - t), 0.0f, 1.0f},
  };
  glUniformMatrix4fv(uniform, 1, GL_FALSE, &ortho[0][0]);
}

ImGuiRenderer::ImGuiRenderer() {
  const GlShader vs = GlShader::Compile(GL_VERTEX_SHADER, shaders::imgui_vert, "imgui.vert");
  const GlShader fs = GlShader::Compile(GL_FRAGMENT_SHADER, shaders::imgui_frag, "imgui.frag");
  program_ = GlProgram::Link(vs, fs, "imgui");
  projection_ = program_.Uniform("u_projection");
  texture_unit_ = program_.Uniform("u_texture");

  vao_ = GlVertexArray::Create();
  vertices_ = GlBuffer::Create();
  indices_ = GlBuffer::Create();
  glBindVertexArray(vao_.get());
  glBindBuffer(GL_ARRAY_BUFFER, vertices_.get());
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.get());
  const auto stride = static_cast<GLsizei>(sizeof(ImDrawVert));
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, col)));
  glBindVertexArray(0);

  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = "filterlab_gl33";
  // We honour ImDrawCmd::VtxOffset (glDrawElementsBaseVertex), so meshes may exceed 64k vertices.
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
  RebuildFontTexture();
  CheckGl("ImGui renderer setup");
}

ImGuiRenderer::~ImGuiRenderer() {
  if (ImGui::GetCurrentContext()) ImGui::GetIO().Fonts->SetTexID(ImTextureID{});
}

void ImGuiRenderer::RebuildFontTexture() {
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  font_ = GlTexture::Create();
  glBindTexture(GL_TEXTURE_2D, font_.get());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  glBindTexture(GL_TEXTURE_2D, 0);
  io.Fonts->SetTexID(ToImTexture(font_.get()));
  CheckGl("ImGui font texture");
}

void ImGuiRenderer::SetupState(const ImDrawData* data, int fb_width, int fb_height) {
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glViewport(0, 0, fb_width, fb_height);
  glUseProgram(program_.get());
  glUniform1i(texture_unit_, 0);
  SetImGuiProjection(projection_, *data);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(vao_.get());
  glBindBuffer(GL_ARRAY_BUFFER, vertices_.get());
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.get());
}

void ImGuiRenderer::Render(const ImDrawData* data, int fb_width, int fb_height) {
  if (!data || fb_width <= 0 || fb_height <= 0 || data->DisplaySize.x <= 0 || data->DisplaySize.y <= 0) return;
  SetupState(data, fb_width, fb_height);
  const ImVec2 clip_off = data->DisplayPos;
  const ImVec2 clip_scale = data->FramebufferScale;
  const GLenum index_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;

  for (int n = 0; n < data->CmdListsCount; ++n) {
    const ImDrawList* list = data->CmdLists[n];
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->VtxBuffer.Size) * sizeof(ImDrawVert),
                 list->VtxBuffer.Data, GL_STREAM_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->IdxBuffer.Size) * sizeof(ImDrawIdx),
                 list->IdxBuffer.Data, GL_STREAM_DRAW);
    for (int c = 0; c < list->CmdBuffer.Size; ++c) {
      const ImDrawCmd& cmd = list->CmdBuffer[c];
      if (cmd.UserCallback) {
        if (cmd.UserCallback == ImDrawCallback_ResetRenderState)
          SetupState(data, fb_width, fb_height);
        else
          cmd.UserCallback(list, &cmd);
        continue;
      }
      // Clip rectangle in framebuffer pixels; GL's scissor origin is the bottom-left corner.
      const float x0 = (cmd.ClipRect.x - clip_off.x) * clip_scale.x;
      const float y0 = (cmd.ClipRect.y - clip_off.y) * clip_scale.y;
      const float x1 = (cmd.ClipRect.z - clip_off.x) * clip_scale.x;
      const float y1 = (cmd.ClipRect.w - clip_off.y) * clip_scale.y;
      if (x1 <= x0 || y1 <= y0) continue;
      glScissor(static_cast<GLint>(x0), static_cast<GLint>(fb_height - y1), static_cast<GLsizei>(x1 - x0),
                static_cast<GLsizei>(y1 - y0));
      glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::intptr_t>(cmd.GetTexID())));
      glDrawElementsBaseVertex(GL_TRIANGLES, static_cast<GLsizei>(cmd.ElemCount), index_type,
                               reinterpret_cast<void*>(static_cast<std::uintptr_t>(cmd.IdxOffset) * sizeof(ImDrawIdx)),
                               static_cast<GLint>(cmd.VtxOffset));
    }
  }
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
  glUseProgram(0);
}

}  // namespace fl::render
