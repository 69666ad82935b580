#pragma once
// Turns any stage output (gray8, rgba8, gray32f) into RGBA8 for display, on the device: straight into a surface
// (the CUDA-GL interop path; render/ maps the GL texture and hands the surface over) or into a device image that
// is then downloaded (the fallback when the GL texture cannot be registered). No GL here.
//
// Display rules, shared with the host conversion of the CPU backend (app/ui/host_display):
//   gray8   -> (g, g, g, 255)
//   rgba8   -> (r, g, b, 255)       alpha is not composited: the viewer shows colour only
//   gray32f -> v = (f - lo) / (hi - lo) to a byte, rounded, clamped; non-finite values and hi == lo show black
// `step` > 1 shows every step-th pixel in each direction (nearest), for images larger than GL_MAX_TEXTURE_SIZE.
#include <cuda_runtime.h>

#include <array>

#include "core/image.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {

struct ValueRange {
  float lo = 0.0f;
  float hi = 1.0f;
  bool finite = true;  // false: the image held no finite value at all
};

// The displayed size of an image of `w` x `h` at a given step (ceil(w / step) x ceil(h / step)).
inline int DisplaySide(int side, int step) { return (side + step - 1) / step; }

class DisplayConverter {
 public:
  // Minimum and maximum of the finite values of a gray32f image, reduced on the device (two passes); waits for
  // the 8-byte result. For other formats returns {0, 255}.
  ValueRange MinMax(const DeviceView& src, cudaStream_t stream);
  // Writes DisplaySide(w, step) x DisplaySide(h, step) RGBA8 pixels into `surface` (bound to an RGBA8 array of at
  // least that size). Asynchronous on `stream`.
  void ToSurface(const DeviceView& src, int step, ValueRange range, cudaSurfaceObject_t surface,
                 cudaStream_t stream);
  // ToSurface, and level 1 of the same texture (MipSide(w, 1) x MipSide(h, 1) of the displayed w x h) into
  // `level1`, each texel the rounded mean of the 2 x 2 below it exactly as WriteMipChainRgba8 makes every level:
  // from the converted pixels kept in shared memory, so that no kernel reads level 0 back (at 3840x2160 the chain
  // from level 0 took 0.058 ms of a 0.111 ms display write on an H100). The texture must have a level 1.
  void ToSurfaceAndLevel1(const DeviceView& src, int step, ValueRange range, cudaSurfaceObject_t level0,
                          cudaSurfaceObject_t level1, cudaStream_t stream);
  // The same pixels, downloaded into a tightly packed host RGBA8 image (waits for the copy).
  Image ToHost(const DeviceView& src, int step, ValueRange range, cudaStream_t stream);

 private:
  DeviceBuffer partials_;  // per-block minima and maxima of the reduction, then the result
  DeviceImage staging_;    // RGBA8, for ToHost
};

// The value of one pixel of a device image as floats (1 channel for gray formats, 4 for rgba8), read with a
// small synchronous copy: how the viewer shows the value under the cursor without downloading the image.
std::array<float, 4> ReadPixel(const DeviceView& src, int x, int y, cudaStream_t stream);

}  // namespace fl::cuda
