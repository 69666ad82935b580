// Image files that must be refused with a clear InputError, and saving (PNG, PFM) with its round trips and its
// refusal to leave partial files behind.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "image_io_fixture.hpp"

namespace fl {
namespace {

namespace fs = std::filesystem;
using namespace test;  // the fixture and its helpers (image_io_fixture.hpp)

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
  // And the program reads back what it writes.
  EXPECT_EQ(LoadImage(Path("f.pfm")), img);
}

TEST_F(ImageIo, PfmBigEndianAndBadFilesAreRefusedClearly) {
  // Big endian (positive scale), 2x1, bottom row first (one row here): 1.0f and -2.5f.
  const Bytes be = {'P',  'f',  '\n', '2', ' ', '1',  '\n', '1', '.', '0',
                    '\n', 0x3F, 0x80, 0,   0,   0xC0, 0x20, 0,   0};
  const Image img = DecodeImage(be.data(), be.size(), "be.pfm");
  ASSERT_EQ(img.shape(), (ImageShape{2, 1, PixelFormat::Gray32f}));
  EXPECT_EQ(img.Row<float>(0)[0], 1.0f);
  EXPECT_EQ(img.Row<float>(0)[1], -2.5f);
  auto error = [](const std::string& text) -> std::string {
    try {
      DecodeImage(reinterpret_cast<const unsigned char*>(text.data()), text.size(), "x.pfm");
    } catch (const InputError& e) {
      return e.what();
    }
    return "<accepted>";
  };
  EXPECT_EQ(error("Pf\n2 1\n-1.0\n" + std::string(7, '\0')),
            "cannot decode 'x.pfm': the PFM data is truncated (7 of 8 bytes)");
  for (const std::string bad : {"Pf\n2 1\n0\n", "Pf\n2 1\nnan\n", "Pf\n-2 1\n-1\n", "Pf\n2\n", "Pf\n2 1 -1",
                                "Pf\n99999999999 1\n-1\n"})
    EXPECT_EQ(error(bad), "cannot decode 'x.pfm': malformed PFM header") << bad;
  EXPECT_NE(error("Pf\n100000 100000\n-1\n").find("exceeds the limit"), std::string::npos);
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
  fs::create_directory(Path("taken.png"));  // the target is a folder: refused before anything is written
  EXPECT_EQ(error(rgba, Path("taken.png")), "cannot save '" + Path("taken.png") + "': it is a folder");
  // A left-over temporary that is a link is replaced, not written through.
  std::ofstream(Path("elsewhere.txt")) << "keep";
  fs::create_symlink(Path("elsewhere.txt"), Path("linked.png.part"));
  SaveImage(rgba, Path("linked.png"));
  EXPECT_FALSE(fs::is_symlink(Path("linked.png")));
  EXPECT_EQ(LoadImage(Path("linked.png")), rgba);
  std::ifstream kept(Path("elsewhere.txt"));
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(kept), {}), "keep");
  fs::remove(Path("linked.png"));
  fs::remove(Path("elsewhere.txt"));
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
