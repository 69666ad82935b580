#include <gtest/gtest.h>
#include "cuda/device_info.hpp"
TEST(GpuSmoke, DeviceCount) {
  if (fl::cuda::DeviceCount() == 0) GTEST_SKIP() << "no CUDA device: " << fl::cuda::NoDeviceReason();
  EXPECT_GT(fl::cuda::QueryDeviceLimits().max_threads_per_block, 0);
}
