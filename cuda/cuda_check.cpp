#include "cuda/cuda_check.hpp"

namespace fl::cuda {

void ThrowCudaError(cudaError_t err, const char* what, const char* file, int line) {
  std::string where = file;
  if (auto slash = where.find_last_of('/'); slash != std::string::npos) where = where.substr(slash + 1);
  throw RuntimeError(std::string("CUDA error ") + cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ") in " +
                     what + " at " + where + ":" + std::to_string(line));
}

}  // namespace fl::cuda
