#include "render/display_texture.hpp"

#include "core/error.hpp"
#include "cuda/display/display_mips.hpp"

namespace fl::render {

void DisplayTexture::Ensure(int width, int height, bool want_interop) {
  const bool size_changed = width != width_ || height != height_ || !texture_;
  if (size_changed) {
    Release();
    texture_ = GlTexture::Create();
    glBindTexture(GL_TEXTURE_2D, texture_.get());
    // Mipmapped minification: a zoomed-out zone plate must show the filter's aliasing, not the viewer's.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    // The same levels that CUDA writes after an interop write (cuda/display/display_mips).
    const int levels = cuda::MipLevelCount(width, height);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, levels - 1);
    for (int level = 0; level < levels; ++level)
      glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, cuda::MipSide(width, level), cuda::MipSide(height, level),
                   0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
    CheckGl("display texture allocation");
    width_ = width;
    height_ = height;
    interop_tried_ = false;
  }
  if (want_interop && !registration_ && !interop_tried_) {
    interop_tried_ = true;  // one try per texture: a refusal will not change frame to frame
    try {
      registration_ = InteropRegistration::Register(texture_.get());
      interop_error_.clear();
    } catch (const RuntimeError& e) {
      interop_error_ = e.what();
      cudaGetLastError();  // a failed registration must not poison the next checked CUDA call
    }
  }
  if (!want_interop && registration_) registration_.Reset();
}

void DisplayTexture::Upload(const Image& rgba8) {
  if (rgba8.format() != PixelFormat::Rgba8 || rgba8.width() != width_ || rgba8.height() != height_)
    throw RuntimeError("display upload: the image does not match the texture");
  glBindTexture(GL_TEXTURE_2D, texture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba8.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  CheckGl("display texture upload");
  UpdateMipmaps();
}

void DisplayTexture::UpdateMipmaps() {
  glBindTexture(GL_TEXTURE_2D, texture_.get());
  // Timed because it is not cheap: on an H100 a 3840x2160 texture took 0.27 ms of GPU time (timer query),
  // more than the CUDA-GL write's conversion kernel.
  const bool timed = mipmap_timer_.Begin();
  glGenerateMipmap(GL_TEXTURE_2D);
  if (timed) mipmap_timer_.End();
  glBindTexture(GL_TEXTURE_2D, 0);
  CheckGl("display texture mipmaps");
}

void DisplayTexture::Release() noexcept {
  registration_.Reset();  // unregister while the texture still exists
  texture_.Reset();
  width_ = height_ = 0;
}

}  // namespace fl::render
