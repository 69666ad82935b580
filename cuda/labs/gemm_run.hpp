#pragma once
// The CUDA side of the gemm lab (declared in labs/gemm.cpp).
#include "core/lab_spec.hpp"

namespace fl::cuda {

// Every requested CUDA variant timed with CUDA events (median of r.repeat after 2 warm-ups) and checked
// against the double-precision product.
LabResult RunGemmCuda(const LabRequest& r);

}  // namespace fl::cuda
