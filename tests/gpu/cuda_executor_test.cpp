// The CUDA executor against the CPU pipeline: stage by stage on chains picked from the registry, timings,
// disabled stages, second inputs from earlier stages, and re-running on inputs of other sizes.
#include <gtest/gtest.h>

#include <optional>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "cuda/cuda_executor.hpp"
#include "filters/builtin_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

const Registry& Reg() { return BuiltinRegistry(); }

// The same pipeline on the CPU: every stage's variant replaced by `reference`.
Pipeline OnCpu(const Pipeline& p) {
  Pipeline cpu = p;
  for (Stage& s : cpu.stages) s.variant = "reference";
  return cpu;
}

bool KeepsShape(const FilterSpec& f, PixelFormat fmt) {
  const ImageShape in{64, 48, fmt};
  return f.OutputShape(in, DefaultParams(f.params)).width == in.width &&
         f.OutputShape(in, DefaultParams(f.params)).height == in.height;
}

// A chain of up to `n` distinct one-input filters whose default CUDA variants are bit-exact, each accepting what the
// one before produces, starting from `input`. Registry order, so the chain changes only when declarations do.
Pipeline ExactChain(PixelFormat input, std::size_t n) {
  Pipeline p;
  PixelFormat current = input;
  for (const FilterSpec& f : Reg().filters()) {
    if (p.stages.size() == n) break;
    if (f.inputs != 1 || !f.Accepts(current) || !KeepsShape(f, current)) continue;
    const VariantSpec& v = Reg().DefaultVariant(f, Backend::Cuda);
    if (v.agreement != Agreement::Exact || !f.VariantAccepts(v, current)) continue;
    p.stages.push_back(MakeStage(Reg(), f.id, Backend::Cuda));
    current = f.OutputShape({64, 48, current}, DefaultParams(f.params)).format;
  }
  return p;
}

// The output shape of `p` on `in`, or nullopt when the pipeline does not fit that input.
std::optional<ImageShape> OutputOf(const Pipeline& p, const ImageShape& in) {
  const Plan plan = ResolvePipeline(Reg(), p, in, Backend::Cuda);
  if (!plan.ok()) return std::nullopt;
  return plan.OutputShape(static_cast<int>(plan.stages.size()) - 1);
}

// Plans `p` for the executor's input and device, then runs it (throws InputError for a plan with an issue).
void RunOn(cuda::CudaExecutor& exec, const Pipeline& p) {
  exec.Run(ResolvePipeline(Reg(), p, exec.input().shape(), Backend::Cuda, exec.limits()));
}

double Total(const std::vector<double>& ms) {
  double sum = 0;
  for (double v : ms) sum += v;
  return sum;
}

std::string Name(const Pipeline& p) {
  std::string s;
  for (const Stage& st : p.stages) s += (s.empty() ? "" : " -> ") + st.filter + "/" + st.variant;
  return s;
}

// Every enabled stage's CUDA output equals the CPU pipeline's (bit for bit: only exact variants here).
void ExpectSameAsCpu(cuda::CudaExecutor& exec, const Pipeline& p, const Image& input) {
  const CpuRun cpu = RunPipelineCpu(Reg(), OnCpu(p), input);
  ASSERT_EQ(exec.stage_ms().size(), p.stages.size());
  for (std::size_t i = 0; i < p.stages.size(); ++i) {
    const Image got = exec.Download(static_cast<int>(i));
    EXPECT_TRUE(got == cpu.outputs[i]) << StageLabel(p, i) << " of " << Name(p) << " on " << input.width() << "x"
                                       << input.height() << ": " << test::Compare(got, cpu.outputs[i]).Describe();
  }
}

class CudaExecutorTest : public ::testing::Test {
 protected:
  void SetUp() override { FL_SKIP_WITHOUT_CUDA_DEVICE(); }
};

