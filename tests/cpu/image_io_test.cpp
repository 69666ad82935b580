// Image files: every bundled asset and every format stb_image reads (mapped onto gray8 / rgba8 / gray32f as
// core/image_io.hpp documents). Bad files and saving: image_save_test.cpp.
#include <gtest/gtest.h>
#include <stb/stb_image_write.h>

#include <filesystem>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "image_io_fixture.hpp"

namespace fl {
namespace {

namespace fs = std::filesystem;
using namespace test;  // the fixture and its helpers (image_io_fixture.hpp)

// ---- Bundled assets ----

TEST(Assets, EveryAssetLoadsWithItsShape) {
  struct Expect {
    const char* name;
    int w, h;
    PixelFormat format;
  };
  for (const Expect& e : {Expect{"astronaut.png", 512, 512, PixelFormat::Rgba8}, {"camera.png", 512, 512, PixelFormat::Gray8},
                          {"chelsea.png", 451, 300, PixelFormat::Rgba8}, {"coffee.png", 600, 400, PixelFormat::Rgba8},
                          {"page.png", 384, 191, PixelFormat::Gray8},
                          {"hubble_deep_field.jpg", 1000, 872, PixelFormat::Rgba8}}) {
    const Image img = LoadImage(test::AssetPath(e.name));
    EXPECT_EQ(img.shape(), (ImageShape{e.w, e.h, e.format})) << e.name;
    if (e.format == PixelFormat::Rgba8) {  // RGB files: opaque
      bool opaque = true;
      for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) opaque &= At(img, x, y, 3) == 255;
      EXPECT_TRUE(opaque) << e.name;
    }
  }
}

TEST(Assets, EveryImageInTheFolderLoads) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(test::AssetPath(""))) {
    const std::string ext = e.path().extension().string();
    if (ext != ".png" && ext != ".jpg") continue;
    EXPECT_NO_THROW(LoadImage(e.path().string())) << e.path();
    ++n;
  }
  EXPECT_GE(n, 6);
}

// ---- Formats through stb_image_write ----

TEST_F(ImageIo, PngEveryChannelCount) {
  const int w = 7, h = 5;
  for (int comp : {1, 2, 3, 4}) {
    SCOPED_TRACE("channels " + std::to_string(comp));
    const Bytes px = Pattern(w, h, comp);
    const std::string path = Path("c" + std::to_string(comp) + ".png");
    ASSERT_TRUE(stbi_write_png(path.c_str(), w, h, comp, px.data(), w * comp));
    const Image img = LoadImage(path);
    const bool grey = comp <= 2;  // grey and grey+alpha load as gray8, alpha dropped
    ASSERT_EQ(img.shape(), (ImageShape{w, h, grey ? PixelFormat::Gray8 : PixelFormat::Rgba8}));
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const std::uint8_t* src = &px[(static_cast<std::size_t>(y) * w + x) * comp];
        if (grey) {
          ASSERT_EQ(At(img, x, y), src[0]);
        } else {
          for (int c = 0; c < 3; ++c) ASSERT_EQ(At(img, x, y, c), src[c]);
          ASSERT_EQ(At(img, x, y, 3), comp == 4 ? src[3] : 255);
        }
      }
  }
}

