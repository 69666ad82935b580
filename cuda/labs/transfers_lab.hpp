#pragma once
// The CUDA side of the `transfers` lab (labs/transfers.cpp declares it). No CUDA types in the signatures.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/lab_spec.hpp"
#include "core/registry.hpp"

namespace fl::cuda {

struct TransferRow {
  std::string direction;  // "h2d" or "d2h"
  std::string memory;     // "pageable" or "pinned"
  std::size_t bytes = 0;
  double ms = 0;  // median of the repeats, cudaEvent time around one cudaMemcpyAsync
  double gbs = 0;
};

// One (direction, memory) combination at each size: `repeats` copies each, events around each, the median.
// `done` is called after each size (progress, cancel).
std::vector<TransferRow> MeasureTransfers(const std::string& direction, const std::string& memory,
                                          const std::vector<std::size_t>& sizes, int repeats,
                                          const std::function<void()>& done);

// What one pipeline call costs end to end, wall clock: upload (Executor::SetInput), the kernels (their
// cudaEvent sum), download of the last stage. `first` is a fresh executor's first call (allocation, lazy
// module loading).
struct PipelineCallTimes {
  double upload_ms = 0, kernel_ms = 0, download_ms = 0, full_ms = 0;
};
struct PipelineTransferTimes {
  PipelineCallTimes first, steady;  // steady: the median of `repeats` further calls
};
PipelineTransferTimes MeasurePipelineCalls(const Registry& reg, const std::string& stages, const Image& input,
                                           int repeats);

// The whole lab: the variants ("h2d_pageable", "h2d_pinned", "d2h_pageable", "d2h_pinned") at every size up
// to max_mib, then the pipeline named by the `pipeline` parameter ("gray>gauss3"; "none" skips it).
LabResult RunTransfersLab(const LabRequest& r, const Registry& reg);

}  // namespace fl::cuda
