#pragma once
// A display texture whose storage CUDA allocated and OpenGL imported (GL_EXT_memory_object_fd), with CUDA's view
// of the same memory as a mipmapped array: CUDA writes the texture's levels directly, with no per-write
// cudaGraphicsMapResources / UnmapResources (0.32 ms of every 3840x2160 write on an H100, see docs/PERFORMANCE.md).
// The price is ordering by hand: TextureCudaWrite (display_texture.hpp) waits for GL's earlier use of the texture
// before a write and for the write before GL's next use.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cuda/shared_memory.hpp"
#include "render/gl_objects.hpp"
#include "render/interop_texture.hpp"

namespace fl::render {

class SharedTextureStorage {
 public:
  SharedTextureStorage() = default;
  // Gives `texture` (just created, no storage yet) an RGBA8 storage of `levels` levels of width x height in
  // memory shared with CUDA, then checks that a pattern CUDA writes reads back the same through GL on level 0,
  // a middle level and the smallest. Throws RuntimeError saying which step failed or that the layouts differ:
  // the texture then may hold an immutable storage (or, once it had the storage, is deleted before the storage
  // is released), and the caller must make a new one.
  static SharedTextureStorage Create(GlTexture& texture, int width, int height, int levels);
  SharedTextureStorage(SharedTextureStorage&&) noexcept = default;
  // Releases this storage in Reset's order before taking o's.
  SharedTextureStorage& operator=(SharedTextureStorage&& o) noexcept {
    if (this != &o) {
      Reset();
      memory_ = std::move(o.memory_);
      gl_memory_ = std::move(o.gl_memory_);
      array_ = std::move(o.array_);
      surfaces_ = std::move(o.surfaces_);
    }
    return *this;
  }
  // Level l of the texture, and a surface over it made once with the storage (a write needs no new ones).
  cudaArray_t level(int l) const { return array_.level(l); }
  cudaSurfaceObject_t surface(int l) const { return surfaces_.at(static_cast<std::size_t>(l))->get(); }
  explicit operator bool() const { return static_cast<bool>(array_); }
  // Releases CUDA's view, GL's memory object and the allocation, in that order; the texture must be gone first.
  void Reset() noexcept;

 private:
  // Declared in the order of creation, destroyed in reverse.
  cuda::ExportableMemory memory_;
  GlMemoryObject gl_memory_;
  cuda::ImportedMipmappedArray array_;
  std::vector<std::unique_ptr<ScopedSurface>> surfaces_;  // one per level; destroyed first
};

// Why shared storage cannot be used in this context, or "" when it can be tried.
std::string SharedStorageUnavailable();

}  // namespace fl::render
