// Launch configurations a device or a variant cannot run are refused before anything is launched, with a reason
// a person can read: through cuda::RunCudaVariant, the plan (ResolvePipeline) and CudaExecutor::Run, for every
// declared CUDA variant. The output buffers keep their poison, which proves nothing ran.
#include <gtest/gtest.h>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "cuda/cuda_executor.hpp"
#include "filters/builtin_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

constexpr std::uint8_t kPoison = 0xA5;

using Target = test::CudaTarget;

std::vector<Target> CudaVariants() { return test::CudaTargets(false); }

// Runs `t` with `launch` on a 17x13 input into a poisoned output; returns the refusal, or "" if it ran. Checks that
// a refused run left the output untouched.
std::string RefusalOf(const Target& t, const LaunchConfig& launch, const ParamValues& params,
                      const DeviceLimits& limits) {
  test::GpuContext& gpu = test::Gpu();
  const Image input = test::RandomImage(17, 13, t.format, 1);
  cuda::DeviceImage in = test::UploadPoisoned(input, kPoison);
  cuda::DeviceImage in2 = test::UploadPoisoned(input, kPoison);
  const DeviceView in2_view = in2.view();
  cuda::DeviceImage out = test::PoisonedDeviceImage(t.filter->OutputShape(input.shape(), params), kPoison);
  const std::uint8_t* before = out.view().data;
  cuda::DeviceBuffer scratch;
  try {
    cuda::RunCudaVariant(limits, *t.filter, *t.variant, params, launch, in.view(), out, scratch, gpu.stream.get(),
                         t.filter->inputs == 2 ? &in2_view : nullptr);
    gpu.stream.Synchronize();
  } catch (const InputError& e) {
    EXPECT_EQ(out.view().data, before) << "the output was reallocated";
    EXPECT_EQ(test::BytesNotPoison(out.view(), kPoison), 0u) << "refused, but the output was written";
    return e.what();
  }
  return "";
}

std::string Label(const Target& t) { return t.filter->id + "/" + t.variant->id + " " + std::string(ToString(t.format)); }

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class LaunchValidation : public ::testing::Test {
 protected:
  void SetUp() override { FL_SKIP_WITHOUT_CUDA_DEVICE(); }
};

