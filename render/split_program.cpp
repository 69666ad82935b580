#include "render/split_program.hpp"

#include "filterlab_shaders_embedded.hpp"
#include "render/imgui_renderer.hpp"

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
  glUseProgram(p.program_.get());
  SetImGuiProjection(p.projection_, *data);
  glUniform1i(p.texture_, 0);
  glUniform1i(p.texture_b_, 1);
  glUniform1f(p.split_, u->split);
  glUniform1i(p.vertical_, u->vertical ? 1 : 0);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, u->texture_b);
  glActiveTexture(GL_TEXTURE0);  // the draw command binds A here
}

}  // namespace fl::render
