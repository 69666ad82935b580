#pragma once
// The texture the viewer shows: RGBA8, nearest-neighbour magnification (pixels stay crisp when zoomed in),
// trilinear mipmapped minification (no viewer-made moire when zoomed out). Filled either by CUDA through interop
// or by glTexSubImage2D from a host image. CUDA reaches it in one of two ways, the first that works: storage
// shared with CUDA (shared_texture.hpp: no per-write map), or a registration mapped for each write.
#include <optional>
#include <string>

#include "core/image.hpp"
#include "render/gl_objects.hpp"
#include "render/gl_timer.hpp"
#include "render/interop_texture.hpp"
#include "render/shared_texture.hpp"

namespace fl::render {

class DisplayTexture {
 public:
  DisplayTexture() = default;
  DisplayTexture(const DisplayTexture&) = delete;
  DisplayTexture& operator=(const DisplayTexture&) = delete;
  ~DisplayTexture() { Release(); }

  // Makes the texture w x h (reallocating when the size changed). With `want_interop`, makes it reachable from
  // CUDA: storage shared with CUDA when allowed (set_shared_storage) and possible, else a registration. Neither
  // failing is an error: interop_error() then says why and uploads must be used.
  void Ensure(int width, int height, bool want_interop);
  // Whether a newly allocated texture may take storage shared with CUDA (default yes); `false` keeps the mapped
  // registration, the path to compare against.
  void set_shared_storage(bool allowed) { shared_allowed_ = allowed; }
  // Uploads a host rgba8 image of exactly the texture's size (and rebuilds the mipmaps).
  void Upload(const Image& rgba8);
  // Marks the end of a frame's draws, which may sample the texture: a fence that the next CUDA write into shared
  // storage waits on, cheaply since it has usually passed by then (nothing without shared storage). Call after
  // each frame's render.
  void NoteDrawn() noexcept;
  // Returns once GL's use of the texture issued so far has finished: the last frame's draws (NoteDrawn) and any
  // upload since. Throws RuntimeError when GL does not finish within 2 s.
  void WaitForGlUse() const;
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
  bool has_interop() const { return static_cast<bool>(registration_) || static_cast<bool>(shared_); }
  bool has_shared_storage() const { return static_cast<bool>(shared_); }
  const InteropRegistration& registration() const { return registration_; }
  const SharedTextureStorage& shared_storage() const { return shared_; }
  const std::string& interop_error() const { return interop_error_; }
  // How CUDA reaches the texture: "shared storage", "mapped per write (<why not shared>)", or "" without interop.
  std::string interop_path() const;

 private:
  // Allocates level storage on a new texture_: shared with CUDA when `shared` (throws when that fails), else GL's.
  void Allocate(int width, int height, bool shared);

  SharedTextureStorage shared_;  // declared before the texture, so released after it is deleted
  GlTexture texture_;
  InteropRegistration registration_;  // declared after the texture, so unregistered before it is deleted
  GlTimer mipmap_timer_;
  GlFence drawn_;          // after the last frame's draws (NoteDrawn)
  bool gl_wrote_ = false;  // an upload was issued after drawn_
  int width_ = 0, height_ = 0;
  bool interop_tried_ = false;
  bool shared_tried_ = false;  // this texture was made with interop wanted (shared storage tried, if allowed)
  bool shared_allowed_ = true;
  std::string interop_error_;
  std::string shared_error_;  // why the storage is not shared, when interop wanted it
};

// One CUDA write of a display texture that has interop, on `stream`: level(l) is valid while it lives. With
// shared storage it first waits for the GL work issued so far (which may still read the texture) and at the end
// waits for the stream, so that GL's next use sees the writes; with a registration it maps and unmaps, which
// order the same. Throws RuntimeError when the texture has no interop or the wait or the map fails.
class TextureCudaWrite {
 public:
  TextureCudaWrite(const DisplayTexture& texture, cudaStream_t stream);
  TextureCudaWrite(const TextureCudaWrite&) = delete;
  TextureCudaWrite& operator=(const TextureCudaWrite&) = delete;
  ~TextureCudaWrite();
  // Waits for the stream (shared storage; nothing on the mapped path, whose unmap orders the write). Throws
  // RuntimeError when the write failed. Call after the last write.
  void Finish();
  cudaArray_t level(int l) const;
  // Shared storage's own surface over level l (made once with the storage), or 0: then make one over level(l)
  // and keep it until the stream has finished with it.
  cudaSurfaceObject_t kept_surface(int l) const { return shared_ ? shared_->surface(l) : 0; }

 private:
  const SharedTextureStorage* shared_ = nullptr;
  std::optional<ScopedInteropMap> map_;
  cudaStream_t stream_;
  bool finished_ = false;
};

}  // namespace fl::render
