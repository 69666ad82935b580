// Launch extremes for every CUDA variant: blocks from 1x1 to 1024x1 and 1x1024 and odd ones (32x33, 33x7,
// 3x3), every ppt and halo value of the variant's range, smem on and off, on an odd-sized image and a 1x1
// one. Each configuration either runs and agrees with the CPU reference, or is refused before launch
// (InputError, output untouched). A CUDA error at launch or after (RuntimeError) is a failure, and no error
// may stay in the context: after every configuration cudaGetLastError is clean, and the variant's default
// launch still runs correctly.
//
// FL_LAUNCH_EXTREMES_QUICK=1 (scripts/sanitize_gpu_tests.sh sets it) keeps the ends of each range only.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "cuda/cuda_executor.hpp"
#include "filters/builtin_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

constexpr std::uint8_t kPoison = 0xA5;

using Target = test::CudaTarget;

bool Quick() {
  const char* q = std::getenv("FL_LAUNCH_EXTREMES_QUICK");
  return q && *q && *q != '0';
}

std::vector<int> Range(bool used, int lo, int hi, int def) {
  if (!used) return {def};
  if (Quick()) return lo == hi ? std::vector<int>{lo} : std::vector<int>{lo, hi};
  std::vector<int> all;
  for (int n = lo; n <= hi; ++n) all.push_back(n);
  return all;
}

std::vector<LaunchConfig> ExtremeLaunches(const VariantSpec& v) {
  std::vector<std::pair<int, int>> blocks = {{v.defaults.block_x, v.defaults.block_y}};
  if (v.uses.block) {
    blocks = {{1, 1},   {1024, 1}, {1, 1024},
              {32, 33}, {33, 7},   {3, 3},
              {32, 32}, {2, 512},  {v.defaults.block_x, v.defaults.block_y}};
    if (Quick()) blocks = {{1, 1}, {1024, 1}, {33, 7}};
  }
  std::vector<LaunchConfig> out;
  for (auto [bx, by] : blocks)
    for (int ppt : Range(v.uses.ppt, v.uses.ppt_min, v.uses.ppt_max, v.defaults.ppt))
      for (int halo : Range(v.uses.halo, v.uses.halo_min, v.uses.halo_max, v.defaults.halo))
        for (bool smem : v.uses.smem ? std::vector<bool>{true, false} : std::vector<bool>{v.defaults.smem}) {
          LaunchConfig c = v.defaults;
          c.block_x = bx, c.block_y = by, c.ppt = ppt, c.halo = halo, c.smem = smem;
          out.push_back(c);
        }
  return out;
}

double ToleranceOf(const FilterSpec& f, const VariantSpec& v, PixelFormat out) {
  if (v.agreement == Agreement::Exact) return 0.0;
  return out == PixelFormat::Gray32f ? f.tolerance.max_abs_f32 : f.tolerance.max_abs_u8;
}

class LaunchExtremes : public ::testing::TestWithParam<Target> {
 protected:
  void SetUp() override { FL_SKIP_WITHOUT_CUDA_DEVICE(); }
};

// Runs `launch` into a poisoned output. Returns "" when it ran (the output is checked against `want` unless
// the variant is known wrong), "refused: ..." when refused before launch, or a description of what went
// wrong.
std::string RunOne(const Target& t, const LaunchConfig& launch, const ParamValues& params, const Image& input,
                   const Image& want) {
  test::GpuContext& gpu = test::Gpu();
  cuda::DeviceImage in = test::UploadPoisoned(input, kPoison);
  const DeviceView second = in.view();
  cuda::DeviceImage out = test::PoisonedDeviceImage(want.shape(), kPoison);
  cuda::DeviceBuffer scratch;
  try {
    cuda::RunCudaVariant(gpu.limits, *t.filter, *t.variant, params, launch, in.view(), out, scratch,
                         gpu.stream.get(), t.filter->inputs == 2 ? &second : nullptr);
    gpu.stream.Synchronize();
  } catch (const InputError& e) {
    if (const cudaError_t err = cudaGetLastError(); err != cudaSuccess)
      return std::string("refused, but a CUDA error is in the context: ") + cudaGetErrorName(err);
    if (test::BytesNotPoison(out.view(), kPoison) != 0)
      return std::string("refused, but the output was written: ") + e.what();
    return std::string("refused: ") + e.what();
  } catch (const RuntimeError& e) {
    return std::string("CUDA error (should have been refused before launch): ") + e.what();
  }
  if (const cudaError_t err = cudaGetLastError(); err != cudaSuccess)
    return std::string("a CUDA error stayed in the context: ") + cudaGetErrorName(err);
  if (t.variant->agreement == Agreement::KnownWrong) return "";
  const Image got = gpu.transfer.Download(out.view(), gpu.stream.get());
  const test::Difference d = test::Compare(got, want, ToleranceOf(*t.filter, *t.variant, want.format()));
  return d.count == 0 ? "" : "differs from the reference: " + d.Describe();
}

TEST_P(LaunchExtremes, RunCorrectlyOrAreRefusedBeforeLaunch) {
  const Target t = GetParam();
  std::vector<ParamValues> param_sets = {DefaultParams(t.filter->params)};
  if (!t.filter->test_cases.empty())
    param_sets.push_back(test::ParamsFor(*t.filter, t.filter->test_cases.back()));
  int ran = 0, refused = 0;
  for (auto [w, h] : {std::pair{37, 29}, {1, 1}}) {
    const Image input = test::RandomImage(w, h, t.format, 7);
    for (const ParamValues& params : param_sets) {
      Image want;
      try {
        want = RunCpuVariant(*t.filter, t.filter->Reference(), params, input,
                             t.filter->inputs == 2 ? &input : nullptr);
      } catch (const InputError&) {
        continue;  // the parameters do not fit this input (e.g. an output shape), on every backend alike
      }
      for (const LaunchConfig& launch : ExtremeLaunches(*t.variant)) {
        const std::string what = RunOne(t, launch, params, input, want);
        if (what.rfind("refused: ", 0) == 0) {
          ++refused;
        } else if (what.empty()) {
          ++ran;
        } else {
          ADD_FAILURE() << w << "x" << h << " " << Describe(launch, t.variant->uses) << ": " << what;
        }
      }
      // The context is still good: the default launch runs and agrees, or is refused before launch when these
      // parameters are beyond the variant (e.g. gauss `fast` at radius 32); either way no error was left behind.
      const std::string after = RunOne(t, t.variant->defaults, params, input, want);
      EXPECT_TRUE(after.empty() || after.rfind("refused: ", 0) == 0) << "default launch after the extremes: " << after;
      if (after.empty()) ++ran;  // the quick form may refuse every extreme of a strict variant (gauss3 `fast`)
    }
  }
  std::printf("%s/%s %s: %d ran correctly, %d refused before launch\n", t.filter->id.c_str(),
              t.variant->id.c_str(), std::string(ToString(t.format)).c_str(), ran, refused);
  EXPECT_GT(ran, 0);
}

std::string TargetName(const ::testing::TestParamInfo<Target>& info) {
  std::string s =
      info.param.filter->id + "_" + info.param.variant->id + "_" + std::string(ToString(info.param.format));
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(EveryCudaVariant, LaunchExtremes, ::testing::ValuesIn(test::CudaTargets(true)),
                         TargetName);

}  // namespace
}  // namespace fl
