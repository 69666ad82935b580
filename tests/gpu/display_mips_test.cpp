// The display texture's mip levels built on the device (cuda/display/display_mips): every level the rounded
// 2x2 mean of the one above, exactly, on even, odd and one-pixel sides; and the level count and sizes that
// the GL texture allocates.
#include "cuda/display/display_mips.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "cuda/cuda_check.hpp"
#include "cuda/display/display_convert.hpp"
#include "cuda/owners.hpp"
#include "cuda/transfer.hpp"
#include "gpu/gpu_support.hpp"

namespace fl {
namespace {

// A surface-capable RGBA8 CUDA array and a surface over it, released in the right order.
class SurfaceArray {
 public:
  SurfaceArray(int w, int h) {
    const cudaChannelFormatDesc desc = cudaCreateChannelDesc<uchar4>();
    FL_CUDA_CHECK(cudaMallocArray(&array_, &desc, static_cast<std::size_t>(w), static_cast<std::size_t>(h),
                                  cudaArraySurfaceLoadStore));
    cudaResourceDesc res{};
    res.resType = cudaResourceTypeArray;
    res.res.array.array = array_;
    const cudaError_t made = cudaCreateSurfaceObject(&surface_, &res);
    if (made != cudaSuccess)
      cuda::LogReleaseError(cudaFreeArray(array_), "cudaFreeArray");  // no destructor runs
    FL_CUDA_CHECK(made);
  }
  SurfaceArray(const SurfaceArray&) = delete;
  SurfaceArray& operator=(const SurfaceArray&) = delete;
  ~SurfaceArray() {
    cuda::LogReleaseError(cudaDestroySurfaceObject(surface_), "cudaDestroySurfaceObject");
    cuda::LogReleaseError(cudaFreeArray(array_), "cudaFreeArray");
  }
  cudaArray_t array() const { return array_; }
  cudaSurfaceObject_t surface() const { return surface_; }

 private:
  cudaArray_t array_ = nullptr;
  cudaSurfaceObject_t surface_ = 0;
};

std::vector<std::uint8_t> Mean2x2(const std::vector<std::uint8_t>& src, int sw, int sh, int dw, int dh) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(dw) * dh * 4);
  for (int y = 0; y < dh; ++y)
    for (int x = 0; x < dw; ++x)
      for (int c = 0; c < 4; ++c) {
        const int x0 = std::min(2 * x, sw - 1), x1 = std::min(2 * x + 1, sw - 1);
        const int y0 = std::min(2 * y, sh - 1), y1 = std::min(2 * y + 1, sh - 1);
        auto at = [&](int px, int py) { return src[(static_cast<std::size_t>(py) * sw + px) * 4 + c]; };
        out[(static_cast<std::size_t>(y) * dw + x) * 4 + c] =
            static_cast<std::uint8_t>((at(x0, y0) + at(x1, y0) + at(x0, y1) + at(x1, y1) + 2) / 4);
      }
  return out;
}

std::vector<std::uint8_t> ReadLevel(const SurfaceArray& a, int w, int h) {
  std::vector<std::uint8_t> got(static_cast<std::size_t>(w) * h * 4);
  FL_CUDA_CHECK(cudaMemcpy2DFromArray(got.data(), static_cast<std::size_t>(w) * 4, a.array(), 0, 0,
                                      static_cast<std::size_t>(w) * 4, static_cast<std::size_t>(h),
                                      cudaMemcpyDeviceToHost));
  return got;
}

TEST(DisplayMips, LevelCountAndSizesFollowGl) {
  EXPECT_EQ(cuda::MipLevelCount(1, 1), 1);
  EXPECT_EQ(cuda::MipLevelCount(2, 1), 2);
  EXPECT_EQ(cuda::MipLevelCount(3840, 2160), 12);
  EXPECT_EQ(cuda::MipSide(2160, 4), 135);
  EXPECT_EQ(cuda::MipSide(2160, 5), 67);
  EXPECT_EQ(cuda::MipSide(2160, 11), 1);
  EXPECT_EQ(cuda::MipSide(5, 3), 1);
}

