#pragma once
// Host <-> device copies of images through a pinned staging buffer, so that transfers are DMA at full speed.
#include "core/image.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {

class Transfer {
 public:
  // Copies `src` into `dst` (reallocating `dst` if its shape differs) and waits for the copy.
  void Upload(const Image& src, DeviceImage& dst, cudaStream_t stream);
  // Copies a device view into a new host image and waits for the copy.
  Image Download(const DeviceView& src, cudaStream_t stream);

 private:
  PinnedBuffer& Staging(std::size_t bytes);
  PinnedBuffer staging_;
};

}  // namespace fl::cuda
