#pragma once
// FL_HOST_DEVICE marks arithmetic shared verbatim by the CPU reference and the CUDA kernels (so that both are
// bit-identical): __host__ __device__ under nvcc, nothing for the host compiler. core/ stays free of the CUDA
// runtime; only the annotation changes.
#if defined(__CUDACC__)
#define FL_HOST_DEVICE __host__ __device__
#else
#define FL_HOST_DEVICE
#endif