TEST_F(CudaExecutorTest, ThreeStagesEqualTheCpuPipelineStageByStage) {
  const Pipeline p = ExactChain(PixelFormat::Rgba8, 3);
  ASSERT_EQ(p.stages.size(), 3u) << "the registry offers no 3-stage exact chain: " << Name(p);
  const Image input = LoadImage(test::AssetPath("astronaut.png"));
  cuda::CudaExecutor exec;
  exec.SetInput(input);
  RunOn(exec, p);
  ExpectSameAsCpu(exec, p, input);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_GT(exec.stage_ms()[i], 0.0) << StageLabel(p, i);
}

// Tolerance variants: each stage compared with the CPU reference run on that stage's own (downloaded) input, so
// differences do not accumulate along the chain.
TEST_F(CudaExecutorTest, EveryStageWithinItsAgreementOnItsOwnInput) {
  const Image input = test::RandomImage(203, 97, PixelFormat::Rgba8, 3);
  Pipeline p = ExactChain(PixelFormat::Rgba8, 1);
  ASSERT_EQ(p.stages.size(), 1u);
  const PixelFormat after = OutputOf(p, input.shape())->format;
  for (const FilterSpec& f : Reg().filters()) {
    if (f.inputs != 1 || !f.Accepts(after) || !KeepsShape(f, after)) continue;
    const VariantSpec& v = Reg().DefaultVariant(f, Backend::Cuda);
    if (v.agreement == Agreement::Tolerance && f.VariantAccepts(v, after)) {
      p.stages.push_back(MakeStage(Reg(), f.id, Backend::Cuda));
      break;
    }
  }
  if (p.stages.size() < 2) GTEST_SKIP() << "no filter with a Tolerance default variant follows " << Name(p);
  cuda::CudaExecutor exec;
  exec.SetInput(input);
  RunOn(exec, p);
  Image in = input;
  for (std::size_t i = 0; i < p.stages.size(); ++i) {
    const FilterSpec& f = Reg().Get(p.stages[i].filter);
    const VariantSpec& v = Reg().GetVariant(f, p.stages[i].variant);
    const Image want = RunCpuVariant(f, f.Reference(), p.stages[i].params, in);
    const Image got = exec.Download(static_cast<int>(i));
    const double tol = v.agreement == Agreement::Exact ? 0.0
                       : IsInteger(got.format())        ? f.tolerance.max_abs_u8
                                                        : f.tolerance.max_abs_f32;
    EXPECT_EQ(test::Compare(got, want, tol).count, 0u) << StageLabel(p, i) << ": " << test::Compare(got, want, tol).Describe();
    in = got;
  }
}

TEST_F(CudaExecutorTest, DisabledStagePassesThrough) {
  Pipeline p = ExactChain(PixelFormat::Rgba8, 3);
  ASSERT_EQ(p.stages.size(), 3u);
  p.stages[1].enabled = false;
  const Image input = test::RandomImage(67, 45, PixelFormat::Rgba8, 4);
  cuda::CudaExecutor exec;
  exec.SetInput(input);
  RunOn(exec, p);
  EXPECT_EQ(exec.DeviceOutput(1).data, exec.DeviceOutput(0).data) << "a disabled stage's output is its input";
  EXPECT_EQ(exec.stage_ms()[1], 0.0);
  EXPECT_GT(exec.stage_ms()[2], 0.0);
  ExpectSameAsCpu(exec, p, input);
  // Disabling the first stage: stage 1's output is the input itself.
  p.stages[0].enabled = false;
  p.stages[1].enabled = true;
  if (OutputOf(p, input.shape())) {
    RunOn(exec, p);
    EXPECT_EQ(exec.DeviceOutput(0).data, exec.DeviceOutput(-1).data);
    EXPECT_TRUE(exec.Download(0) == input);
    ExpectSameAsCpu(exec, p, input);
  }
}

