// The display texture's CUDA writes, checked through GL in this process (an EGL context on the CUDA device):
// with storage shared with CUDA and with a registration mapped per write, every write must be what GL reads
// next, including a second write over the first (shared storage has no map to order them: the write waits for
// GL's noted use, and GL's next use for the write). Needs a CUDA device: skipped elsewhere.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "cuda/cuda_check.hpp"
#include "cuda/device_info.hpp"
#include "cuda/display/display_mips.hpp"
#include "cuda/owners.hpp"
#include "render/display_texture.hpp"
#include "render/egl_context.hpp"

namespace fl::uitest {
namespace {

std::vector<std::uint32_t> Pattern(int w, int h, std::uint32_t seed) {
  std::vector<std::uint32_t> p(static_cast<std::size_t>(w) * h);
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = static_cast<std::uint32_t>(i) * 2654435761u + seed;
  return p;
}

// Writes `level` of the texture from the host through TextureCudaWrite, then reads it back with glGetTexImage and
// notes that read as a frame's draw: the next write takes the cheap wait on that fence.
std::vector<std::uint32_t> WriteThenRead(render::DisplayTexture& tex, int level,
                                         const std::vector<std::uint32_t>& values, cudaStream_t stream) {
  const int w = cuda::MipSide(tex.width(), level), h = cuda::MipSide(tex.height(), level);
  {
    render::TextureCudaWrite write(tex, stream);
    const std::size_t row = static_cast<std::size_t>(w) * 4;
    FL_CUDA_CHECK(cudaMemcpy2DToArrayAsync(write.level(level), 0, 0, values.data(), row, row,
                                           static_cast<std::size_t>(h), cudaMemcpyHostToDevice, stream));
    write.Finish();
  }
  std::vector<std::uint32_t> back(values.size());
  glBindTexture(GL_TEXTURE_2D, tex.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_UNSIGNED_BYTE, back.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  render::CheckGl("reading the display texture back");
  tex.NoteDrawn();
  return back;
}

class SharedTexture : public testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    if (cuda::DeviceCount() == 0) GTEST_SKIP() << "no CUDA device: " << cuda::NoDeviceReason();
    context_ = render::EglContext::Create(0);
    if (shared && !render::SharedStorageUnavailable().empty()) GTEST_SKIP() << render::SharedStorageUnavailable();
    stream_ = cuda::Stream::Create();
    tex_.set_shared_storage(shared);
  }
  const bool shared = GetParam();  // storage shared with CUDA, or the registration mapped per write
  // Declared in the order of creation: the texture goes while the context is still current.
  std::unique_ptr<render::EglContext> context_;
  cuda::Stream stream_;
  render::DisplayTexture tex_;
};

TEST_P(SharedTexture, EveryWriteIsWhatGlReadsNext) {
  render::DisplayTexture& tex = tex_;
  const cudaStream_t stream = stream_.get();
  tex.Ensure(1023, 769, true);
  ASSERT_TRUE(tex.has_interop()) << tex.interop_error();
  EXPECT_EQ(tex.has_shared_storage(), shared) << tex.interop_path();
  EXPECT_EQ(tex.interop_path(), shared ? "shared storage" : "mapped per write (shared storage switched off)");
  const int last = cuda::MipLevelCount(1023, 769) - 1;
  for (const int level : {0, 3, last})
    for (const std::uint32_t seed : {1u, 77u}) {  // the second write over the first
      SCOPED_TRACE("level " + std::to_string(level) + " seed " + std::to_string(seed));
      const auto values =
          Pattern(cuda::MipSide(1023, level), cuda::MipSide(769, level), seed + static_cast<std::uint32_t>(level));
      EXPECT_EQ(WriteThenRead(tex, level, values, stream), values);
    }
  // A new size makes a new storage, which must work as the first did.
  tex.Ensure(17, 13, true);
  EXPECT_EQ(tex.has_shared_storage(), shared);
  const auto values = Pattern(17, 13, 5);
  EXPECT_EQ(WriteThenRead(tex, 0, values, stream), values);
}

// A texture first made for a CPU output (no interop) is made again when CUDA wants the same size, with shared
// storage, and works as one made for CUDA from the start.
TEST_P(SharedTexture, ATextureMadeForUploadsTakesInteropLater) {
  render::DisplayTexture& tex = tex_;
  const cudaStream_t stream = stream_.get();
  tex.Ensure(64, 48, false);
  EXPECT_FALSE(tex.has_interop());
  tex.Ensure(64, 48, true);
  ASSERT_TRUE(tex.has_interop()) << tex.interop_error();
  EXPECT_EQ(tex.interop_path(), shared ? "shared storage" : "mapped per write (shared storage switched off)");
  const auto values = Pattern(64, 48, 9);
  EXPECT_EQ(WriteThenRead(tex, 0, values, stream), values);
}

INSTANTIATE_TEST_SUITE_P(Paths, SharedTexture, testing::Values(true, false),
                         [](const testing::TestParamInfo<bool>& i) { return i.param ? "Shared" : "Mapped"; });

}  // namespace
}  // namespace fl::uitest