TEST_F(ImageIo, Jpeg) {
  // Flat colour survives JPEG almost exactly.
  const int w = 16, h = 16;
  Bytes rgb(w * h * 3);
  for (std::size_t i = 0; i < rgb.size(); i += 3) rgb[i] = 200, rgb[i + 1] = 40, rgb[i + 2] = 120;
  ASSERT_TRUE(stbi_write_jpg(Path("c.jpg").c_str(), w, h, 3, rgb.data(), 100));
  const Image c = LoadImage(Path("c.jpg"));
  ASSERT_EQ(c.shape(), (ImageShape{w, h, PixelFormat::Rgba8}));
  EXPECT_NEAR(At(c, 5, 5, 0), 200, 4);
  EXPECT_NEAR(At(c, 5, 5, 1), 40, 4);
  EXPECT_NEAR(At(c, 5, 5, 2), 120, 4);
  EXPECT_EQ(At(c, 5, 5, 3), 255);
  // A one-component JPEG (stb_image_write cannot make one: tests/data/README.md).
  const Image g = LoadImage(test::TestDataPath("grey_16x8.jpg"));
  ASSERT_EQ(g.shape(), (ImageShape{16, 8, PixelFormat::Gray8}));
  EXPECT_NEAR(At(g, 2, 3), 90, 2);
  EXPECT_NEAR(At(g, 13, 3), 200, 2);
}

TEST_F(ImageIo, Bmp) {
  const int w = 5, h = 3;  // odd width: BMP rows are padded to 4 bytes
  const Bytes rgb = Pattern(w, h, 3);
  ASSERT_TRUE(stbi_write_bmp(Path("c.bmp").c_str(), w, h, 3, rgb.data()));
  const Image img = LoadImage(Path("c.bmp"));
  ASSERT_EQ(img.shape(), (ImageShape{w, h, PixelFormat::Rgba8}));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 3; ++c) ASSERT_EQ(At(img, x, y, c), rgb[(y * w + x) * 3 + c]) << x << "," << y;
}

TEST_F(ImageIo, TgaWithAndWithoutRle) {
  const int w = 6, h = 4;
  for (int rle : {1, 0}) {
    stbi_write_tga_with_rle = rle;
    for (int comp : {1, 3, 4}) {
      SCOPED_TRACE("rle " + std::to_string(rle) + " channels " + std::to_string(comp));
      const Bytes px = Pattern(w, h, comp);
      const std::string path = Path("t" + std::to_string(rle) + std::to_string(comp) + ".tga");
      ASSERT_TRUE(stbi_write_tga(path.c_str(), w, h, comp, px.data()));
      const Image img = LoadImage(path);
      ASSERT_EQ(img.format(), comp == 1 ? PixelFormat::Gray8 : PixelFormat::Rgba8);
      ASSERT_EQ(img.width(), w);
      for (int c = 0; c < comp; ++c) EXPECT_EQ(At(img, 2, 3, c), px[(3 * w + 2) * comp + c]);
    }
  }
  stbi_write_tga_with_rle = 1;
}

TEST_F(ImageIo, HdrGreyLoadsAsFloat) {
  const int w = 4, h = 3;
  std::vector<float> v(w * h);
  for (int i = 0; i < w * h; ++i) v[i] = 0.01f + 1.7f * i;  // beyond 1: the point of HDR
  ASSERT_TRUE(stbi_write_hdr(Path("g.hdr").c_str(), w, h, 1, v.data()));
  const Image img = LoadImage(Path("g.hdr"));
  ASSERT_EQ(img.shape(), (ImageShape{w, h, PixelFormat::Gray32f}));
  for (int i = 0; i < w * h; ++i)  // RGBE keeps 8 bits of mantissa
    EXPECT_NEAR(img.Row<float>(i / w)[i % w], v[i], v[i] / 64) << i;
}

TEST_F(ImageIo, HdrColourLoadsAsClampedRgba8) {
  const int w = 2, h = 1;
  const std::vector<float> v = {0.5f, 2.0f, 0.0f, 0.25f, 0.25f, 1.0f};
  ASSERT_TRUE(stbi_write_hdr(Path("c.hdr").c_str(), w, h, 3, v.data()));
  const Image img = LoadImage(Path("c.hdr"));
  ASSERT_EQ(img.shape(), (ImageShape{w, h, PixelFormat::Rgba8}));
  EXPECT_NEAR(At(img, 0, 0, 0), 128, 1);
  EXPECT_EQ(At(img, 0, 0, 1), 255);  // 2.0 clamps
  EXPECT_EQ(At(img, 0, 0, 2), 0);
  EXPECT_NEAR(At(img, 1, 0, 0), 64, 1);
  EXPECT_EQ(At(img, 1, 0, 2), 255);
  EXPECT_EQ(At(img, 1, 0, 3), 255);
}

