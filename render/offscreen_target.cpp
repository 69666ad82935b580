#include "render/offscreen_target.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "core/error.hpp"

namespace fl::render {

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
  GLint max_rb = 0, max_vp[2] = {0, 0};
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_rb);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_vp);
  const int limit = std::min<int>(max_rb, std::min(max_vp[0], max_vp[1]));
  if (width < 1 || height < 1 || width > limit || height > limit)
    throw InputError("window " + std::to_string(width) + "x" + std::to_string(height) +
                     " is outside what this OpenGL can render offscreen (1.." + std::to_string(limit) + ")");
  fbo_ = GlFramebuffer::Create();
  color_ = GlRenderbuffer::Create();
  glBindRenderbuffer(GL_RENDERBUFFER, color_.get());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.get());
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throw RuntimeError("the offscreen framebuffer is incomplete (status 0x" + std::to_string(status) + ")");
  CheckGl("offscreen framebuffer");
}

void OffscreenTarget::Bind() const { glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get()); }

Image OffscreenTarget::Read() const {
  Bind();
  glFinish();
  Image bottom_up(width_, height_, PixelFormat::Rgba8);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  CheckGl("glReadPixels");
  Image out(width_, height_, PixelFormat::Rgba8);
  for (int y = 0; y < height_; ++y)
    std::memcpy(out.Row<std::uint8_t>(y), bottom_up.Row<std::uint8_t>(height_ - 1 - y), out.pitch());
  return out;
}

}  // namespace fl::render