TEST_F(LaunchValidation, TooManyThreadsPerBlock) {
  const DeviceLimits& limits = test::Gpu().limits;
  int checked = 0;
  for (const Target& t : CudaVariants()) {
    if (!t.variant->uses.block) continue;
    LaunchConfig c = t.variant->defaults;
    c.block_x = 64, c.block_y = 32;
    const std::string why = RefusalOf(t, c, DefaultParams(t.filter->params), limits);
    EXPECT_EQ(why, t.filter->id + " variant '" + t.variant->id + "': block 64x32 = 2048 threads > " +
                       std::to_string(limits.max_threads_per_block) + " per block on this device")
        << Label(t);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST_F(LaunchValidation, BlockSideBeyondTheDeviceMaximum) {
  DeviceLimits narrow = test::Gpu().limits;
  narrow.max_block_x = 16;  // as if the device allowed only 16 threads along x
  int checked = 0;
  for (const Target& t : CudaVariants()) {
    if (!t.variant->uses.block) continue;
    LaunchConfig c = t.variant->defaults;
    c.block_x = 32, c.block_y = 8;
    EXPECT_TRUE(Contains(RefusalOf(t, c, DefaultParams(t.filter->params), narrow), "block x 32 > 16 on this device"))
        << Label(t);
    // And on the real device: 2048 along x is too many threads.
    c.block_x = 2048, c.block_y = 1;
    EXPECT_TRUE(Contains(RefusalOf(t, c, DefaultParams(t.filter->params), test::Gpu().limits), "2048 threads >"))
        << Label(t);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST_F(LaunchValidation, PixelsPerThreadOutsideTheRange) {
  int checked = 0;
  for (const Target& t : CudaVariants()) {
    const LaunchUse& u = t.variant->uses;
    if (!u.ppt) continue;
    for (int ppt : {u.ppt_max + 1, u.ppt_min - 1}) {
      LaunchConfig c = t.variant->defaults;
      c.ppt = ppt;
      EXPECT_TRUE(Contains(RefusalOf(t, c, DefaultParams(t.filter->params), test::Gpu().limits),
                           "pixels per thread " + std::to_string(ppt) + " is outside " + std::to_string(u.ppt_min) +
                               ".." + std::to_string(u.ppt_max)))
          << Label(t);
      ++checked;
    }
  }
  if (checked == 0) GTEST_SKIP() << "no declared variant has a pixels-per-thread range";
}

TEST_F(LaunchValidation, HaloStepsOutsideTheRange) {
  int checked = 0;
  for (const Target& t : CudaVariants()) {
    const LaunchUse& u = t.variant->uses;
    if (!u.halo) continue;
    LaunchConfig c = t.variant->defaults;
    c.halo = u.halo_max + 1;
    EXPECT_TRUE(Contains(RefusalOf(t, c, DefaultParams(t.filter->params), test::Gpu().limits),
                         "halo steps " + std::to_string(c.halo) + " is outside"))
        << Label(t);
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "no declared variant has a halo range";
}

// A variant's own rule (VariantSpec::check_launch, e.g. an apron that must cover the radius): find, among its
// launch ranges and the filter's test cases, a combination the rule refuses, and check the engine refuses it too.
TEST_F(LaunchValidation, VariantsOwnRulesAreAppliedBeforeLaunch) {
  int checked = 0;
  for (const Target& t : CudaVariants()) {
    const VariantSpec& v = *t.variant;
    if (!v.check_launch) continue;
    std::vector<LaunchConfig> launches = {v.defaults};
    for (auto [x, y] : {std::pair{32, 1}, {8, 8}, {128, 1}}) {
      LaunchConfig c = v.defaults;
      if (v.uses.block) c.block_x = x, c.block_y = y;
      if (v.uses.halo) c.halo = v.uses.halo_min;
      if (v.uses.ppt) c.ppt = v.uses.ppt_min;
      launches.push_back(c);
    }
    bool found = false;
    for (const std::string& tc : t.filter->test_cases) {
      const ParamValues params = test::ParamsFor(*t.filter, tc);
      for (const LaunchConfig& c : launches) {
        const auto why = v.check_launch(c, params);
        if (!why) continue;
        EXPECT_EQ(RefusalOf(t, c, params, test::Gpu().limits), t.filter->id + " variant '" + v.id + "': " + *why)
            << Label(t) << " '" << tc << "'";
        found = true;
        break;
      }
      if (found) break;
    }
    checked += found;
  }
  if (checked == 0) GTEST_SKIP() << "no variant declares a rule that its test cases trip";
}

TEST_F(LaunchValidation, ThePlanNamesTheStage) {
  const Registry& reg = BuiltinRegistry();
  Pipeline p;
  p.stages.push_back(MakeStage(reg, "gray", Backend::Cuda));
  p.stages.push_back(MakeStage(reg, "gray", Backend::Cuda));
  p.stages[1].launch.block_x = 64, p.stages[1].launch.block_y = 32;
  p.stages[1].launch_set = kSetBlock;
  const Plan plan = ResolvePipeline(reg, p, {17, 13, PixelFormat::Rgba8}, Backend::Cuda, &test::Gpu().limits);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.issue->stage, 1);
  EXPECT_EQ(plan.stages.size(), 1u) << "planned up to the stage at fault";
  EXPECT_EQ(plan.issue->message, "stage 2 (gray): variant '" + p.stages[1].variant + "': block 64x32 = 2048 threads > " +
                                     std::to_string(test::Gpu().limits.max_threads_per_block) +
                                     " per block on this device");
}

// The executor validates every stage before launching any: after a refusal, the outputs of an earlier good run are
// still exactly as poisoned, stage 1's included.
TEST_F(LaunchValidation, ExecutorRefusesBeforeLaunchingAnyStage) {
  const Registry& reg = BuiltinRegistry();
  cuda::CudaExecutor exec;
  exec.SetInput(test::RandomImage(17, 13, PixelFormat::Rgba8, 2));
  auto run = [&](const Pipeline& q) { exec.Run(ResolvePipeline(reg, q, exec.input().shape(), Backend::Cuda, exec.limits())); };
  Pipeline p;
  p.stages.push_back(MakeStage(reg, "gray", Backend::Cuda));
  p.stages.push_back(MakeStage(reg, "gray", Backend::Cuda));
  run(p);
  test::Poison(exec.DeviceOutput(0), kPoison);
  test::Poison(exec.DeviceOutput(1), kPoison);

  Pipeline bad = p;
  bad.stages[1].launch.block_x = 64, bad.stages[1].launch.block_y = 32;
  bad.stages[1].launch_set = kSetBlock;
  try {
    run(bad);
    FAIL() << "not refused";
  } catch (const InputError& e) {
    EXPECT_TRUE(Contains(e.what(), "stage 2 (gray): variant '" + bad.stages[1].variant + "': block 64x32 = 2048 threads"))
        << e.what();
  }
  EXPECT_EQ(test::BytesNotPoison(exec.DeviceOutput(0), kPoison), 0u) << "stage 1 ran although stage 2 was refused";
  EXPECT_EQ(test::BytesNotPoison(exec.DeviceOutput(1), kPoison), 0u);

  // A pixels-per-thread refusal through the executor, where a variant has the field.
  for (const FilterSpec& f : reg.filters())
    for (const VariantSpec& v : f.variants) {
      if (f.inputs != 1 || v.backend != Backend::Cuda || !v.uses.ppt || !f.VariantAccepts(v, PixelFormat::Gray8))
        continue;
      Pipeline q = p;
      Stage s = MakeStage(reg, f.id, Backend::Cuda);
      SetVariant(reg, s, v.id);
      s.launch.ppt = v.uses.ppt_max + 1;
      s.launch_set = kSetPpt;
      q.stages.push_back(s);
      try {
        run(q);
        ADD_FAILURE() << f.id << "/" << v.id << ": ppt " << s.launch.ppt << " not refused";
      } catch (const InputError& e) {
        EXPECT_TRUE(Contains(e.what(), "stage 3 (" + f.id + "): variant '" + v.id + "': pixels per thread")) << e.what();
      }
      EXPECT_EQ(test::BytesNotPoison(exec.DeviceOutput(0), kPoison), 0u);
      return;
    }
}

}  // namespace
}  // namespace fl