TEST_F(CudaExecutorTest, RerunsOnOtherSizes) {
  const Pipeline p = ExactChain(PixelFormat::Rgba8, 3);
  cuda::CudaExecutor exec;
  for (auto [w, h] : {std::pair{512, 512}, {17, 13}, {1, 1}, {1023, 769}, {64, 64}}) {
    const Image input = test::RandomImage(w, h, PixelFormat::Rgba8, static_cast<std::uint32_t>(w));
    exec.SetInput(input);
    EXPECT_EQ(exec.input().shape(), input.shape());
    RunOn(exec, p);
    ExpectSameAsCpu(exec, p, input);
  }
  // And another format: the chain from gray8.
  const Pipeline g = ExactChain(PixelFormat::Gray8, 3);
  const Image grey = test::RandomImage(33, 21, PixelFormat::Gray8, 5);
  exec.SetInput(grey);
  RunOn(exec, g);
  ExpectSameAsCpu(exec, g, grey);
}

// A two-input filter fed from an earlier stage and from the source.
TEST_F(CudaExecutorTest, SecondInputsFromStagesAndSource) {
  const FilterSpec* two = nullptr;
  for (const FilterSpec& f : Reg().filters())
    if (f.inputs == 2 && f.Accepts(PixelFormat::Rgba8) &&
        Reg().DefaultVariant(f, Backend::Cuda).agreement == Agreement::Exact) {
      two = &f;
      break;
    }
  if (!two) GTEST_SKIP() << "no two-input filter with an exact CUDA variant is declared";
  // Stage 1: the first one-input filter whose exact default variant keeps the input's shape and format.
  const ImageShape shape{45, 31, PixelFormat::Rgba8};
  Pipeline p;
  for (const FilterSpec& f : Reg().filters()) {
    if (f.inputs != 1 || !f.Accepts(shape.format)) continue;
    Pipeline one;
    one.stages.push_back(MakeStage(Reg(), f.id, Backend::Cuda));
    if (Reg().GetVariant(f, one.stages[0].variant).agreement == Agreement::Exact && OutputOf(one, shape) == shape) {
      p = one;
      break;
    }
  }
  if (p.stages.empty()) GTEST_SKIP() << "no exact one-input filter keeps rgba8";
  Stage from_stage = MakeStage(Reg(), two->id, Backend::Cuda);
  from_stage.params.Set("with", std::string("stage:1"));
  Stage from_source = MakeStage(Reg(), two->id, Backend::Cuda);
  from_source.params.Set("with", std::string("source"));
  p.stages.push_back(from_stage);
  p.stages.push_back(from_source);
  const Image input = test::RandomImage(shape.width, shape.height, shape.format, 6);
  cuda::CudaExecutor exec;
  exec.SetInput(input);
  RunOn(exec, p);
  ExpectSameAsCpu(exec, p, input);
}

TEST_F(CudaExecutorTest, RefusalsAndEdgeCases) {
  cuda::CudaExecutor exec;
  try {
    exec.Run(ResolvePipeline(Reg(), ExactChain(PixelFormat::Rgba8, 1), {9, 7, PixelFormat::Rgba8}, Backend::Cuda));
    FAIL() << "ran without an input";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "no input image");
  }
  exec.SetInput(test::RandomImage(9, 7, PixelFormat::Rgba8, 7));
  RunOn(exec, Pipeline{});
  EXPECT_TRUE(exec.stage_ms().empty());
  EXPECT_EQ(Total(exec.stage_ms()), 0.0);
  EXPECT_EQ(exec.DeviceOutput(0).data, exec.DeviceOutput(-1).data) << "past the last stage: the input";
  // A CPU variant in a CUDA pipeline is a pipeline error, named by stage.
  Pipeline cpu;
  cpu.stages.push_back(MakeStage(Reg(), "gray", Backend::Cpu));
  try {
    RunOn(exec, cpu);
    FAIL() << "ran a CPU variant";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("stage 1 (gray)"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fl
