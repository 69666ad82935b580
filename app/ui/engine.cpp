#include "app/ui/engine.hpp"

#include <omp.h>

#include <algorithm>

#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/preset.hpp"
#include "cuda/copy_bandwidth.hpp"
#include "cuda/device_info.hpp"
#include "cuda/display/display_convert.hpp"
#include "cuda/kernel_info.hpp"
#include "cuda/pipeline_executor.hpp"

namespace fl::ui {

// 256 MiB: large enough to leave every cache far behind, small enough for any device worth using.
constexpr std::size_t kBandwidthBytes = std::size_t{256} << 20;

Engine::Engine(const Registry& reg, Backend backend) : reg_(reg), backend_(backend) {
  if (backend_ == Backend::Cuda) {
    exec_ = std::make_unique<cuda::PipelineExecutor>(reg_);
    converter_ = std::make_unique<cuda::DisplayConverter>();
    limits_ = exec_->limits();
    device_name_ = limits_->name;
    try {
      copy_gbs_ = cuda::MeasureCopyBandwidthGBs(std::min(kBandwidthBytes, limits_->global_mem / 8), 20);
    } catch (const std::exception& e) {
      warning_ = std::string("copy bandwidth not measured: ") + e.what();
    }
  } else {
    device_name_ = "CPU (" + std::to_string(omp_get_max_threads()) + " threads)";
  }
}

Engine::~Engine() = default;

void Engine::SetInput(Image input) {
  input_ = std::move(input);
  if (exec_) exec_->SetInput(input_);
  if (exec_b_) exec_b_->SetInput(input_);
  has_result_ = false;
  has_result_b_ = false;
  host_outputs_b_.clear();
  references_.clear();
  result_ = {};
  resolved_.clear();
  stage_ms_.clear();
  host_outputs_.clear();
}

std::optional<PipelineIssue> Engine::Check(const Pipeline& p) const {
  if (input_.empty()) return PipelineIssue{-1, "no input image"};
  // Resolve growing prefixes so that the first stage at fault is named (the message names it too).
  Pipeline prefix;
  for (std::size_t i = 0; i < p.stages.size(); ++i) {
    prefix.stages.push_back(p.stages[i]);
    try {
      const auto resolved = ResolvePipeline(reg_, prefix, input_.shape(), backend_);
      if (limits_ && resolved[i].enabled)
        cuda::ValidateLaunch(*limits_, resolved[i], p.stages[i], StageLabel(p, i));
    } catch (const InputError& e) {
      return PipelineIssue{static_cast<int>(i), e.what()};
    }
  }
  return std::nullopt;
}

void Engine::RunUnchecked(const Pipeline& p) {
  const auto resolved = ResolvePipeline(reg_, p, input_.shape(), backend_);
  std::vector<double> ms;
  if (backend_ == Backend::Cpu) {
    CpuRun run = RunPipelineCpu(reg_, p, input_);
    host_outputs_ = std::move(run.outputs);
    ms = std::move(run.stage_ms);
  } else {
    exec_->Run(p);
    ms.assign(exec_->stage_ms().begin(), exec_->stage_ms().end());
  }
  result_ = p;
  resolved_ = resolved;
  stage_ms_ = std::move(ms);
  has_result_ = true;
}

void Engine::Run(const Pipeline& p) {
  if (input_.empty()) throw InputError("no input image");
  if (auto issue = Check(p)) throw InputError(issue->message);
  try {
    RunUnchecked(p);
  } catch (...) {
    // The checks passed, so the failure happened part-way (a CUDA error): the executor's buffers may now hold a
    // half-run. Put the previous result back so that what is shown matches what is listed.
    if (has_result_ && backend_ == Backend::Cuda) {
      const Pipeline previous = result_;
      try {
        RunUnchecked(previous);
      } catch (...) {
        has_result_ = false;
      }
    }
    throw;
  }
}

void Engine::RunB(const Pipeline& p) {
  has_result_b_ = false;
  if (input_.empty()) throw InputError("no input image");
  if (auto issue = Check(p)) throw InputError(issue->message);
  resolved_b_ = ResolvePipeline(reg_, p, input_.shape(), backend_);
  if (backend_ == Backend::Cpu) {
    CpuRun run = RunPipelineCpu(reg_, p, input_);
    host_outputs_b_ = std::move(run.outputs);
    stage_ms_b_ = std::move(run.stage_ms);
  } else {
    if (!exec_b_) {
      // Made when B first runs: a second set of device buffers costs memory only while comparing.
      exec_b_ = std::make_unique<cuda::PipelineExecutor>(reg_);
      exec_b_->SetInput(input_);
    }
    exec_b_->Run(p);
    stage_ms_b_.assign(exec_b_->stage_ms().begin(), exec_b_->stage_ms().end());
  }
  result_b_ = p;
  has_result_b_ = true;
}

ImageShape Engine::OutputShapeB(int stage) const {
  if (stage < 0 || !has_result_b_ || static_cast<std::size_t>(stage) >= resolved_b_.size()) return input_.shape();
  return resolved_b_[static_cast<std::size_t>(stage)].out;
}

const Image& Engine::HostOutputOf(int stage, bool b) const {
  if (!b) return HostOutput(stage);
  if (stage < 0 || !has_result_b_ || static_cast<std::size_t>(stage) >= host_outputs_b_.size()) return input_;
  return host_outputs_b_[static_cast<std::size_t>(stage)];
}

DeviceView Engine::DeviceOutput(int stage, bool b) const {
  const cuda::PipelineExecutor* e = b ? exec_b_.get() : exec_.get();
  const bool ran = b ? has_result_b_ : has_result_;
  if (!e) throw RuntimeError("no CUDA executor for " + std::string(b ? "B" : "A"));
  if (stage < 0 || !ran || static_cast<std::size_t>(stage) >= e->stage_count()) return e->input().view();
  return e->StageOutput(static_cast<std::size_t>(stage));
}

Image Engine::DownloadB(int stage) {
  if (backend_ == Backend::Cpu) return HostOutputOf(stage, true);
  if (stage < 0 || !has_result_b_ || static_cast<std::size_t>(stage) >= exec_b_->stage_count()) return input_;
  return exec_b_->Download(static_cast<std::size_t>(stage));
}

static std::array<float, 4> HostPixel(const Image& img, int x, int y) {
  std::array<float, 4> v{};
  if (x < 0 || y < 0 || x >= img.width() || y >= img.height()) return v;
  switch (img.format()) {
    case PixelFormat::Gray8: v[0] = img.Row<std::uint8_t>(y)[x]; break;
    case PixelFormat::Rgba8:
      for (int c = 0; c < 4; ++c) v[c] = img.Row<std::uint8_t>(y)[4 * x + c];
      break;
    case PixelFormat::Gray32f: v[0] = img.Row<float>(y)[x]; break;
  }
  return v;
}

std::array<float, 4> Engine::ReadPixelB(int stage, int x, int y) {
  if (backend_ == Backend::Cuda && stage >= 0 && has_result_b_ &&
      static_cast<std::size_t>(stage) < exec_b_->stage_count())
    return cuda::ReadPixel(exec_b_->StageOutput(static_cast<std::size_t>(stage)), x, y, exec_b_->stream());
  return HostPixel(HostOutputOf(stage, true), x, y);
}

const Image& Engine::ReferenceOutput(const Pipeline& p, int stage) {
  if (stage < 0 || static_cast<std::size_t>(stage) >= p.stages.size()) return input_;
  Pipeline ref;
  for (int i = 0; i <= stage; ++i) {
    Stage st = p.stages[static_cast<std::size_t>(i)];
    const FilterSpec* f = reg_.Find(st.filter);
    if (!f) throw InputError("unknown filter '" + st.filter + "'");
    st.variant = f->Reference().id;
    st.launch = f->Reference().defaults;
    ref.stages.push_back(std::move(st));
  }
  const std::string key = PipelineToJson(reg_, ref);
  for (std::size_t i = 0; i < references_.size(); ++i)
    if (references_[i].key == key) {
      std::rotate(references_.begin(), references_.begin() + static_cast<std::ptrdiff_t>(i),
                  references_.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      return references_.front().outputs.back();
    }
  ReferenceEntry entry{key, RunPipelineCpu(reg_, ref, input_).outputs};
  references_.insert(references_.begin(), std::move(entry));
  if (references_.size() > 2) references_.pop_back();
  return references_.front().outputs.back();
}

ImageShape Engine::OutputShape(int stage) const {
  if (stage < 0 || !has_result_ || static_cast<std::size_t>(stage) >= resolved_.size()) return input_.shape();
  return resolved_[static_cast<std::size_t>(stage)].out;
}

const Image& Engine::HostOutput(int stage) const {
  if (stage < 0 || !has_result_ || static_cast<std::size_t>(stage) >= host_outputs_.size()) return input_;
  return host_outputs_[static_cast<std::size_t>(stage)];
}

Image Engine::Download(int stage) {
  if (backend_ == Backend::Cpu) return HostOutput(stage);
  if (stage < 0 || !has_result_ || static_cast<std::size_t>(stage) >= exec_->stage_count()) return input_;
  return exec_->Download(static_cast<std::size_t>(stage));
}

std::array<float, 4> Engine::ReadPixel(int stage, int x, int y) {
  if (backend_ == Backend::Cuda && stage >= 0 && has_result_ &&
      static_cast<std::size_t>(stage) < exec_->stage_count())
    return cuda::ReadPixel(exec_->StageOutput(static_cast<std::size_t>(stage)), x, y, exec_->stream());
  return HostPixel(HostOutput(stage), x, y);
}

void Engine::FillKernelInfo(std::size_t stage, StageReport& report) {
  report.kernel_info.clear();
  report.registers = -1;
  report.occupancy = -1;
  if (backend_ != Backend::Cuda || !has_result_ || stage >= resolved_.size()) return;
  const ResolvedStage& r = resolved_[stage];
  if (!r.enabled || !r.variant || !r.variant->kernel) return;
  const Stage& s = result_.stages[stage];
  try {
    const void* kernel = r.variant->kernel(r.in.format, s.launch);
    const std::size_t smem = r.variant->smem_bytes ? r.variant->smem_bytes(s.launch, s.params, r.in.format) : 0;
    const int threads = s.launch.block_x * s.launch.block_y;  // variants without a block field keep the default
    const cuda::KernelInfo k = cuda::QueryKernelInfo(kernel, threads, smem, *limits_);
    report.kernel_info = cuda::Describe(k);
    report.registers = k.registers;
    report.occupancy = k.occupancy;
  } catch (const std::exception& e) {
    report.kernel_info = std::string("kernel info unavailable: ") + e.what();
  }
}

}  // namespace fl::ui
