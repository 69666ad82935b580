// glad's header (through interop_texture.hpp) defines the GL types and guards <GL/gl.h>, which
// cuda_gl_interop.h includes.
#include "render/interop_texture.hpp"

#include <cuda_gl_interop.h>

#include "cuda/cuda_check.hpp"
#include "cuda/owners.hpp"

namespace fl::render {

InteropRegistration InteropRegistration::Register(GLuint texture) {
  InteropRegistration r;
  FL_CUDA_CHECK(cudaGraphicsGLRegisterImage(&r.resource_, texture, GL_TEXTURE_2D,
                                            cudaGraphicsRegisterFlagsSurfaceLoadStore));
  return r;
}

InteropRegistration& InteropRegistration::operator=(InteropRegistration&& o) noexcept {
  if (this != &o) {
    Reset();
    resource_ = std::exchange(o.resource_, nullptr);
  }
  return *this;
}

void InteropRegistration::Reset() noexcept {
  if (resource_) cuda::LogReleaseError(cudaGraphicsUnregisterResource(resource_), "cudaGraphicsUnregisterResource");
  resource_ = nullptr;
}

ScopedInteropMap::ScopedInteropMap(const InteropRegistration& reg, cudaStream_t stream)
    : resource_(reg.get()), stream_(stream) {
  if (!resource_) throw RuntimeError("interop: the texture is not registered with CUDA");
  FL_CUDA_CHECK(cudaGraphicsMapResources(1, &resource_, stream_));
  try {
    FL_CUDA_CHECK(cudaGraphicsSubResourceGetMappedArray(&array_, resource_, 0, 0));
  } catch (...) {
    cuda::LogReleaseError(cudaGraphicsUnmapResources(1, &resource_, stream_), "cudaGraphicsUnmapResources");
    throw;
  }
}

cudaArray_t ScopedInteropMap::level(int l) const {
  if (l == 0) return array_;
  cudaArray_t a = nullptr;
  FL_CUDA_CHECK(cudaGraphicsSubResourceGetMappedArray(&a, resource_, 0, static_cast<unsigned>(l)));
  return a;
}

ScopedInteropMap::~ScopedInteropMap() {
  // Unmapping orders the stream's writes before any later GL use of the texture.
  cuda::LogReleaseError(cudaGraphicsUnmapResources(1, &resource_, stream_), "cudaGraphicsUnmapResources");
}

ScopedSurface::ScopedSurface(cudaArray_t array) {
  cudaResourceDesc desc{};
  desc.resType = cudaResourceTypeArray;
  desc.res.array.array = array;
  FL_CUDA_CHECK(cudaCreateSurfaceObject(&surface_, &desc));
}

ScopedSurface::~ScopedSurface() {
  cuda::LogReleaseError(cudaDestroySurfaceObject(surface_), "cudaDestroySurfaceObject");
}

}  // namespace fl::render
