#version 330 core
// ImGui's vertices: position in framebuffer pixels, texture coordinate, colour (normalised bytes).
layout(location = 0) in vec2 in_position;
layout(location = 1) in vec2 in_uv;
layout(location = 2) in vec4 in_color;
uniform mat4 u_projection;
out vec2 v_uv;
out vec4 v_color;
void main() {
  v_uv = in_uv;
  v_color = in_color;
  gl_Position = u_projection * vec4(in_position, 0.0, 1.0);
}
