#pragma once
// Every CUDA call and every launch goes through these checks; failures become fl::RuntimeError with the call's
// text, the CUDA error name and where it happened.
#include <cuda_runtime.h>

#include <string>

#include "core/error.hpp"

namespace fl::cuda {

[[noreturn]] void ThrowCudaError(cudaError_t err, const char* what, const char* file, int line);

inline void Check(cudaError_t err, const char* what, const char* file, int line) {
  if (err != cudaSuccess) ThrowCudaError(err, what, file, line);
}

}  // namespace fl::cuda

#define FL_CUDA_CHECK(call) ::fl::cuda::Check((call), #call, __FILE__, __LINE__)
// After a <<<...>>> launch: catches invalid configurations at once (asynchronous faults surface at the next sync).
#define FL_CUDA_CHECK_LAUNCH(name) ::fl::cuda::Check(cudaGetLastError(), "launch of " name, __FILE__, __LINE__)
