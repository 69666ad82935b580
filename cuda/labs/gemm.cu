#include "core/error.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/kernel_util.cuh"
#include "cuda/labs/gemm_device.hpp"

namespace fl::cuda {
namespace {

// One thread per C entry, every operand from global memory.
__global__ void NaiveGemm(const float* a, const float* b, float* c, int n) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x, row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= n || col >= n) return;
  float sum = 0;
  for (int k = 0; k < n; ++k)
    sum += a[static_cast<std::size_t>(row) * n + k] * b[static_cast<std::size_t>(k) * n + col];
  c[static_cast<std::size_t>(row) * n + col] = sum;
}

// T x T shared tiles, T x T threads, one C entry each. Out-of-range tile cells load as 0 (they add nothing).
template <int T>
__global__ void TiledGemm(const float* a, const float* b, float* c, int n) {
  __shared__ float as[T][T];
  __shared__ float bs[T][T];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * T + tx, row = blockIdx.y * T + ty;
  float sum = 0;
  for (int k0 = 0; k0 < n; k0 += T) {
    as[ty][tx] = row < n && k0 + tx < n ? a[static_cast<std::size_t>(row) * n + k0 + tx] : 0.0f;
    bs[ty][tx] = k0 + ty < n && col < n ? b[static_cast<std::size_t>(k0 + ty) * n + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < T; ++k) sum += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  if (row < n && col < n) c[static_cast<std::size_t>(row) * n + col] = sum;
}

// 32 x 32 shared tiles with 32 x 8 threads: each thread owns rows ty, ty+8, ty+16, ty+24 of its column, so
// one B value from shared memory feeds 4 multiply-adds (the A values are warp-wide broadcasts).
constexpr int kTile = 32, kRowsPerThread = 4, kBlockRows = kTile / kRowsPerThread;
__global__ void __launch_bounds__(kTile* kBlockRows)
    Tiled32Gemm(const float* a, const float* b, float* c, int n) {
  __shared__ float as[kTile][kTile];
  __shared__ float bs[kTile][kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * kTile + tx, row0 = blockIdx.y * kTile + ty;
  float sum[kRowsPerThread] = {};
  for (int k0 = 0; k0 < n; k0 += kTile) {
#pragma unroll
    for (int r = 0; r < kRowsPerThread; ++r) {
      const int tr = ty + r * kBlockRows, row = row0 + r * kBlockRows;
      as[tr][tx] = row < n && k0 + tx < n ? a[static_cast<std::size_t>(row) * n + k0 + tx] : 0.0f;
      bs[tr][tx] = k0 + tr < n && col < n ? b[static_cast<std::size_t>(k0 + tr) * n + col] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kTile; ++k) {
      const float bv = bs[k][tx];
#pragma unroll
      for (int r = 0; r < kRowsPerThread; ++r) sum[r] += as[ty + r * kBlockRows][k] * bv;
    }
    __syncthreads();
  }
#pragma unroll
  for (int r = 0; r < kRowsPerThread; ++r) {
    const int row = row0 + r * kBlockRows;
    if (row < n && col < n) c[static_cast<std::size_t>(row) * n + col] = sum[r];
  }
}

template <int T>
void LaunchTiled(const float* a, const float* b, float* c, int n, cudaStream_t s) {
  TiledGemm<T><<<dim3(DivUp(n, T), DivUp(n, T)), dim3(T, T), 0, s>>>(a, b, c, n);
  FL_CUDA_CHECK_LAUNCH("TiledGemm");
}

}  // namespace

GemmDevice::GemmDevice(const std::vector<float>& a, const std::vector<float>& b, int n)
    : n_(n), stream_(Stream::Create()) {
  const std::size_t bytes = static_cast<std::size_t>(n) * n * sizeof(float);
  a_ = DeviceBuffer::Allocate(bytes);
  b_ = DeviceBuffer::Allocate(bytes);
  c_ = DeviceBuffer::Allocate(bytes);
  FL_CUDA_CHECK(cudaMemcpy(a_.get(), a.data(), bytes, cudaMemcpyHostToDevice));
  FL_CUDA_CHECK(cudaMemcpy(b_.get(), b.data(), bytes, cudaMemcpyHostToDevice));
}

void GemmDevice::Launch(const std::string& variant) {
  const float* a = a_.as<float>();
  const float* b = b_.as<float>();
  float* c = c_.as<float>();
  const cudaStream_t s = stream_.get();
  if (variant == "naive") {
    NaiveGemm<<<dim3(DivUp(n_, 16), DivUp(n_, 16)), dim3(16, 16), 0, s>>>(a, b, c, n_);
    FL_CUDA_CHECK_LAUNCH("NaiveGemm");
  } else if (variant == "tiled8") {
    LaunchTiled<8>(a, b, c, n_, s);
  } else if (variant == "tiled16") {
    LaunchTiled<16>(a, b, c, n_, s);
  } else if (variant == "tiled32") {
    Tiled32Gemm<<<dim3(DivUp(n_, kTile), DivUp(n_, kTile)), dim3(kTile, kBlockRows), 0, s>>>(a, b, c, n_);
    FL_CUDA_CHECK_LAUNCH("Tiled32Gemm");
  } else if (variant == "cublas") {
    if (!cublas_) cublas_ = CublasHandle::Create(s);
    // cuBLAS is column-major: a row-major matrix is its transpose, so C^T = B^T A^T is computed as is.
    const float one = 1.0f, zero = 0.0f;
    CheckCublas(
        Cublas().sgemm(cublas_.get(), CUBLAS_OP_N, CUBLAS_OP_N, n_, n_, n_, &one, b, n_, a, n_, &zero, c, n_),
        "cublasSgemm");
  } else {
    throw RuntimeError("gemm: no CUDA variant '" + variant + "'");
  }
}

std::vector<float> GemmDevice::DownloadC() {
  std::vector<float> c(static_cast<std::size_t>(n_) * n_);
  FL_CUDA_CHECK(
      cudaMemcpyAsync(c.data(), c_.get(), c.size() * sizeof(float), cudaMemcpyDeviceToHost, stream_.get()));
  stream_.Synchronize();
  return c;
}

std::vector<float> GemmOnDevice(const std::vector<float>& a, const std::vector<float>& b, int n,
                                const std::string& variant) {
  GemmDevice device(a, b, n);
  device.Launch(variant);
  return device.DownloadC();
}

}  // namespace fl::cuda
