#pragma once
// The CUDA side of the keypoints lab (declared in labs/keypoints.cpp).
#include "core/lab_spec.hpp"

namespace fl::cuda {

// Every requested CUDA variant, timed over the whole pipeline (response to kept list on the host) and
// compared with the CPU reference.
LabResult RunKeypointsCuda(const LabRequest& r);

}  // namespace fl::cuda