// The chain (a launch per five levels) must give every level as the rounded mean of the 2 x 2 above it, computed
// here level after level, on sides even, odd, of one pixel, and wider than a launch's 32-pixel tiles.
TEST(DisplayMips, EachLevelIsTheRoundedMeanOfTheOneAbove) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  std::mt19937 rng(11);
  for (const auto& [w, h] : {std::pair{1, 1}, std::pair{2, 2}, std::pair{3, 2}, std::pair{7, 1}, std::pair{1, 5},
                             std::pair{17, 13}, std::pair{64, 48}, std::pair{135, 67}, std::pair{1, 300},
                             std::pair{1023, 769}, std::pair{3840, 2160}}) {
    SCOPED_TRACE(testing::Message() << w << "x" << h);
    const int count = cuda::MipLevelCount(w, h);
    std::vector<std::unique_ptr<SurfaceArray>> levels;
    std::vector<cudaSurfaceObject_t> surfaces;
    for (int l = 0; l < count; ++l) {
      levels.push_back(std::make_unique<SurfaceArray>(cuda::MipSide(w, l), cuda::MipSide(h, l)));
      surfaces.push_back(levels.back()->surface());
    }
    std::vector<std::uint8_t> want(static_cast<std::size_t>(w) * h * 4);
    for (auto& v : want) v = static_cast<std::uint8_t>(rng());
    FL_CUDA_CHECK(cudaMemcpy2DToArray(levels[0]->array(), 0, 0, want.data(), static_cast<std::size_t>(w) * 4,
                                      static_cast<std::size_t>(w) * 4, static_cast<std::size_t>(h),
                                      cudaMemcpyHostToDevice));
    cuda::WriteMipChainRgba8(surfaces.data(), count, w, h, nullptr);
    FL_CUDA_CHECK(cudaDeviceSynchronize());
    for (int l = 1; l < count; ++l) {
      const int sw = cuda::MipSide(w, l - 1), sh = cuda::MipSide(h, l - 1);
      const int dw = cuda::MipSide(w, l), dh = cuda::MipSide(h, l);
      want = Mean2x2(want, sw, sh, dw, dh);
      ASSERT_EQ(ReadLevel(*levels[l], dw, dh), want) << "level " << l;
    }
  }
}

// The conversion that also writes level 1 must give level 0 exactly as the plain conversion, and level 1 exactly
// as the mip rule makes it from level 0: every format, odd sides, one-pixel sides, and a display step.
TEST(DisplayMips, ConversionWithLevelOneGivesBothLevelsExactly) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  std::mt19937 rng(13);
  cuda::Transfer transfer;
  cuda::DisplayConverter converter;
  for (const PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f})
    for (const auto& [w, h] : {std::pair{2, 1}, std::pair{1, 2}, std::pair{3, 2}, std::pair{17, 13},
                               std::pair{1, 300}, std::pair{1023, 769}})
      for (const int step : {1, 3}) {
        SCOPED_TRACE(testing::Message() << ToString(f) << " " << w << "x" << h << " step " << step);
        Image src(w, h, f);
        if (f == PixelFormat::Gray32f) {
          std::uniform_real_distribution<float> value(-1.0f, 2.0f);
          for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) src.Row<float>(y)[x] = x == 5 ? std::nanf("") : value(rng);
        } else {
          for (std::size_t i = 0; i < src.shape().Bytes(); ++i) src.data()[i] = static_cast<std::uint8_t>(rng());
        }
        cuda::DeviceImage dev;
        transfer.Upload(src, dev, nullptr);
        const int dw = cuda::DisplaySide(w, step), dh = cuda::DisplaySide(h, step);
        if (cuda::MipLevelCount(dw, dh) < 2) continue;  // no level 1 to write (a 1x1 display)
        const int w1 = cuda::MipSide(dw, 1), h1 = cuda::MipSide(dh, 1);
        SurfaceArray plain(dw, dh), level0(dw, dh), level1(w1, h1);
        const cuda::ValueRange range{-1.0f, 2.0f, true};
        converter.ToSurface(dev.view(), step, range, plain.surface(), nullptr);
        converter.ToSurfaceAndLevel1(dev.view(), step, range, level0.surface(), level1.surface(), nullptr);
        FL_CUDA_CHECK(cudaDeviceSynchronize());
        const std::vector<std::uint8_t> want0 = ReadLevel(plain, dw, dh);
        EXPECT_EQ(ReadLevel(level0, dw, dh), want0);
        EXPECT_EQ(ReadLevel(level1, w1, h1), Mean2x2(want0, dw, dh, w1, h1));
      }
}

}  // namespace
}  // namespace fl
