// Device memory: an image or a pipeline that does not fit in what is free is refused with an error that says
// so, the executor keeps its previous input and result, and the next run works; free device memory
// (cudaMemGetInfo) returns to its baseline after 1,000 cycles of loading images and rebuilding pipelines.
//
// "Does not fit" is made by holding most of the free memory in one buffer first. FL_MEMORY_CYCLES overrides
// the number of cycles (scripts/sanitize_gpu_tests.sh uses a few: sanitizers are slow).
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/stage_spec.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/cuda_executor.hpp"
#include "filters/builtin_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

std::size_t FreeDeviceBytes() {
  std::size_t free = 0, total = 0;
  FL_CUDA_CHECK(cudaDeviceSynchronize());
  FL_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  return free;
}

// Holds all free device memory but about `leave` bytes. The largest block that can be had may be a little
// less than what is free (granularity, fragmentation): a refused allocation is retried 64 MiB smaller.
cuda::DeviceBuffer HoldAllBut(std::size_t leave) {
  const std::size_t free = FreeDeviceBytes();
  for (std::size_t less = 0; less < 16 * 64 * kMiB && free > leave + less; less += 64 * kMiB) {
    try {
      return cuda::DeviceBuffer::Allocate(free - leave - less);
    } catch (const RuntimeError&) {
      (void)cudaGetLastError();  // a refused allocation's error is not sticky; clear it
    }
  }
  return {};
}

Pipeline Chain(const std::vector<std::string>& specs) {
  Pipeline p;
  for (const auto& s : specs) p.stages.push_back(ParseStageSpec(BuiltinRegistry(), s, Backend::Cuda));
  return p;
}

void RunPipeline(cuda::CudaExecutor& exec, const Pipeline& p) {
  exec.Run(ResolvePipeline(BuiltinRegistry(), p, exec.input().shape(), Backend::Cuda, exec.limits()));
}

bool MentionsMemory(const std::string& what) {
  return what.find("memory") != std::string::npos || what.find("MemoryAllocation") != std::string::npos;
}

class DeviceMemory : public ::testing::Test {
 protected:
  void SetUp() override { FL_SKIP_WITHOUT_CUDA_DEVICE(); }
};

TEST_F(DeviceMemory, APipelineTooLargeIsRefusedAndThePreviousResultKept) {
  cuda::CudaExecutor exec;
  exec.SetInput(test::RandomImage(2048, 2048, PixelFormat::Rgba8, 1));  // 16 MiB
  const Pipeline small = Chain({"invert"});
  RunPipeline(exec, small);
  const Image before = exec.Download(0);
  std::optional<cuda::DeviceBuffer> hog(HoldAllBut(48 * kMiB));
  // Eight stages of 16 MiB each cannot fit in the 48 MiB left.
  const Pipeline big = Chain(std::vector<std::string>(8, "invert"));
  try {
    RunPipeline(exec, big);
    ADD_FAILURE() << "a pipeline needing 128 MiB ran in 48 MiB";
  } catch (const std::exception& e) {
    EXPECT_TRUE(MentionsMemory(e.what())) << e.what();
  }
  EXPECT_EQ(cudaGetLastError(), cudaSuccess) << "the failed allocation left an error in the context";
  EXPECT_TRUE(exec.has_result()) << "the previous result was dropped";
  if (exec.has_result()) {
    EXPECT_EQ(exec.Download(0), before) << "the previous result changed";
  }
  hog.reset();
  RunPipeline(exec, small);
  EXPECT_EQ(exec.Download(0), before) << "the next run after the refusal";
}

TEST_F(DeviceMemory, AnImageTooLargeIsRefusedAndThePreviousInputKept) {
  cuda::CudaExecutor exec;
  const Image first = test::RandomImage(64, 48, PixelFormat::Gray8, 2);
  exec.SetInput(first);
  RunPipeline(exec, Chain({"invert"}));
  const Image result = exec.Download(0);
  std::optional<cuda::DeviceBuffer> hog(HoldAllBut(32 * kMiB));
  try {
    exec.SetInput(Image(8192, 8192, PixelFormat::Rgba8));  // 256 MiB
    ADD_FAILURE() << "a 256 MiB image was uploaded into 32 MiB";
  } catch (const std::exception& e) {
    EXPECT_TRUE(MentionsMemory(e.what())) << e.what();
  }
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(exec.input(), first) << "the previous input was dropped";
  EXPECT_EQ(exec.input().shape(), first.shape());
  hog.reset();
  RunPipeline(exec, Chain({"invert"}));
  EXPECT_EQ(exec.Download(0), result);
}

// The lab's life: load an image, edit the pipeline, run, over and over, on one executor; then drop it. Shapes
// and pipelines vary so that buffers are freed and made again; every kernel used runs once before the
// baseline (lazy module loading takes device memory on a kernel's first launch, once per context).
TEST_F(DeviceMemory, ReturnsToItsBaselineAfterAThousandCycles) {
  const char* env = std::getenv("FL_MEMORY_CYCLES");
  const int cycles = env ? std::max(1, std::atoi(env)) : 1000;
  std::vector<Image> images;
  for (auto [w, h] : {std::pair{640, 480}, {1023, 769}, {31, 7}, {2048, 1024}})
    images.push_back(test::RandomImage(w, h, PixelFormat::Rgba8, static_cast<std::uint32_t>(w)));
  const std::vector<Pipeline> pipelines = {
      Chain({"gray", "gauss"}), Chain({"gray", "gauss:variant=separable", "box:variant=separable", "sobel"}),
      Chain({"invert", "dilate5", "add:with=stage:1"}), Chain({"gray", "letterbox:width=300:height=200"})};
  // A new image every third cycle, the next pipeline every cycle: the state repeats every kPeriod cycles.
  constexpr int kPeriod = 12;
  const auto cycle = [&](cuda::CudaExecutor& exec, int i) {
    if (i % 3 == 0) exec.SetInput(images[static_cast<std::size_t>(i / 3) % images.size()]);
    RunPipeline(exec, pipelines[static_cast<std::size_t>(i) % pipelines.size()]);
  };
  {
    cuda::CudaExecutor warm;
    for (int i = 0; i < 2 * kPeriod; ++i) cycle(warm, i);
  }
  test::ReleaseGpu();  // the shared test stream and staging, so that the baseline holds nothing of ours
  const std::size_t baseline = FreeDeviceBytes();
  std::size_t first = 0, last = 0;  // with the executor alive, at the same point of the period
  {
    cuda::CudaExecutor exec;
    for (int i = 0; i < cycles; ++i) {
      cycle(exec, i);
      if (i % kPeriod != kPeriod - 1 || i < 2 * kPeriod) continue;
      last = FreeDeviceBytes();
      if (first == 0) first = last;
    }
  }
  const std::size_t after = FreeDeviceBytes();
  std::printf(
      "free device memory: baseline %zu MiB, after %d cycles %zu MiB (executor alive: %zu then %zu MiB)\n",
      baseline / kMiB, cycles, after / kMiB, first / kMiB, last / kMiB);
  // Allocation granularity (2 MiB pages) is the only slack allowed.
  EXPECT_GE(after + 2 * kMiB, baseline) << "device memory leaked over " << cycles << " cycles";
  if (first != 0) {
    EXPECT_GE(last + 2 * kMiB, first) << "device memory grows cycle after cycle while the executor lives";
  }
}

}  // namespace
}  // namespace fl
