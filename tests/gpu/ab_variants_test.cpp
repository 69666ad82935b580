// Issue 5 on the GPU: the A/B comparison the lab runs (DeviceComparer on the two device outputs) finds no mismatch
// between two correct variants, and finds the halo-less 3x3 tile wrong on tile borders and nowhere else.
#include <gtest/gtest.h>

#include "common/test_images.hpp"
#include "cuda/compare/device_metrics.hpp"
#include "cuda/device_info.hpp"
#include "cuda/cuda_executor.hpp"
#include "cuda/transfer.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

class AbVariants : public testing::Test {
 protected:
  void SetUp() override {
    if (cuda::DeviceCount() == 0) GTEST_SKIP() << "no CUDA device: " << cuda::NoDeviceReason();
    stream_ = cuda::Stream::Create();
    limits_ = cuda::QueryDeviceLimits();
    transfer_.Upload(test::RandomImage(203, 97, PixelFormat::Gray8, 5), input_, stream_.get());
  }

  // Runs gauss3/`variant` with `launch` on the shared input into `out`.
  void Run(const std::string& variant, const LaunchConfig& launch, cuda::DeviceImage& out) {
    const FilterSpec& f = BuiltinRegistry().Get("gauss3");
    cuda::DeviceBuffer scratch;
    cuda::RunCudaVariant(limits_, f, BuiltinRegistry().GetVariant(f, variant), DefaultParams(f.params), launch,
                         input_.view(), out, scratch, stream_.get());
  }

  cuda::Stream stream_;
  DeviceLimits limits_;
  cuda::Transfer transfer_;
  cuda::DeviceImage input_;
};

TEST_F(AbVariants, TwoCorrectVariantsCompareWithZeroMismatches) {
  cuda::DeviceImage a, b;
  Run("naive", {32, 8, 1, true, 1}, a);
  Run("ppt4x4", {16, 16, 1, true, 1}, b);
  cuda::DeviceComparer comparer;
  const ImageMetrics m = comparer.Compare(a.view(), b.view(), 0.0, stream_.get());
  EXPECT_EQ(m.mismatches, 0u);
  EXPECT_EQ(m.max_abs, 0.0);
  EXPECT_FALSE(m.first_mismatch.has_value());
}

TEST_F(AbVariants, HalolessTileMismatchesExactlyOnTileBorders) {
  const LaunchConfig block{32, 8, 1, true, 1};
  cuda::DeviceImage a, b;
  Run("naive", block, a);
  Run("smem_nohalo", block, b);
  cuda::DeviceComparer comparer;
  const ImageMetrics m = comparer.Compare(a.view(), b.view(), 0.0, stream_.get());
  ASSERT_GT(m.mismatches, 0u) << "the halo-less tile should be wrong somewhere";
  ASSERT_TRUE(m.first_mismatch.has_value());

  // Where exactly: every mismatching pixel lies on an inner tile edge (the image's own edges are clamped anyway).
  const Image ha = transfer_.Download(a.view(), stream_.get()), hb = transfer_.Download(b.view(), stream_.get());
  std::size_t counted = 0, off_border = 0;
  for (int y = 0; y < ha.height(); ++y)
    for (int x = 0; x < ha.width(); ++x) {
      if (ha.Row<std::uint8_t>(y)[x] == hb.Row<std::uint8_t>(y)[x]) continue;
      ++counted;
      const bool border = (x % block.block_x == 0 && x > 0) || (x % block.block_x == block.block_x - 1 && x < ha.width() - 1) ||
                          (y % block.block_y == 0 && y > 0) || (y % block.block_y == block.block_y - 1 && y < ha.height() - 1);
      if (!border) ++off_border;
    }
  EXPECT_EQ(counted, m.mismatches) << "DeviceComparer and a host count disagree";
  EXPECT_EQ(off_border, 0u) << "mismatches away from tile borders";
  const auto [fx, fy] = *m.first_mismatch;
  EXPECT_TRUE(fx % block.block_x == 0 || fx % block.block_x == block.block_x - 1 || fy % block.block_y == 0 ||
              fy % block.block_y == block.block_y - 1)
      << "first mismatch at (" << fx << ", " << fy << ") is not on a tile border";
}

}  // namespace
}  // namespace fl
