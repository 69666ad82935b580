#pragma once
// The gemm lab's products on the GPU (cuda/labs/gemm.cu): A, B and C live on the device; Launch enqueues one
// variant's product on the stream.
#include <string>
#include <vector>

#include "cuda/labs/cublas_library.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {

class GemmDevice {
 public:
  GemmDevice(const std::vector<float>& a, const std::vector<float>& b, int n);
  // "naive", "tiled8", "tiled16", "tiled32", "cublas"; RuntimeError for another id.
  void Launch(const std::string& variant);
  std::vector<float> DownloadC();
  cudaStream_t stream() const { return stream_.get(); }

 private:
  int n_;
  Stream stream_;
  DeviceBuffer a_, b_, c_;
  CublasHandle cublas_;  // made on the first cublas launch
};

// One product of a variant, for the tests.
std::vector<float> GemmOnDevice(const std::vector<float>& a, const std::vector<float>& b, int n,
                                const std::string& variant);

}  // namespace fl::cuda
