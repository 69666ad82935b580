#include "cuda/cuda_check.hpp"

namespace fl::cuda {

void ThrowCudaError(cudaError_t err, const char* what, const char* file, int line) {
  // A failed call also leaves its error as the thread's "last error", where the next launch check would find
  // it and blame an innocent kernel (a refused 256 MiB upload made the following launch "fail"). The error is
  // reported here, so clear it; a sticky error (a kernel fault) stays in the context whatever we do.
  (void)cudaGetLastError();
  std::string where = file;
  if (auto slash = where.find_last_of('/'); slash != std::string::npos) where = where.substr(slash + 1);
  throw RuntimeError(std::string("CUDA error ") + cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ") in " +
                     what + " at " + where + ":" + std::to_string(line));
}

}  // namespace fl::cuda
