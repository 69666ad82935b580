#pragma once
// The texture the viewer shows: RGBA8, nearest-neighbour magnification (pixels stay crisp when zoomed in),
// trilinear mipmapped minification (no viewer-made moire when zoomed out). Filled either by CUDA through interop (registered when asked for and possible) or by
// glTexSubImage2D from a host image.
#include <optional>
#include <string>

#include "core/image.hpp"
#include "render/gl_objects.hpp"
#include "render/gl_timer.hpp"
#include "render/interop_texture.hpp"

namespace fl::render {

class DisplayTexture {
 public:
  DisplayTexture() = default;
  DisplayTexture(const DisplayTexture&) = delete;
  DisplayTexture& operator=(const DisplayTexture&) = delete;
  ~DisplayTexture() { Release(); }

  // Makes the texture w x h (reallocating when the size changed). With `want_interop`, registers it with CUDA; a
  // registration failure is not an error: interop_error() then says why and uploads must be used.
  void Ensure(int width, int height, bool want_interop);
  // Uploads a host rgba8 image of exactly the texture's size (and rebuilds the mipmaps).
  void Upload(const Image& rgba8);
  // Rebuilds the smaller levels from level 0 with OpenGL (after an upload; an interop write builds them in
  // CUDA).
  void UpdateMipmaps();
  // The GPU time of the last rebuild that has completed (glGenerateMipmap, by timer query), in ms; -1 before
  // one.
  double MipmapMs() { return mipmap_timer_.Poll(); }
  void Release() noexcept;

  GLuint id() const { return texture_.get(); }
  int width() const { return width_; }
  int height() const { return height_; }
  bool has_interop() const { return static_cast<bool>(registration_); }
  const InteropRegistration& registration() const { return registration_; }
  const std::string& interop_error() const { return interop_error_; }

 private:
  GlTexture texture_;
  InteropRegistration registration_;  // declared after the texture, so unregistered before it is deleted
  GlTimer mipmap_timer_;
  int width_ = 0, height_ = 0;
  bool interop_tried_ = false;
  std::string interop_error_;
};

}  // namespace fl::render