// ---- Formats written by hand (tests/cpu/image_fixtures) ----

TEST_F(ImageIo, Png16BitIsReducedTo8) {
  const std::vector<int> grey = {0x0000, 0x1234, 0x80FF, 0xFFFF, 0x00FF, 0xFF00};
  const Image g = LoadImage(Write("g16.png", test::EncodePng(3, 2, 0, 16, grey)));
  ASSERT_EQ(g.shape(), (ImageShape{3, 2, PixelFormat::Gray8}));
  EXPECT_EQ(At(g, 0, 0), 0x00);
  EXPECT_EQ(At(g, 1, 0), 0x12);
  EXPECT_EQ(At(g, 2, 0), 0x80);
  EXPECT_EQ(At(g, 0, 1), 0xFF);
  EXPECT_EQ(At(g, 1, 1), 0x00);
  EXPECT_EQ(At(g, 2, 1), 0xFF);
  const std::vector<int> rgba = {0xFFFF, 0x8000, 0x0100, 0x4000, 0x0000, 0xABCD, 0xFFFF, 0xFFFF};
  const Image c = LoadImage(Write("c16.png", test::EncodePng(2, 1, 6, 16, rgba)));
  ASSERT_EQ(c.shape(), (ImageShape{2, 1, PixelFormat::Rgba8}));
  for (int i = 0; i < 8; ++i) EXPECT_EQ(c.data()[i], rgba[i] >> 8) << i;
  const Image ga = LoadImage(Write("ga16.png", test::EncodePng(1, 1, 4, 16, {0x7F00, 0x1000})));
  ASSERT_EQ(ga.shape(), (ImageShape{1, 1, PixelFormat::Gray8}));
  EXPECT_EQ(At(ga, 0, 0), 0x7F);
}

TEST_F(ImageIo, PalettePngIsExpanded) {
  const Bytes palette = {255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30};
  const std::vector<int> idx = {0, 1, 2, 3, 3, 0};
  const Image img = LoadImage(Write("p.png", test::EncodePng(3, 2, 3, 8, idx, palette)));
  ASSERT_EQ(img.shape(), (ImageShape{3, 2, PixelFormat::Rgba8}));
  for (int i = 0; i < 6; ++i)
    for (int c = 0; c < 3; ++c) EXPECT_EQ(img.data()[i * 4 + c], palette[idx[i] * 3 + c]) << i;
  EXPECT_EQ(img.data()[3], 255);
  // With transparency (tRNS): alpha per palette entry.
  const Image t = LoadImage(Write("pt.png", test::EncodePng(3, 2, 3, 8, idx, palette, {0, 128})));
  ASSERT_EQ(t.format(), PixelFormat::Rgba8);
  EXPECT_EQ(t.data()[0 * 4 + 3], 0);
  EXPECT_EQ(t.data()[1 * 4 + 3], 128);
  EXPECT_EQ(t.data()[2 * 4 + 3], 255);
}

TEST_F(ImageIo, GifFirstFrame) {
  const Bytes palette = {0, 0, 0, 255, 255, 255, 200, 10, 10, 10, 10, 200};
  const Bytes first = {0, 1, 2, 3, 2, 1}, second = {3, 3, 3, 3, 3, 3};
  const Image img = LoadImage(Write("a.gif", test::EncodeGif(3, 2, palette, {first, second})));
  ASSERT_EQ(img.shape(), (ImageShape{3, 2, PixelFormat::Rgba8}));
  for (int i = 0; i < 6; ++i) {
    for (int c = 0; c < 3; ++c) EXPECT_EQ(img.data()[i * 4 + c], palette[first[i] * 3 + c]) << i;
    EXPECT_EQ(img.data()[i * 4 + 3], 255);
  }
}

