#include "render/display_texture.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "cuda/display/display_mips.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/owners.hpp"

namespace fl::render {

void DisplayTexture::Allocate(int width, int height, bool shared) {
  texture_ = GlTexture::Create();
  // The same levels that CUDA writes after an interop write (cuda/display/display_mips).
  const int levels = cuda::MipLevelCount(width, height);
  if (shared) shared_ = SharedTextureStorage::Create(texture_, width, height, levels);
  glBindTexture(GL_TEXTURE_2D, texture_.get());
  // Mipmapped minification: a zoomed-out zone plate must show the filter's aliasing, not the viewer's.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, levels - 1);
  if (!shared)
    for (int level = 0; level < levels; ++level)
      glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, cuda::MipSide(width, level), cuda::MipSide(height, level), 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  CheckGl("display texture allocation");
}

void DisplayTexture::Ensure(int width, int height, bool want_interop) {
  // A texture made without interop (a CPU output, or B's on the CPU) is made again when CUDA wants it, so that
  // it gets the shared storage (tried once per texture) rather than a registration of GL's own storage.
  const bool share_now = want_interop && shared_allowed_ && !shared_ && !shared_tried_;
  const bool remake = width != width_ || height != height_ || !texture_ || share_now;
  if (remake) {
    Release();
    shared_error_.clear();
    shared_tried_ = want_interop;
    bool allocated = false;
    if (want_interop && shared_allowed_) {
      try {
        Allocate(width, height, true);
        allocated = true;
      } catch (const RuntimeError& e) {
        shared_error_ = e.what();
        cudaGetLastError();  // a failed import must not poison the next checked CUDA call
        Release();           // the texture may hold the storage that failed its check
      }
    }
    if (!allocated) Allocate(width, height, false);
    width_ = width;
    height_ = height;
    interop_tried_ = false;
  }
  if (want_interop && !shared_ && !registration_ && !interop_tried_) {
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

std::string DisplayTexture::interop_path() const {
  if (shared_) return "shared storage";
  if (registration_)
    return "mapped per write (" + (shared_allowed_ ? shared_error_ : std::string("shared storage switched off")) + ")";
  return "";
}

void DisplayTexture::Upload(const Image& rgba8) {
  if (rgba8.format() != PixelFormat::Rgba8 || rgba8.width() != width_ || rgba8.height() != height_)
    throw RuntimeError("display upload: the image does not match the texture");
  glBindTexture(GL_TEXTURE_2D, texture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba8.data());
  gl_wrote_ = true;
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

void DisplayTexture::NoteDrawn() noexcept {
  if (!shared_) return;  // only a write into shared storage waits for GL (the map orders the other path)
  try {
    drawn_ = GlFence::Insert();
    gl_wrote_ = false;
  } catch (const RuntimeError& e) {
    // No fence (a lost context): the next write makes a fresh one, and its failure reaches the person there.
    drawn_.Reset();
    std::fprintf(stderr, "warning: %s\n", e.what());
  }
}

void DisplayTexture::WaitForGlUse() const {
  constexpr GLuint64 kLimitNs = 2'000'000'000ull;
  // A fresh fence costs a flush and a round trip to the GPU (0.17-0.31 ms on an H100, measured): only when no
  // frame has been noted since the texture was made, or an upload came after it.
  if (!drawn_ || gl_wrote_) return GlFence::Insert().Wait(kLimitNs);
  if (!drawn_.Passed()) drawn_.Wait(kLimitNs);
}

void DisplayTexture::Release() noexcept {
  if (shared_ && drawn_) {
    // The last frame may still sample the storage freed below.
    try {
      drawn_.Wait(2'000'000'000ull);
    } catch (const RuntimeError& e) {
      std::fprintf(stderr, "warning: releasing the display texture: %s\n", e.what());
    }
  }
  drawn_.Reset();
  gl_wrote_ = false;
  registration_.Reset();  // unregister while the texture still exists
  texture_.Reset();
  shared_.Reset();  // the storage outlives the texture that used it
  width_ = height_ = 0;
}

TextureCudaWrite::TextureCudaWrite(const DisplayTexture& texture, cudaStream_t stream) : stream_(stream) {
  if (texture.has_shared_storage()) {
    texture.WaitForGlUse();  // GL may still be drawing from the texture (the last frame)
    shared_ = &texture.shared_storage();
  } else {
    map_.emplace(texture.registration(), stream);  // throws when unregistered
  }
}

void TextureCudaWrite::Finish() {
  finished_ = true;
  if (shared_) FL_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

TextureCudaWrite::~TextureCudaWrite() {
  // Shared storage: GL's next draw must see the writes (the unmap orders them on the mapped path). Only when an
  // exception left the write before Finish: nobody is there to hear of a failure.
  if (shared_ && !finished_)
    cuda::LogReleaseError(cudaStreamSynchronize(stream_), "cudaStreamSynchronize after a display write");
}

cudaArray_t TextureCudaWrite::level(int l) const { return shared_ ? shared_->level(l) : map_->level(l); }

}  // namespace fl::render
