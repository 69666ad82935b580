#version 330 core
// The A/B split view in one quad: A's texture on one side of the wipe line, B's on the other. Both are sampled
// everywhere (texture() inside a branch that varies between neighbouring fragments has undefined mipmap
// derivatives), then one is chosen. The quad is drawn as ImGui draws an image: vertex colour times texel.
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_texture;    // A, bound by the draw command itself
uniform sampler2D u_texture_b;  // B
uniform float u_split;          // the line, as a texture coordinate along the axis
uniform int u_vertical;         // 1: a vertical line (A left, B right); 0: horizontal (A above, B below)
out vec4 out_color;
void main() {
  vec4 a = texture(u_texture, v_uv);
  vec4 b = texture(u_texture_b, v_uv);
  float t = u_vertical != 0 ? v_uv.x : v_uv.y;
  out_color = v_color * (t < u_split ? a : b);
}
