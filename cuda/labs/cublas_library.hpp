#pragma once
// cuBLAS, loaded at run time. The toolkit here has no static cuBLAS, and linking the shared one would make
// every binary need libcublas.so.13 and libcublasLt.so.13 (about 600 MB, which scripts/pack_for_gpu.sh would
// then carry to the GPU machine). Loading it with dlopen keeps the binaries free of it: only the gemm lab's
// `cublas` variant needs it, and without it that variant says so. FILTERLAB_CUBLAS may name the library file.
#include <cublas_v2.h>

#include "cuda/owners.hpp"

namespace fl::cuda {

struct CublasLibrary {
  decltype(&cublasCreate_v2) create = nullptr;
  decltype(&cublasDestroy_v2) destroy = nullptr;
  decltype(&cublasSetStream_v2) set_stream = nullptr;
  decltype(&cublasSetMathMode) set_math_mode = nullptr;
  decltype(&cublasSgemm_v2) sgemm = nullptr;
};
// Loaded once; throws RuntimeError naming the files tried when cuBLAS cannot be loaded.
const CublasLibrary& Cublas();

// Throws RuntimeError "cuBLAS <what> failed: CUBLAS_STATUS_..." unless `status` is CUBLAS_STATUS_SUCCESS.
void CheckCublas(cublasStatus_t status, const char* what);

// A cuBLAS handle, destroyed with its owner.
class CublasHandle : public UniqueHandle<cublasHandle_t, CublasHandle> {
 public:
  CublasHandle() = default;
  static CublasHandle Create(cudaStream_t stream);  // bound to `stream`, default (no TF32) math
  static void Release(cublasHandle_t h) noexcept;

 private:
  using UniqueHandle::UniqueHandle;
};

}  // namespace fl::cuda
