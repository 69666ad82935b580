#include "render/split_program.hpp"

#include "filterlab_shaders_embedded.hpp"

namespace fl::render {

SplitProgram::SplitProgram() {
  const GlShader vs = GlShader::Compile(GL_VERTEX_SHADER, shaders::imgui_vert, "imgui.vert");
  const GlShader fs = GlShader::Compile(GL_FRAGMENT_SHADER, shaders::split_frag, "split.frag");
  program_ = GlProgram::Link(vs, fs, "split");
  projection_ = program_.Uniform("u_projection");
  texture_ = program_.Uniform("u_texture");
  texture_b_ = program_.Uniform("u_texture_b");
  split_ = program_.Uniform("u_split");
  vertical_ = program_.Uniform("u_vertical");
  CheckGl("split program setup");
}

void SplitProgram::Begin(const ImDrawList*, const ImDrawCmd* cmd) {
  const auto* u = static_cast<const SplitUniforms*>(cmd->UserCallbackData);
  if (!u || !u->program) return;
  const SplitProgram& p = *u->program;
  const ImDrawData* data = ImGui::GetDrawData();
  // The same orthographic projection as the ImGui renderer's (y down).
  const float l = data->DisplayPos.x, r = data->DisplayPos.x + data->DisplaySize.x;
  const float t = data->DisplayPos.y, b = data->DisplayPos.y + data->DisplaySize.y;
  const float ortho[4][4] = {
      {2.0f / (r - l), 0.0f, 0.0f, 0.0f},
      {0.0f, 2.0f / (t - b), 0.0f, 0.0f},
      {0.0f, 0.0f, -1.0f, 0.0f},
      {(r + l) / (l - r), (t + b) / (b - t), 0.0f, 1.0f},
  };
  glUseProgram(p.program_.get());
  glUniformMatrix4fv(p.projection_, 1, GL_FALSE, &ortho[0][0]);
  glUniform1i(p.texture_, 0);
  glUniform1i(p.texture_b_, 1);
  glUniform1f(p.split_, u->split);
  glUniform1i(p.vertical_, u->vertical ? 1 : 0);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, u->texture_b);
  glActiveTexture(GL_TEXTURE0);  // the draw command binds A here
}

}  // namespace fl::render
