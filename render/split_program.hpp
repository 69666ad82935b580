#pragma once
// The GL program of the A/B split view (shaders/split.frag), switched on for one ImGui image through a draw
// callback: the viewer adds AddCallback(SplitProgram::Begin, &uniforms), the image of A, then
// ImDrawCallback_ResetRenderState. Needs a current GL context to construct.
#include <imgui.h>

#include "render/gl_objects.hpp"

namespace fl::render {

class SplitProgram;

// What one split draw needs at render time; must stay alive until the frame is drawn.
struct SplitUniforms {
  const SplitProgram* program = nullptr;
  unsigned texture_b = 0;
  float split = 0.5f;   // 0..1 across the image
  bool vertical = true;
};

class SplitProgram {
 public:
  SplitProgram();
  // ImDrawCallback: binds the program, the projection of the current draw data and B on texture unit 1.
  // cmd->UserCallbackData is a SplitUniforms*.
  static void Begin(const ImDrawList* list, const ImDrawCmd* cmd);

 private:
  GlProgram program_;
  GLint projection_ = -1, texture_ = -1, texture_b_ = -1, split_ = -1, vertical_ = -1;
};

}  // namespace fl::render
