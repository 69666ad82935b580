// filterlab tune from the command line: a CPU variant has nothing to tune (exit 2), a machine without CUDA
// says tuning needs it (exit 2, one line), and on a GPU a quick sweep prints the table, the best and the
// elapsed time and writes the CSV.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>

#include "core/text_file.hpp"
#include "core/tune_sweep.hpp"
#include "cuda/device_info.hpp"

namespace fl {
namespace {

namespace fs = std::filesystem;

struct Result {
  int code = -1;
  std::string out, err;
};

Result Tune(const std::string& args) {
  const fs::path dir = fs::temp_directory_path() / ("filterlab_tune_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string cmd = std::string("'") + FILTERLAB_EXE + "' tune " + args + " > '" +
                          (dir / "out").string() + "' 2> '" + (dir / "err").string() + "'";
  const int status = std::system(cmd.c_str());
  Result r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = ReadTextFile((dir / "out").string());
  r.err = ReadTextFile((dir / "err").string());
  return r;
}

int Lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

TEST(TuneCli, CpuVariantsHaveNothingToTune) {
  const Result r = Tune("--size 64x64 --stage gauss:variant=reference");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("error: tune: variant 'reference' runs on the CPU"), std::string::npos) << r.err;
}

TEST(TuneCli, WithoutCudaItSaysTuningNeedsCudaElseItTunes) {
  const fs::path csv = fs::temp_directory_path() / ("filterlab_tune_" + std::to_string(::getpid()) + ".csv");
  const Result r =
      Tune("--size 256x256 --format rgba8 --stage gray:variant=fast --quick --csv '" + csv.string() + "'");
  if (cuda::DeviceCount() == 0) {
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(Lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("error: tune: tuning needs CUDA"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(csv));
    return;
  }
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("best: block "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" s\n"), std::string::npos) << r.out;  // the elapsed seconds
  EXPECT_FALSE(CellsFromCsv(ReadTextFile(csv.string())).empty());
  fs::remove(csv);
}

}  // namespace
}  // namespace fl
