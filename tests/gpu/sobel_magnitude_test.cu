// The fast Sobel magnitude (cuda/filters/sobel_magnitude.cuh) equals the reference's arithmetic for every sum
// of squares a gray8 Sobel can produce: s = gx^2 + gy^2 from 0 to 2 * 1020^2.
#include <gtest/gtest.h>

#include <vector>

#include "core/cpu/sobel_math.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/filters/sobel_magnitude.cuh"
#include "cuda/owners.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

constexpr int kMaxSum = 2 * 1020 * 1020;

__global__ void AllMagnitudes(unsigned char* out) {
  const int s = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (s <= kMaxSum) out[s] = static_cast<unsigned char>(cuda::sobel_fast::MagnitudeByte(s));
}

TEST(SobelMagnitude, FastPathEqualsTheReferenceForEverySum) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  cuda::DeviceBuffer out = cuda::DeviceBuffer::Allocate(kMaxSum + 1);
  AllMagnitudes<<<(kMaxSum + 256) / 256, 256>>>(out.as<unsigned char>());
  FL_CUDA_CHECK_LAUNCH("AllMagnitudes");
  std::vector<unsigned char> got(kMaxSum + 1);
  FL_CUDA_CHECK(cudaMemcpy(got.data(), out.get(), got.size(), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int s = 0; s <= kMaxSum; ++s) {
    const unsigned want = sobel::ToGray8(sobel::SqrtRn(static_cast<float>(s)));
    if (got[s] != want && ++wrong <= 5)
      ADD_FAILURE() << "s = " << s << ": " << int(got[s]) << ", reference " << want;
  }
  EXPECT_EQ(wrong, 0);
}

}  // namespace
}  // namespace fl
