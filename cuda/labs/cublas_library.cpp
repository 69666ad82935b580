#include "cuda/labs/cublas_library.hpp"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace fl::cuda {

namespace {
template <typename Fn>
void Resolve(void* lib, const char* name, Fn& fn) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  if (!fn) throw RuntimeError(std::string("cuBLAS: the library has no ") + name);
}

CublasLibrary Load() {
  std::vector<std::string> names;
  if (const char* given = std::getenv("FILTERLAB_CUBLAS")) names.push_back(given);
  names.insert(names.end(), {"libcublas.so.13", "/usr/local/cuda/lib64/libcublas.so.13", "libcublas.so"});
  void* lib = nullptr;
  std::string tried;
  for (const auto& n : names) {
    if ((lib = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL))) break;
    tried += (tried.empty() ? "" : ", ") + n;
  }
  if (!lib) throw RuntimeError("cuBLAS not found (tried " + tried + "; set FILTERLAB_CUBLAS to its path)");
  CublasLibrary c;  // the library stays loaded for the life of the process
  Resolve(lib, "cublasCreate_v2", c.create);
  Resolve(lib, "cublasDestroy_v2", c.destroy);
  Resolve(lib, "cublasSetStream_v2", c.set_stream);
  Resolve(lib, "cublasSetMathMode", c.set_math_mode);
  Resolve(lib, "cublasSgemm_v2", c.sgemm);
  return c;
}

const char* StatusName(cublasStatus_t s) {
  switch (s) {
    case CUBLAS_STATUS_SUCCESS:
      return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED:
      return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED:
      return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE:
      return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH:
      return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_MAPPING_ERROR:
      return "CUBLAS_STATUS_MAPPING_ERROR";
    case CUBLAS_STATUS_EXECUTION_FAILED:
      return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR:
      return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED:
      return "CUBLAS_STATUS_NOT_SUPPORTED";
    default:
      return "an unknown cuBLAS status";
  }
}
}  // namespace

const CublasLibrary& Cublas() {
  static const CublasLibrary lib = Load();  // a failed load throws and is retried on the next call
  return lib;
}

void CheckCublas(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw RuntimeError(std::string("cuBLAS ") + what + " failed: " + StatusName(status) + " (" +
                       std::to_string(static_cast<int>(status)) + ")");
}

CublasHandle CublasHandle::Create(cudaStream_t stream) {
  const CublasLibrary& lib = Cublas();
  cublasHandle_t h = nullptr;
  CheckCublas(lib.create(&h), "cublasCreate");
  CublasHandle owner(h);
  CheckCublas(lib.set_stream(h, stream), "cublasSetStream");
  CheckCublas(lib.set_math_mode(h, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
  return owner;
}

void CublasHandle::Release(cublasHandle_t h) noexcept {
  const cublasStatus_t s = Cublas().destroy(h);  // loaded already: a handle exists
  if (s != CUBLAS_STATUS_SUCCESS) std::fprintf(stderr, "warning: cublasDestroy failed: %s\n", StatusName(s));
}

}  // namespace fl::cuda