TEST_F(ImageIo, Psd) {
  const Bytes rgb = Pattern(4, 3, 3);
  const Image img = LoadImage(Write("a.psd", test::EncodePsd(4, 3, rgb)));
  ASSERT_EQ(img.shape(), (ImageShape{4, 3, PixelFormat::Rgba8}));
  for (int i = 0; i < 12; ++i) {
    for (int c = 0; c < 3; ++c) EXPECT_EQ(img.data()[i * 4 + c], rgb[i * 3 + c]) << i;
    EXPECT_EQ(img.data()[i * 4 + 3], 255);
  }
}

TEST_F(ImageIo, Pnm) {
  const std::vector<int> g = {0, 17, 255, 128, 3, 99};
  const Image pgm = LoadImage(Write("a.pgm", test::EncodePnm(3, 2, 1, 255, g, "a comment")));
  ASSERT_EQ(pgm.shape(), (ImageShape{3, 2, PixelFormat::Gray8}));
  for (int i = 0; i < 6; ++i) EXPECT_EQ(pgm.data()[i], g[i]);
  std::vector<int> rgb(2 * 2 * 3);
  for (std::size_t i = 0; i < rgb.size(); ++i) rgb[i] = static_cast<int>(i * 20);
  const Image ppm = LoadImage(Write("a.ppm", test::EncodePnm(2, 2, 3, 255, rgb)));
  ASSERT_EQ(ppm.shape(), (ImageShape{2, 2, PixelFormat::Rgba8}));
  for (int i = 0; i < 4; ++i) {
    for (int c = 0; c < 3; ++c) EXPECT_EQ(ppm.data()[i * 4 + c], rgb[i * 3 + c]);
    EXPECT_EQ(ppm.data()[i * 4 + 3], 255);
  }
}

TEST_F(ImageIo, Pnm16BitIsReducedTo8) {
  const std::vector<int> g = {0x0000, 0x1234, 0xFFFF, 0x8000};
  const Image pgm = LoadImage(Write("a16.pgm", test::EncodePnm(2, 2, 1, 65535, g)));
  ASSERT_EQ(pgm.shape(), (ImageShape{2, 2, PixelFormat::Gray8}));
  EXPECT_EQ(pgm.data()[0], 0x00);
  EXPECT_EQ(pgm.data()[1], 0x12);
  EXPECT_EQ(pgm.data()[2], 0xFF);
  EXPECT_EQ(pgm.data()[3], 0x80);
  const std::vector<int> rgb = {0xFFFF, 0x0000, 0x4000, 0x1234, 0xABCD, 0x0101};
  const Image ppm = LoadImage(Write("a16.ppm", test::EncodePnm(2, 1, 3, 65535, rgb)));
  ASSERT_EQ(ppm.shape(), (ImageShape{2, 1, PixelFormat::Rgba8}));
  for (int i = 0; i < 2; ++i) {
    for (int c = 0; c < 3; ++c) EXPECT_EQ(ppm.data()[i * 4 + c], rgb[i * 3 + c] >> 8) << i << "," << c;
    EXPECT_EQ(ppm.data()[i * 4 + 3], 255);
  }
}

TEST_F(ImageIo, DecodeFromMemoryFollowsTheSameRules) {
  const Bytes png = test::EncodePng(2, 2, 2, 8, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  const Image img = DecodeImage(png.data(), png.size(), "in-memory.png");
  EXPECT_EQ(img, LoadImage(Write("m.png", png)));
  try {
    DecodeImage(png.data(), 10, "in-memory.png");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_TRUE(Contains(e.what(), "cannot decode 'in-memory.png'")) << e.what();
  }
  EXPECT_THROW(DecodeImage(png.data(), 0, "x"), InputError);
}

}  // namespace
}  // namespace fl
