// The occupancy explanation (core/occupancy.hpp) against the CUDA runtime's own calculator for every CUDA
// variant's kernel at its default launch, and the autotuner on a real stage: its best configuration ran and
// is no slower than the stage's default launch.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "common/test_images.hpp"
#include "core/occupancy.hpp"
#include "core/params.hpp"
#include "core/stage_spec.hpp"
#include "core/tune_session.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/kernel_info.hpp"
#include "cuda/tune_timer.hpp"
#include "filters/builtin_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

TEST(OccupancyOnDevice, BlocksPerSmEqualTheRuntimesForEveryVariantAtItsDefaults) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const DeviceLimits& limits = test::Gpu().limits;
  const OccupancyLimits occ = OccupancyLimitsOf(limits);
  int checked = 0;
  for (const test::CudaTarget& t : test::CudaTargets(true)) {
    const VariantSpec& v = *t.variant;
    if (!v.kernel) continue;
    const LaunchConfig launch = v.defaults;
    const ParamValues params = DefaultParams(t.filter->params);
    const void* kernel = v.kernel(t.format, launch, params);
    if (!kernel) continue;
    const std::size_t smem = v.smem_bytes ? v.smem_bytes(launch, params, t.format) : 0;
    // As the launchers do for a block above the 48 KiB a block gets without opting in.
    if (smem > limits.max_smem_per_block)
      FL_CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
    const int threads = launch.block_x * launch.block_y;
    const cuda::KernelInfo k = cuda::QueryKernelInfo(kernel, threads, smem, limits);
    const OccupancyReport r = ExplainOccupancy({k.registers, k.static_smem, smem, threads}, occ);
    EXPECT_EQ(r.blocks_per_sm, k.active_blocks_per_sm)
        << t.filter->id << "/" << v.id << " " << ToString(t.format) << ": " << k.registers << " regs, "
        << k.static_smem << " B static + " << smem << " B dynamic smem, " << threads << " threads; "
        << r.reason;
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

TEST(TuneOnDevice, BestRanAndIsNoSlowerThanTheDefaultLaunch) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  test::GpuContext& gpu = test::Gpu();
  const Registry& reg = BuiltinRegistry();
  for (const char* spec : {"gauss:variant=separable:radius=4", "dilate3:variant=smem"}) {
    TuneRequest r = MakeTuneRequest(reg, ParseStageSpec(reg, spec, Backend::Cuda),
                                    {1024, 768, PixelFormat::Gray8}, gpu.limits);
    r.quick = true;
    r.repeats = 5;
    TuneSession session(r);
    const Image input = test::RandomImage(r.input.width, r.input.height, r.input.format, 3);
    cuda::DeviceImage in = test::UploadPoisoned(input, 0);
    cuda::CudaTuneTimer timer(in.view(), nullptr, gpu.stream.get(), true);
    EXPECT_TRUE(session.Step(timer, 1e9));
    const TuneSweep& s = session.sweep();
    const int best = s.Best(), def = s.Find(r.base);
    ASSERT_GE(best, 0) << spec;
    ASSERT_GE(def, 0) << spec;
    const TuneCell& b = s.cells[static_cast<std::size_t>(best)];
    const TuneCell& d = s.cells[static_cast<std::size_t>(def)];
    EXPECT_TRUE(b.ran());
    ASSERT_TRUE(d.ran()) << spec << ": the default launch was refused: " << d.refused;
    // The sweep's best is the least median by construction; timed again, apart from the sweep and interleaved
    // with the default launch, it must still be no slower than the default (10% for noise).
    std::vector<double> best_ms, default_ms;
    for (int k = 0; k < 15; ++k) {
      best_ms.push_back(timer.TimeOnce(session.planned(best)));
      default_ms.push_back(timer.TimeOnce(session.planned(def)));
    }
    std::sort(best_ms.begin(), best_ms.end());
    std::sort(default_ms.begin(), default_ms.end());
    EXPECT_LE(best_ms[7], default_ms[7] * 1.10)
        << spec << ": best " << Describe(b.launch, s.uses) << " " << best_ms[7] << " ms, default "
        << Describe(d.launch, s.uses) << " " << default_ms[7] << " ms";
    for (const TuneCell& c : s.cells)
      EXPECT_TRUE(c.ran() || !c.refused.empty()) << Describe(c.launch, s.uses);
  }
}

}  // namespace
}  // namespace fl
