// The hostile corpus (tests/data/hostile/, made by tests/data/make_hostile.py) through the image loader:
// every malformed or extreme file is a quick InputError naming the file and what is wrong, every valid edge
// case loads with its shape, and no prefix of a valid file ever loads as anything but the whole image (a
// cut-short file is refused, not shown with made-up pixels). Also the cases git cannot hold: a missing path,
// a folder, a FIFO, /dev/zero and an unreadable file.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/error.hpp"
#include "core/image_io.hpp"
#include "hostile_corpus.hpp"
#include "temp_dir.hpp"

namespace fl {
namespace {

namespace fs = std::filesystem;
using test::HostileCase;

std::string LoadError(const std::string& path) {
  try {
    LoadImage(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

TEST(HostileCorpus, ManifestNamesEveryFileAndTheCorpusStaysSmall) {
  const auto cases = test::HostileCases();
  ASSERT_GE(cases.size(), 50u);
  std::set<std::string> listed;
  for (const auto& c : cases) listed.insert(c.file);
  std::uintmax_t total = 0;
  for (const auto& e : fs::recursive_directory_iterator(test::HostilePath(""))) {
    if (!e.is_regular_file()) continue;
    total += e.file_size();
    const std::string name = e.path().filename().string();
    if (name == "manifest.tsv" || name == "README.md") continue;
    EXPECT_TRUE(listed.count(name)) << name << " is in the corpus but not in manifest.tsv";
  }
  EXPECT_LT(total, 2u * 1024 * 1024);
}

TEST(HostileCorpus, EveryBadFileIsAQuickErrorNamingItAndWhatIsWrong) {
  for (const HostileCase& c : test::HostileCases()) {
    if (c.ok) continue;
    const std::string path = test::HostilePath(c.file);
    const auto t0 = std::chrono::steady_clock::now();
    const std::string err = LoadError(path);
    const auto elapsed = std::chrono::steady_clock::now() - t0;
    EXPECT_NE(err, "<accepted>") << c.file;
    EXPECT_NE(err.find(path), std::string::npos) << c.file << ": " << err;
    EXPECT_NE(err.find(c.detail), std::string::npos)
        << c.file << ": expected '" << c.detail << "' in: " << err;
    EXPECT_EQ(err.find('\n'), std::string::npos) << c.file << ": not one line: " << err;
    EXPECT_LT(elapsed, std::chrono::seconds(1)) << c.file << " took too long: refused from its header?";
  }
}

TEST(HostileCorpus, EveryValidEdgeCaseLoadsWithItsShape) {
  for (const HostileCase& c : test::HostileCases()) {
    if (!c.ok) continue;
    try {
      const Image img = LoadImage(test::HostilePath(c.file));
      EXPECT_EQ(img.shape(), c.shape) << c.file;
    } catch (const InputError& e) {
      ADD_FAILURE() << c.file << ": " << e.what();
    }
  }
}

// Every prefix of every valid file: refused, or (when the prefix holds all that the decoder reads, e.g. a GIF
// without its later frames) exactly the image of the whole file. Never a partial image.
TEST(HostileCorpus, NoPrefixOfAValidFileLoadsAsAPartialImage) {
  for (const HostileCase& c : test::HostileCases()) {
    if (!c.ok) continue;
    SCOPED_TRACE(c.file);
    std::ifstream f(test::HostilePath(c.file), std::ios::binary);
    const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(f)),
                                           std::istreambuf_iterator<char>());
    const Image whole = DecodeImage(bytes.data(), bytes.size(), c.file);
    int partial = 0;
    for (std::size_t n = 1; n < bytes.size(); ++n) {
      try {
        const Image img = DecodeImage(bytes.data(), n, c.file);
        if (!(img == whole) && partial++ < 3)
          ADD_FAILURE() << "the first " << n << " of " << bytes.size() << " bytes load as a different image";
      } catch (const InputError&) {
      }
    }
  }
}

TEST(HostileCorpus, TruncatedJpegTgaBmpPsdGifHdrNameTheFormat) {
  for (const auto& [file, phrase] : {std::pair{"bad_truncated.jpg", "truncated JPEG"},
                                     {"bad_truncated.tga", "truncated TGA"},
                                     {"bad_truncated_rle.tga", "truncated TGA"},
                                     {"bad_truncated.bmp", "truncated BMP"},
                                     {"bad_truncated.psd", "truncated PSD"},
                                     {"bad_truncated.gif", "truncated GIF"},
                                     {"bad_truncated.hdr", "truncated HDR"}}) {
    const std::string err = LoadError(test::HostilePath(file));
    EXPECT_NE(err.find(phrase), std::string::npos) << file << ": " << err;
  }
}

TEST(HostileCorpus, TheDecoderLimitIsCheckedBeforeDecoding) {
  std::ifstream f(test::HostilePath("ok_progressive.jpg"), std::ios::binary);
  const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(f)),
                                         std::istreambuf_iterator<char>());
  EXPECT_NO_THROW(DecodeImage(bytes.data(), bytes.size(), "p.jpg", 32 * 24));
  try {
    DecodeImage(bytes.data(), bytes.size(), "p.jpg", 32 * 24 - 1);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "'p.jpg': image size 32x24 exceeds the limit of 767 pixels given to the decoder");
  }
}

// ---- What git cannot hold ----

using HostilePaths = test::TempDirTest;

TEST_F(HostilePaths, MissingPathAndFolder) {
  EXPECT_EQ(LoadError(Path("missing.png")), "cannot open '" + Path("missing.png") + "': no such file");
  fs::create_directory(Path("folder.png"));
  EXPECT_EQ(LoadError(Path("folder.png")), "cannot open '" + Path("folder.png") + "': it is a directory");
}

TEST_F(HostilePaths, FifoAndDeviceAreRefusedWithoutReading) {
  // Reading a FIFO with no writer would block forever, /dev/zero would fill memory.
  ASSERT_EQ(::mkfifo(Path("pipe.png").c_str(), 0600), 0);
  EXPECT_EQ(LoadError(Path("pipe.png")), "cannot open '" + Path("pipe.png") + "': not a regular file");
  EXPECT_EQ(LoadError("/dev/zero"), "cannot open '/dev/zero': not a regular file");
}

TEST_F(HostilePaths, UnreadableFile) {
  if (::geteuid() == 0) GTEST_SKIP() << "running as root: permissions do not stop root reading a file";
  const std::string path = Path("locked.png");
  fs::copy_file(test::HostilePath("ok_1x1.png"), path);
  ASSERT_EQ(::chmod(path.c_str(), 0), 0);
  EXPECT_EQ(LoadError(path), "cannot open '" + path + "': Permission denied");
}

}  // namespace
}  // namespace fl
