// Image files: every bundled asset, every format stb_image reads (mapped onto gray8 / rgba8 / gray32f as
// core/image_io.hpp documents), every kind of bad file refused with a clear InputError, and saving (PNG, PFM)
// with its round trips and its refusal to leave partial files behind.
#include <gtest/gtest.h>
#include <stb/stb_image_write.h>

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "image_fixtures.hpp"

namespace fl {
namespace {

namespace fs = std::filesystem;
using test::Bytes;

class ImageIo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("filterlab_image_io_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  std::string Write(const std::string& name, const Bytes& bytes) const {
    std::ofstream(Path(name), std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return Path(name);
  }
  Bytes Read(const std::string& path) const {
    std::ifstream f(path, std::ios::binary);
    return Bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  }
  // Files in the temp folder, to check that nothing was left behind.
  std::vector<std::string> Files() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.push_back(e.path().filename().string());
    return names;
  }
  std::string LoadError(const std::string& path) const {
    try {
      LoadImage(path);
    } catch (const InputError& e) {
      return e.what();
    }
    return "<accepted>";
  }
  fs::path dir_;
};

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Interleaved 8-bit pixels with `channels` channels: a gradient that differs per channel.
Bytes Pattern(int w, int h, int channels) {
  Bytes px(static_cast<std::size_t>(w) * h * channels);
  for (std::size_t i = 0; i < px.size(); ++i) px[i] = static_cast<std::uint8_t>((i * 37 + i / 3) & 0xFF);
  return px;
}

std::uint8_t At(const Image& img, int x, int y, int c = 0) {
  return img.Row<std::uint8_t>(y)[x * Channels(img.format()) + c];
}

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

// ---- Bad files ----

TEST_F(ImageIo, BadFilesAreClearInputErrors) {
  EXPECT_EQ(LoadError(Path("missing.png")), "cannot open '" + Path("missing.png") + "': no such file");
  EXPECT_EQ(LoadError(Write("empty.png", {})), "cannot read '" + Path("empty.png") + "': the file is empty");
  EXPECT_EQ(LoadError(dir_.string()), "cannot open '" + dir_.string() + "': it is a directory");
  const std::string text = "this is not an image\n";
  EXPECT_TRUE(Contains(LoadError(Write("text.png", Bytes(text.begin(), text.end()))),
                       "cannot decode '" + Path("text.png") + "': "));
  // A truncated PNG: the header is fine, the pixel data stops.
  const Bytes full = Read(test::AssetPath("camera.png"));
  const Bytes half(full.begin(), full.begin() + static_cast<long>(full.size() / 2));
  EXPECT_TRUE(Contains(LoadError(Write("half.png", half)), "cannot decode '" + Path("half.png") + "': "));
  const Bytes header(full.begin(), full.begin() + 40);
  EXPECT_TRUE(Contains(LoadError(Write("header.png", header)), "cannot decode '" + Path("header.png") + "': "));
}

TEST_F(ImageIo, HugeHeaderIsRefusedBeforeAllocating) {
  // 100000 x 100000 RGBA would be 40 GB; the refusal must come from the header check, quickly.
  const auto t0 = std::chrono::steady_clock::now();
  const std::string err = LoadError(Write("huge.png", test::PngHeaderOnly(100000, 100000)));
  EXPECT_EQ(err, "'" + Path("huge.png") + "': image size 100000x100000 exceeds the limit of 32768 pixels per side");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
  EXPECT_TRUE(Contains(LoadError(Write("wide.png", test::PngHeaderOnly(40000, 1))), "exceeds the limit"));
  EXPECT_TRUE(Contains(LoadError(Write("huge.pgm", test::EncodePnm(100000, 100000, 1, 255, {1, 2, 3}))),
                       "exceeds the limit"));
}

TEST_F(ImageIo, TruncatedPnmIsRefused) {
  // stb_image does not notice a short PNM; the loader must, rather than return uninitialised pixels.
  Bytes pgm = test::EncodePnm(4, 4, 1, 255, std::vector<int>(16, 7));
  pgm.resize(pgm.size() - 5);
  EXPECT_TRUE(Contains(LoadError(Write("short.pgm", pgm)), "cannot decode '" + Path("short.pgm") + "': "))
      << LoadError(Path("short.pgm"));
}

// ---- Saving ----

TEST_F(ImageIo, SavePngRoundTrips) {
  for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
    const Image img = test::RandomImage(13, 7, f, 3);
    const std::string path = Path(std::string(ToString(f)) + ".png");
    SaveImage(img, path);
    EXPECT_EQ(LoadImage(path), img) << ToString(f);
  }
  const Image img = test::RandomImage(5, 4, PixelFormat::Gray8, 4);
  SaveImage(img, Path("upper.PNG"));
  EXPECT_EQ(LoadImage(Path("upper.PNG")), img);
  const Image other = test::RandomImage(5, 4, PixelFormat::Rgba8, 5);
  SaveImage(other, Path("upper.PNG"));  // replaces the existing file
  EXPECT_EQ(LoadImage(Path("upper.PNG")), other);
}

