// Declaration of the `transfers` lab: what host <-> device copies cost, pageable against pinned, and what
// share of a whole pipeline call the kernels are.
#include "core/lab_registry.hpp"
#include "core/labs/lab_params.hpp"
#include "cuda/labs/transfers_lab.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::labs {

static LabResult RunTransfers(const LabRequest& r) { return cuda::RunTransfersLab(r, BuiltinRegistry()); }

static LabSpec DeclareTransfers() {
  LabSpec l;
  l.id = "transfers";
  l.title = "Transfers: pageable and pinned copies, and the kernels' share of a call";
  l.teaching =
      "A copy between host and device crosses PCIe (or NVLink-C2C) by DMA, and DMA needs page-locked "
      "memory. From ordinary (pageable) memory the driver first copies the data into its own pinned staging "
      "buffer, chunk by chunk, so the transfer runs at the speed of that extra host memcpy and the DMA "
      "taking turns; from memory allocated pinned (cudaMallocHost) the DMA reads the buffer directly. Each "
      "size is copied repeatedly between two events and the median kept: small copies are dominated by the "
      "fixed cost of starting one (microseconds), large ones approach the link's bandwidth. The second half "
      "runs the chosen pipeline as an application would, upload, kernels, download, and shows how small the "
      "kernels' share of a call can be, and how much more the first call costs (allocations, loading the "
      "kernels' modules).";
  l.params = {
      IntParam("max_mib", 1, 1024, 256, "the largest copy, MiB (sizes go from 256 KiB up by 4x)"),
      ChoiceParam("pipeline", {"gray>gauss3", "gray>sobel", "gray>gauss3>sobel", "gauss3", "none"}, "gray>gauss3",
                  "the pipeline whose call is timed on the lab's image ('none': skip)"),
  };
  const char* pageable = "From a std::vector: the driver stages it through its own pinned buffer.";
  const char* pinned = "From cudaMallocHost memory: DMA straight from the buffer.";
  l.variants = {
      {"h2d_pageable", Backend::Cuda, pageable,
       "Below pinned, often by half or more: the staging copy costs."},
      {"h2d_pinned", Backend::Cuda, pinned, "Near the link's bandwidth for large copies."},
      {"d2h_pageable", Backend::Cuda, pageable,
       "Below pinned: the data lands in staging, then is copied out."},
      {"d2h_pinned", Backend::Cuda, pinned, "Near the link's bandwidth for large copies."},
  };
  l.default_size = 2048;  // the pipeline's generated rgba8 input: 16 MiB
  l.max_size = 8192;
  l.takes_image = true;  // the pipeline's input
  l.needs_cuda = true;
  l.run_cuda = RunTransfers;
  return l;
}
FL_REGISTER_LAB(70, DeclareTransfers);

}  // namespace fl::labs
