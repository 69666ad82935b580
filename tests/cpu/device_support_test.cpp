// Which GPUs the kernels run on: compute capability 8.0 and newer (cp.async, tensor-core mma m16n8k16). An older
// one is named with its capability, so that the lab's CPU backend can say why it runs instead.
#include <gtest/gtest.h>

#include "cuda/device_info.hpp"

namespace fl {
namespace {

TEST(DeviceSupport, AmpereAndNewerRunTheKernels) {
  EXPECT_EQ(cuda::UnsupportedComputeReason("NVIDIA A100", 8, 0), "");
  EXPECT_EQ(cuda::UnsupportedComputeReason("NVIDIA GeForce RTX 3080", 8, 6), "");
  EXPECT_EQ(cuda::UnsupportedComputeReason("NVIDIA H100", 9, 0), "");
  EXPECT_EQ(cuda::UnsupportedComputeReason("NVIDIA GeForce RTX 5090", 12, 0), "");
}

TEST(DeviceSupport, AnOlderGpuIsNamedWithItsCapabilityAndTheNeed) {
  EXPECT_EQ(cuda::UnsupportedComputeReason("NVIDIA GeForce RTX 2080", 7, 5),
            "the CUDA device NVIDIA GeForce RTX 2080 has compute capability 7.5; Filter Lab's kernels need 8.0 or "
            "newer");
}

// Whatever this machine has, the two answers agree: devices to use, or a reason why none.
TEST(DeviceSupport, DeviceCountAndItsReasonAgree) {
  if (cuda::DeviceCount() > 0)
    EXPECT_EQ(cuda::NoDeviceReason(), "");
  else
    EXPECT_NE(cuda::NoDeviceReason(), "");
}

}  // namespace
}  // namespace fl
