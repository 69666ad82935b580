#include "render/shared_texture.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/display/display_mips.hpp"
#include "cuda/owners.hpp"
#include "render/gl.hpp"

namespace fl::render {
namespace {

// Bytes the driver may need for the texture: every level with its rows padded to 512 bytes and its height to
// 128 rows (block-linear tiles), plus one tile. Too small a size makes glTexStorageMem2DEXT fail, which falls
// back to mapping; too large costs only memory.
std::size_t StorageBytes(int width, int height, int levels) {
  std::size_t total = 0;
  for (int l = 0; l < levels; ++l) {
    const auto w = static_cast<std::size_t>(cuda::MipSide(width, l));
    const auto h = static_cast<std::size_t>(cuda::MipSide(height, l));
    total += (w * 4 + 511) / 512 * 512 * ((h + 127) / 128 * 128);
  }
  return total + 512 * 128;
}

// The value written at (x, y) of level l by the layout check: differs between neighbours, rows and levels.
std::uint32_t CheckValue(int x, int y, int l) {
  return (static_cast<std::uint32_t>(x) * 2654435761u) ^ (static_cast<std::uint32_t>(y) * 40503u + 0x9e37u) ^
         (static_cast<std::uint32_t>(l) << 24);
}

// CUDA writes a window of level l (at most 128 x 32 texels, in the middle) and GL reads it back through a
// framebuffer: the same values at the same texels, or the layouts differ. The texture's content is garbage
// afterwards: the write that follows the storage's creation fills it.
void CheckWindow(GLuint texture, cudaArray_t array, int level, int lw, int lh, cudaStream_t stream) {
  const int ww = std::min(lw, 128), wh = std::min(lh, 32);
  const int x0 = (lw - ww) / 2, y0 = (lh - wh) / 2;
  std::vector<std::uint32_t> written(static_cast<std::size_t>(ww) * wh), read(written.size());
  for (int y = 0; y < wh; ++y)
    for (int x = 0; x < ww; ++x) written[static_cast<std::size_t>(y) * ww + x] = CheckValue(x0 + x, y0 + y, level);
  const std::size_t row = static_cast<std::size_t>(ww) * 4;
  FL_CUDA_CHECK(cudaMemcpy2DToArrayAsync(array, static_cast<std::size_t>(x0) * 4, static_cast<std::size_t>(y0),
                                         written.data(), row, row, static_cast<std::size_t>(wh),
                                         cudaMemcpyHostToDevice, stream));
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
  GLint previous_fbo = 0, previous_alignment = 4;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous_fbo);
  glGetIntegerv(GL_PACK_ALIGNMENT, &previous_alignment);
  const GlFramebuffer fbo = GlFramebuffer::Create();
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo.get());
  glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, level);
  const bool complete = glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  if (complete) glReadPixels(x0, y0, ww, wh, GL_RGBA, GL_UNSIGNED_BYTE, read.data());
  glPixelStorei(GL_PACK_ALIGNMENT, previous_alignment);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previous_fbo));
  CheckGl("shared display texture: reading the layout check back");
  if (!complete) throw RuntimeError("shared display texture: level " + std::to_string(level) + " cannot be read");
  if (read != written)
    throw RuntimeError("shared display texture: CUDA's and GL's layouts of level " + std::to_string(level) +
                       " differ");
}

}  // namespace

std::string SharedStorageUnavailable() {
  if (!GLAD_GL_EXT_memory_object || !GLAD_GL_EXT_memory_object_fd)
    return "the GL context offers no GL_EXT_memory_object_fd";
  return "";
}

SharedTextureStorage SharedTextureStorage::Create(GlTexture& gl_texture, int width, int height, int levels) {
  const GLuint texture = gl_texture.get();
  if (const std::string why = SharedStorageUnavailable(); !why.empty()) throw RuntimeError(why);
  SharedTextureStorage s;
  s.memory_ = cuda::ExportableMemory::Allocate(StorageBytes(width, height, levels));
  s.gl_memory_ = GlMemoryObject::Create();
  // An error left by earlier GL work is not the import's: cleared, and said, before the calls checked below.
  for (int i = 0; i < 8; ++i) {
    const GLenum pending = glGetError();
    if (pending == GL_NO_ERROR) break;
    std::fprintf(stderr, "warning: GL error 0x%x was pending before the display texture's import\n", pending);
  }
  const GLint dedicated = GL_TRUE;  // one texture owns the whole allocation (CUDA imports it as dedicated too)
  glMemoryObjectParameterivEXT(s.gl_memory_.get(), GL_DEDICATED_MEMORY_OBJECT_EXT, &dedicated);
  CheckGl("shared display texture: marking the memory object dedicated");
  cuda::OwnedFd for_gl = s.memory_.Export();
  glImportMemoryFdEXT(s.gl_memory_.get(), static_cast<GLuint64>(s.memory_.size()), GL_HANDLE_TYPE_OPAQUE_FD_EXT,
                      for_gl.get());
  if (glGetError() != GL_NO_ERROR) throw RuntimeError("shared display texture: GL refused the memory (glImportMemoryFdEXT)");
  for_gl.release();  // GL owns it after a successful import
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_TILING_EXT, GL_OPTIMAL_TILING_EXT);
  glTexStorageMem2DEXT(GL_TEXTURE_2D, levels, GL_RGBA8, width, height, s.gl_memory_.get(), 0);
  const GLenum storage_error = glGetError();
  glBindTexture(GL_TEXTURE_2D, 0);
  if (storage_error != GL_NO_ERROR)
    throw RuntimeError("shared display texture: glTexStorageMem2DEXT failed (GL error " +
                       std::to_string(storage_error) + ")");
  try {
    s.array_ = cuda::ImportedMipmappedArray::Import(s.memory_.Export(), s.memory_.size(), width, height, levels);
    const cuda::Stream stream = cuda::Stream::Create();
    // Level 0, a middle level and the last one (whose tiles the driver lays out differently).
    int checked = -1;
    for (const int l : {0, levels / 2, levels - 1}) {
      if (l == checked) continue;  // a texture of one or two levels
      checked = l;
      CheckWindow(texture, s.array_.level(l), l, cuda::MipSide(width, l), cuda::MipSide(height, l), stream.get());
    }
    for (int l = 0; l < levels; ++l) s.surfaces_.push_back(std::make_unique<ScopedSurface>(s.array_.level(l)));
  } catch (...) {
    gl_texture.Reset();  // the texture uses the storage: it goes first, before `s` releases the storage
    throw;
  }
  return s;
}

void SharedTextureStorage::Reset() noexcept {
  surfaces_.clear();
  array_.Reset();
  gl_memory_.Reset();
  memory_.Reset();
}

}  // namespace fl::render
