// The fast Sobel magnitude (cuda/filters/sobel_magnitude.cuh) equals the reference's arithmetic for every pair
// of gradients a gray8 Sobel can produce: gx and gy from -1020 to 1020, read from the halves of a half2 as the
// kernel reads them.
#include <cuda_fp16.h>
#include <gtest/gtest.h>

#include <vector>

#include "core/cpu/sobel_math.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/filters/sobel_magnitude.cuh"
#include "cuda/owners.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

constexpr int kMaxG = 1020, kSide = 2 * kMaxG + 1, kPairs = kSide * kSide;
// Pair p = (gx, gy) with gx = p % kSide - kMaxG, gy = p / kSide - kMaxG. Both are halves of one half2 (exact:
// integers of at most 2048), gx the low one and gy the high one, so both half readers are exercised.
__global__ void AllMagnitudes(unsigned char* out) {
  const int p = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (p >= kPairs) return;
  const __half2 g = __floats2half2_rn(static_cast<float>(p % kSide - kMaxG), static_cast<float>(p / kSide - kMaxG));
  const unsigned bits = cuda::sobel_fast::MagnitudeBits(__low2float(g), __high2float(g));
  out[p] = static_cast<unsigned char>(cuda::sobel_fast::Gray8Lanes(bits, bits) & 0xffu);
}

TEST(SobelMagnitude, FastPathEqualsTheReferenceForEveryGradientPair) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  cuda::DeviceBuffer out = cuda::DeviceBuffer::Allocate(kPairs);
  AllMagnitudes<<<(kPairs + 255) / 256, 256>>>(out.as<unsigned char>());
  FL_CUDA_CHECK_LAUNCH("AllMagnitudes");
  std::vector<unsigned char> got(kPairs);
  FL_CUDA_CHECK(cudaMemcpy(got.data(), out.get(), got.size(), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int p = 0; p < kPairs; ++p) {
    const int gx = p % kSide - kMaxG, gy = p / kSide - kMaxG;
    const unsigned want = sobel::ToGray8(sobel::SqrtRn(static_cast<float>(gx * gx + gy * gy)));
    if (got[static_cast<std::size_t>(p)] != want && ++wrong <= 5)
      ADD_FAILURE() << "gx = " << gx << ", gy = " << gy << ": " << int(got[static_cast<std::size_t>(p)])
                    << ", reference " << want;
  }
  EXPECT_EQ(wrong, 0);
}

}  // namespace
}  // namespace fl
