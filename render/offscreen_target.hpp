#pragma once
// A framebuffer of exactly W x H RGBA8 pixels to draw a whole UI frame into without a window, and read back.
#include "core/image.hpp"
#include "render/gl_objects.hpp"

namespace fl::render {

class OffscreenTarget {
 public:
  // Throws InputError when W x H exceeds GL_MAX_RENDERBUFFER_SIZE / GL_MAX_VIEWPORT_DIMS, RuntimeError when the
  // framebuffer is incomplete.
  OffscreenTarget(int width, int height);
  void Bind() const;  // as the draw and read framebuffer
  // The pixels, top row first (GL's rows are bottom-up), as rgba8.
  Image Read() const;
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_, height_;
  GlFramebuffer fbo_;
  GlRenderbuffer color_;
};

}  // namespace fl::render
