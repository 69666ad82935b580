#include "cuda/cuda_executor.hpp"

#include "core/cpu_executor.hpp"
#include "core/occupancy.hpp"
#include "core/error.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/device_info.hpp"
#include "cuda/display/display_convert.hpp"
#include "cuda/kernel_info.hpp"

namespace fl::cuda {

CudaExecutor::CudaExecutor() : limits_(QueryDeviceLimits()), stream_(Stream::Create()) {}

void CudaExecutor::SetInput(const Image& input) {
  transfer_.Upload(input, input_, stream_.get());
  host_input_ = input;
  has_result_ = false;
}

static void EnsureScratch(DeviceBuffer& scratch, std::size_t bytes) {
  if (scratch.size() < bytes) {
    scratch.Reset();
    scratch = DeviceBuffer::Allocate(bytes);
  }
}

void LaunchPlannedStage(const PlannedStage& s, const DeviceView& in, const DeviceView& out, const DeviceView* second,
                        DeviceBuffer& scratch, cudaStream_t stream) {
  s.variant->cuda(CudaCall{in, out, s.params, s.launch, stream, second, scratch.get(), s.scratch_bytes,
                           static_cast<unsigned>(s.blocks_x), static_cast<unsigned>(s.blocks_y),
                           s.tail});
}

void RunCudaVariant(const DeviceLimits& limits, const FilterSpec& f, const VariantSpec& v, const ParamValues& params,
                    const LaunchConfig& launch, const DeviceView& in, DeviceImage& out, DeviceBuffer& scratch,
                    cudaStream_t stream, const DeviceView* second) {
  const PlannedStage s = PlanVariant(f, v, params, launch, in.shape, limits);
  CheckKernelThreads(s);
  if (out.empty() || out.shape() != s.out) out = DeviceImage(s.out);
  EnsureScratch(scratch, s.scratch_bytes);
  LaunchPlannedStage(s, in, out.view(), second, scratch, stream);
}

void CudaExecutor::CheckDeviceMemory(const Plan& plan) const {
  std::size_t needed = 0;  // new allocations only: buffers that already have the right shape are reused
  for (std::size_t i = 0; i < plan.stages.size(); ++i) {
    const PlannedStage& s = plan.stages[i];
    if (!s.enabled) continue;
    if (i >= buffers_.size() || buffers_[i].empty() || buffers_[i].shape() != s.out)
      needed += (s.out.RowBytes() + 511) / 512 * 512 * static_cast<std::size_t>(s.out.height);
    if (i >= scratch_.size() || scratch_[i].size() < s.scratch_bytes) needed += s.scratch_bytes;
  }
  std::size_t free = 0, total = 0;
  FL_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  // Buffers being replaced are freed first, but fragmentation and the runtime's own needs make that margin
  // unreliable: ask for the new bytes to fit in what is free now.
  if (needed > free)
    throw InputError("the pipeline needs " + std::to_string(needed >> 20) + " MiB more device memory and " +
                     std::to_string(free >> 20) + " MiB are free on " + limits_.name);
}

void CudaExecutor::Prepare(const Plan& plan) {
  const std::size_t n = plan.stages.size();
  buffers_.resize(n);
  scratch_.resize(n);
  outputs_.assign(n, DeviceView{});
  while (starts_.size() < n) {
    starts_.push_back(Event::Create());
    stops_.push_back(Event::Create());
  }
  for (std::size_t i = 0; i < n; ++i) {
    const PlannedStage& s = plan.stages[i];
    if (!s.enabled) {
      outputs_[i] = i == 0 ? input_.view() : outputs_[i - 1];
      continue;
    }
    if (buffers_[i].empty() || buffers_[i].shape() != s.out) buffers_[i] = DeviceImage(s.out);
    EnsureScratch(scratch_[i], s.scratch_bytes);
    outputs_[i] = buffers_[i].view();
  }
}

void CudaExecutor::Run(const Plan& plan) {
  plan.Require();
  if (plan.backend != Backend::Cuda) throw InputError("a plan for the cpu backend cannot run on CUDA");
  if (input_.empty()) throw InputError("no input image");
  if (plan.input != input_.shape()) throw InputError("the plan was made for another input shape");
  for (const PlannedStage& s : plan.stages) CheckKernelThreads(s);
  CheckDeviceMemory(plan);  // before any buffer is freed: a refused plan keeps the previous result
  has_result_ = false;
  Prepare(plan);
  // CUDA loads a kernel's module on its first launch (lazy loading), which would land inside that stage's event
  // pair and make a variant look slow the first time it is picked. A plan with a kernel this executor has not
  // launched yet runs once untimed first.
  bool cold = false;
  for (const auto& s : plan.stages)
    if (s.enabled && warmed_.insert({s.variant, s.in.format}).second) cold = true;
  if (cold) Enqueue(plan);
  {
    // The stream waits at the gate until every stage is enqueued, so each event pair times its launches alone.
    GateGuard gate(gate_, stream_.get());
    Enqueue(plan);
  }
  stream_.Synchronize();
  stage_ms_.assign(plan.stages.size(), 0.0);
  for (std::size_t i = 0; i < plan.stages.size(); ++i)
    if (plan.stages[i].enabled) stage_ms_[i] = stops_[i].ElapsedMsSince(starts_[i]);
  has_result_ = true;
}

void CudaExecutor::Enqueue(const Plan& plan) {
  for (std::size_t i = 0; i < plan.stages.size(); ++i) {
    const PlannedStage& s = plan.stages[i];
    if (!s.enabled) continue;
    const DeviceView in = i == 0 ? input_.view() : outputs_[i - 1];
    DeviceView second_view;
    if (s.second != kNoSecondInput) second_view = s.second == 0 ? input_.view() : outputs_[s.second - 1];
    starts_[i].Record(stream_.get());
    LaunchPlannedStage(s, in, outputs_[i], s.second == kNoSecondInput ? nullptr : &second_view, scratch_[i],
                       stream_.get());
    stops_[i].Record(stream_.get());
  }
}

DeviceView CudaExecutor::DeviceOutput(int stage) const {
  if (stage < 0 || !has_result_ || static_cast<std::size_t>(stage) >= outputs_.size()) return input_.view();
  return outputs_[static_cast<std::size_t>(stage)];
}

StageOutput CudaExecutor::Output(int stage) const {
  StageOutput o;
  o.device = DeviceOutput(stage);
  o.stream = stream_.get();
  return o;
}

Image CudaExecutor::Download(int stage) {
  if (stage < 0 || !has_result_ || static_cast<std::size_t>(stage) >= outputs_.size()) return host_input_;
  return transfer_.Download(DeviceOutput(stage), stream_.get());
}

std::array<float, 4> CudaExecutor::ReadPixel(int stage, int x, int y) {
  if (stage < 0 || !has_result_) return HostPixel(host_input_, x, y);
  return cuda::ReadPixel(DeviceOutput(stage), x, y, stream_.get());
}

KernelFacts CudaExecutor::KernelInfo(const PlannedStage& s) const {
  KernelFacts facts;
  if (!s.runs_cuda() || !s.variant->kernel) return facts;
  try {
    const void* kernel = s.variant->kernel(s.in.format, s.launch, s.params);
    const int threads = s.launch.block_x * s.launch.block_y;  // variants without a block field keep the default
    const cuda::KernelInfo k = QueryKernelInfo(kernel, threads, s.smem_bytes, limits_);
    facts.text = Describe(k);
    facts.registers = k.registers;
    facts.occupancy = k.occupancy;
    facts.resident_blocks = static_cast<long>(k.active_blocks_per_sm) * limits_.sm_count;
    const OccupancyReport r =
        ExplainOccupancy({k.registers, k.static_smem, s.smem_bytes, threads}, OccupancyLimitsOf(limits_));
    facts.occupancy_explained = r.Text();
  } catch (const std::exception& e) {
    facts.text = std::string("kernel info unavailable: ") + e.what();
  }
  return facts;
}

std::unique_ptr<Executor> MakeExecutor(Backend backend) {
  if (backend == Backend::Cuda) return std::make_unique<CudaExecutor>();
  return std::make_unique<CpuExecutor>();
}

}  // namespace fl::cuda
