#pragma once
// The CUDA side of the `streams` lab (labs/streams.cpp declares it). No CUDA types in the signature.
#include "core/lab_spec.hpp"

namespace fl::cuda {

// Runs the variants `one_stream` and `multi_stream`: K small compute-bound kernels, one per band of the
// image, all on one stream or spread over `streams` streams, each between its own event pair, every time
// measured from one common start event.
LabResult RunStreamsLab(const LabRequest& r);

}  // namespace fl::cuda
