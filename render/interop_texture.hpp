#pragma once
// CUDA-OpenGL interop for one GL texture: the registration (RAII), a scoped map for one frame's writes, and a
// surface object over the mapped array. The kernel that writes through the surface lives in cuda/display; this
// file only makes the GL texture reachable from CUDA. Everything here runs on the main thread with the GL
// context current.
#include <cuda_runtime.h>

#include <string>
#include <utility>

#include "render/gl.hpp"

namespace fl::render {

// cudaGraphicsGLRegisterImage(texture, GL_TEXTURE_2D, SurfaceLoadStore) for the texture's lifetime. Destroy it
// before the texture.
class InteropRegistration {
 public:
  InteropRegistration() = default;
  // Throws RuntimeError with the CUDA error text when the texture cannot be registered (GL runs on another GPU,
  // or in software): the caller then falls back to uploads.
  static InteropRegistration Register(GLuint texture);
  InteropRegistration(const InteropRegistration&) = delete;
  InteropRegistration& operator=(const InteropRegistration&) = delete;
  InteropRegistration(InteropRegistration&& o) noexcept : resource_(std::exchange(o.resource_, nullptr)) {}
  InteropRegistration& operator=(InteropRegistration&& o) noexcept;
  ~InteropRegistration() { Reset(); }
  void Reset() noexcept;
  cudaGraphicsResource_t get() const { return resource_; }
  explicit operator bool() const { return resource_ != nullptr; }

 private:
  cudaGraphicsResource_t resource_ = nullptr;
};

// Maps the registered texture for CUDA on `stream` and unmaps it when destroyed (GL must not touch the
// texture in between). array() is level 0 of the texture, level(l) any of its mip levels.
class ScopedInteropMap {
 public:
  ScopedInteropMap(const InteropRegistration& reg, cudaStream_t stream);
  ScopedInteropMap(const ScopedInteropMap&) = delete;
  ScopedInteropMap& operator=(const ScopedInteropMap&) = delete;
  ~ScopedInteropMap();
  cudaArray_t array() const { return array_; }
  cudaArray_t level(int l) const;

 private:
  cudaGraphicsResource_t resource_;
  cudaStream_t stream_;
  cudaArray_t array_ = nullptr;
};

// A surface object over a mapped array. Using it after destruction is undefined, and a queued kernel uses it
// until it has run: keep it until the stream has finished those kernels (it may outlive the map).
class ScopedSurface {
 public:
  explicit ScopedSurface(cudaArray_t array);
  ScopedSurface(const ScopedSurface&) = delete;
  ScopedSurface& operator=(const ScopedSurface&) = delete;
  ~ScopedSurface();
  cudaSurfaceObject_t get() const { return surface_; }

 private:
  cudaSurfaceObject_t surface_ = 0;
};

}  // namespace fl::render