TEST_F(ImageIo, SaveFloatAsPngIsNormalised) {
  Image img(3, 1, PixelFormat::Gray32f);
  img.Row<float>(0)[0] = -2.0f;
  img.Row<float>(0)[1] = 0.0f;
  img.Row<float>(0)[2] = 2.0f;
  SaveImage(img, Path("f.png"));
  const Image back = LoadImage(Path("f.png"));
  ASSERT_EQ(back.shape(), (ImageShape{3, 1, PixelFormat::Gray8}));
  EXPECT_EQ(At(back, 0, 0), 0);
  EXPECT_EQ(At(back, 1, 0), 128);
  EXPECT_EQ(At(back, 2, 0), 255);
  EXPECT_EQ(back, NormalizeToGray8(img));
}

// PFM as SaveImage writes it: "Pf\n<w> <h>\n-1.0\n" then little-endian rows, bottom row first.
Image ReadPfm(const Bytes& bytes) {
  std::string text(bytes.begin(), bytes.end());
  std::istringstream is(text);
  std::string magic;
  int w = 0, h = 0;
  double scale = 0;
  is >> magic >> w >> h >> scale;
  is.get();  // the single whitespace before the data
  if (magic != "Pf" || scale >= 0) throw std::runtime_error("not a little-endian grey PFM");
  Image img(w, h, PixelFormat::Gray32f);
  const std::size_t offset = static_cast<std::size_t>(is.tellg());
  if (bytes.size() != offset + img.bytes()) throw std::runtime_error("PFM data size mismatch");
  for (int y = 0; y < h; ++y) std::memcpy(img.Row<float>(h - 1 - y), &bytes[offset + y * img.pitch()], img.pitch());
  return img;
}

TEST_F(ImageIo, SavePfmRoundTripsBitExactly) {
  Image img = test::RandomImage(9, 4, PixelFormat::Gray32f, 6);
  img.Row<float>(0)[0] = 1e30f;
  img.Row<float>(3)[8] = -0.0f;
  SaveImage(img, Path("f.pfm"));
  EXPECT_EQ(ReadPfm(Read(Path("f.pfm"))), img);
  EXPECT_EQ(Files(), std::vector<std::string>{"f.pfm"});
}

TEST_F(ImageIo, SaveFailuresLeaveNoFileBehind) {
  const Image rgba = test::RandomImage(4, 4, PixelFormat::Rgba8, 7);
  auto error = [&](const Image& img, const std::string& path) -> std::string {
    try {
      SaveImage(img, path);
    } catch (const InputError& e) {
      return e.what();
    }
    return "<accepted>";
  };
  EXPECT_EQ(error(rgba, Path("a.jpg")), "cannot save '" + Path("a.jpg") + "': only .png and .pfm are written");
  EXPECT_EQ(error(rgba, Path("noext")), "cannot save '" + Path("noext") + "': only .png and .pfm are written");
  EXPECT_EQ(error(rgba, Path("a.pfm")), "cannot save '" + Path("a.pfm") + "': PFM holds gray32f images, this one is rgba8");
  EXPECT_EQ(error(rgba, Path("missing/a.png")),
            "cannot save '" + Path("missing/a.png") + "': folder '" + Path("missing") + "' does not exist");
  EXPECT_EQ(error(Image{}, Path("empty.png")), "cannot save '" + Path("empty.png") + "': the image is empty");
  fs::create_directory(Path("taken.png"));  // the target is a folder: the rename fails
  EXPECT_TRUE(Contains(error(rgba, Path("taken.png")), "cannot write '" + Path("taken.png") + "'"));
  EXPECT_EQ(Files(), std::vector<std::string>{"taken.png"}) << "a partial file was left behind";
}

TEST(NormalizeToGray8, MapsMinAndMaxAndIgnoresNonFinite) {
  Image img(5, 1, PixelFormat::Gray32f);
  float* row = img.Row<float>(0);
  row[0] = 1.0f, row[1] = 3.0f, row[2] = NAN, row[3] = INFINITY, row[4] = 2.0f;
  const Image out = NormalizeToGray8(img);
  ASSERT_EQ(out.shape(), (ImageShape{5, 1, PixelFormat::Gray8}));
  EXPECT_EQ(At(out, 0, 0), 0);
  EXPECT_EQ(At(out, 1, 0), 255);
  EXPECT_EQ(At(out, 2, 0), 0);
  EXPECT_EQ(At(out, 3, 0), 0);
  EXPECT_EQ(At(out, 4, 0), 128);
  Image flat(2, 2, PixelFormat::Gray32f);
  for (int i = 0; i < 4; ++i) flat.Row<float>(i / 2)[i % 2] = 5.0f;
  EXPECT_EQ(NormalizeToGray8(flat), Image(2, 2, PixelFormat::Gray8));
  EXPECT_THROW(NormalizeToGray8(Image(2, 2, PixelFormat::Rgba8)), InputError);
}

}  // namespace
}  // namespace fl
