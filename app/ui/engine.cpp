#include "app/ui/engine.hpp"

#include <omp.h>

#include <algorithm>
#include <optional>
#include <system_error>
#include <utility>

#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/preset.hpp"
#include "cuda/copy_bandwidth.hpp"
#include "cuda/cuda_executor.hpp"

namespace fl::ui {

// 256 MiB: large enough to leave every cache far behind, small enough for any device worth using.
constexpr std::size_t kBandwidthBytes = std::size_t{256} << 20;

Engine::Engine(const Registry& reg, Backend backend)
    : Engine(reg, backend, [backend] { return cuda::MakeExecutor(backend); },
             "CPU (" + std::to_string(omp_get_max_threads()) + " threads)") {
  if (!limits_) return;  // no device: outputs live on the host
  device_tools_ = MakeCudaDeviceTools();
  device_name_ = limits_->name;
  try {
    copy_gbs_ = cuda::MeasureCopyBandwidthGBs(std::min(kBandwidthBytes, limits_->global_mem / 8), 20);
  } catch (const std::exception& e) {
    warning_ = std::string("copy bandwidth not measured: ") + e.what();
  }
}

Engine::Engine(const Registry& reg, Backend backend, ExecutorFactory factory, std::string device_name)
    : reg_(reg),
      backend_(backend),
      factory_(std::move(factory)),
      device_name_(std::move(device_name)),
      references_(reg) {
  // A's executor at once: a device that cannot be used is reported at start-up, not at the first edit.
  Executor& a = ExecutorOf(Slot::A);
  if (a.limits()) limits_ = *a.limits();
}

Engine::~Engine() = default;

BackendFacts Engine::facts() const {
  if (!limits_) return {};
  return {"CUDA", "GPU time (cudaEvent)", true};
}

Executor& Engine::ExecutorOf(Slot slot) {
  SlotState& s = Of(slot);
  if (!s.exec) {
    s.exec = factory_();
    if (!input_.empty()) s.exec->SetInput(input_);
  }
  return *s.exec;
}

void Engine::SetInput(Image input) {
  for (SlotState& s : slots_) StopJob(s);  // they read the old input
  input_ = std::move(input);
  for (SlotState& s : slots_) {
    s.plan = {};
    if (s.exec) s.exec->SetInput(input_);
  }
  references_.InputChanged();
}

Plan Engine::MakePlan(const Pipeline& p) const {
  if (input_.empty()) {
    Plan plan;
    plan.backend = backend_;
    plan.pipeline = p;
    plan.issue = PipelineIssue{-1, "no input image"};
    return plan;
  }
  return ResolvePipeline(reg_, p, input_.shape(), backend_, limits_ ? &*limits_ : nullptr);
}

bool Engine::Run(Slot slot, const Plan& plan) {
  if (input_.empty()) throw InputError("no input image");
  plan.Require();  // a refused plan launches nothing and leaves the last result as it is
  Executor& exec = ExecutorOf(slot);
  SlotState& s = Of(slot);
  if (run_wait_s_ >= 0 && dynamic_cast<CpuExecutor*>(&exec)) {
    if (s.job && s.job->plan().pipeline == plan.pipeline)
      s.next.reset();  // edited back to the plan under way: it need not run twice
    else
      s.next = plan;  // replaces any plan already waiting: only the newest is worth running
    StartWaitingJob();
    if (s.job) s.job->WaitFor(run_wait_s_);
    return Finish(slot);
  }
  StopJob(s);
  try {
    exec.Run(plan);
    s.plan = plan;
    return true;
  } catch (...) {
    // The plan was valid, so the failure happened part-way (a device error): the buffers may now hold a
    // half-run. Put the previous result back so that what is shown matches what is listed.
    if (!s.plan.pipeline.stages.empty() && !exec.has_result()) {
      try {
        exec.Run(s.plan);
      } catch (...) {
        s.plan = {};
      }
    }
    throw;
  }
}

void Engine::StartWaitingJob() {
  for (const SlotState& s : slots_)
    if (s.job) return;
  // Round robin: while a slider moves both slots' plans, neither waits for ever behind the other's.
  for (std::size_t k = 1; k <= slots_.size(); ++k) {
    const std::size_t i = (last_started_ + k) % slots_.size();
    SlotState& s = slots_[i];
    if (!s.next) continue;
    try {
      s.job = std::make_unique<BackgroundCpuRun>(*s.next, input_);
    } catch (const std::system_error&) {
      return;  // no thread to be had now: the plan stays waiting and the next frame's Finish tries again
    }
    s.next.reset();
    last_started_ = i;
    return;
  }
}

void Engine::StopJob(SlotState& s) {
  s.job.reset();  // cancels and joins
  s.next.reset();
}

void Engine::CancelRun(Slot slot) {
  StopJob(Of(slot));  // the other slot's waiting plan starts at its next Finish
}

bool Engine::running(Slot slot) const { return Of(slot).job || Of(slot).next; }

Engine::Progress Engine::progress(Slot slot) const {
  const SlotState& s = Of(slot);
  if (s.job) return {s.job->stages_done(), static_cast<int>(s.job->plan().stages.size())};
  if (s.next) return {0, static_cast<int>(s.next->stages.size())};
  return {};
}

bool Engine::settled(Slot slot) const {
  const SlotState& s = Of(slot);
  const auto same = [&](const Plan& p) { return p.pipeline == s.plan.pipeline; };
  return (!s.job || same(s.job->plan())) && (!s.next || same(*s.next));
}

bool Engine::Finish(Slot slot) {
  SlotState& s = Of(slot);
  if (!s.job) {
    StartWaitingJob();  // this slot's plan may have waited for the other slot's run
    return false;
  }
  if (!s.job->done()) {
    if (s.next && s.job->elapsed_s() > supersede_after_s_) s.job->Cancel();
    return false;
  }
  const std::unique_ptr<BackgroundCpuRun> job = std::move(s.job);
  std::optional<CpuRun> run;
  std::exception_ptr error;
  try {
    run = job->Take();
  } catch (...) {
    error = std::current_exception();
  }
  if (run) {
    static_cast<CpuExecutor&>(ExecutorOf(slot)).Adopt(std::move(*run));
    s.plan = job->plan();
  }
  const bool superseded = job->cancelled() || s.next.has_value();  // an older plan's failure is not reported
  StartWaitingJob();
  if (error && !superseded) std::rethrow_exception(error);
  return run.has_value();
}

void Engine::Forget(Slot slot) {
  SlotState& s = Of(slot);
  StopJob(s);
  StartWaitingJob();  // the other slot's plan may have waited for this slot's run
  s.plan = {};
  if (s.exec) s.exec->Forget();
}

bool Engine::has_result(Slot slot) const {
  const SlotState& s = Of(slot);
  return s.exec && s.exec->has_result();
}

const std::vector<double>& Engine::stage_ms(Slot slot) const {
  static const std::vector<double> kNone;
  return has_result(slot) ? Of(slot).exec->stage_ms() : kNone;
}

ImageShape Engine::OutputShape(Slot slot, int stage) const {
  if (!has_result(slot)) return input_.shape();
  return Of(slot).plan.OutputShape(stage);
}

StageOutput Engine::Output(Slot slot, int stage) const {
  if (!Of(slot).exec) throw RuntimeError(std::string("slot ") + SlotName(slot) + " has not run");
  return Of(slot).exec->Output(has_result(slot) ? stage : -1);
}

Image Engine::Download(Slot slot, int stage) {
  if (!has_result(slot)) return input_;
  return Of(slot).exec->Download(stage);
}

std::array<float, 4> Engine::ReadPixel(Slot slot, int stage, int x, int y) {
  if (!has_result(slot)) return HostPixel(input_, x, y);
  return Of(slot).exec->ReadPixel(stage, x, y);
}

KernelFacts Engine::KernelInfo(Slot slot, std::size_t stage) const {
  const SlotState& s = Of(slot);
  if (!has_result(slot) || stage >= s.plan.stages.size()) return {};
  return s.exec->KernelInfo(s.plan.stages[stage]);
}

std::vector<Engine::ReferenceOutput> Engine::ReferenceOutputs(const std::vector<Pipeline>& pipelines, int stage) {
  // A pipeline without `stage` (or kShowInput) shows the input: no chain to run.
  auto shows_input = [stage](const Pipeline& p) {
    return stage < 0 || static_cast<std::size_t>(stage) >= p.stages.size();
  };
  std::vector<ReferenceRuns::Request> wanted;
  for (const Pipeline& p : pipelines) {
    if (shows_input(p)) continue;
    Pipeline ref;
    for (int i = 0; i <= stage; ++i) {
      Stage st = p.stages[static_cast<std::size_t>(i)];
      const FilterSpec* f = reg_.Find(st.filter);
      if (!f) throw InputError("unknown filter '" + st.filter + "'");
      // The reference's results on every core: openmp is bit-identical to it (tests/cpu check every filter).
      st.variant = f->CpuDefault().id;
      st.launch = f->CpuDefault().defaults;
      st.launch_set = 0;
      ref.stages.push_back(std::move(st));
    }
    wanted.push_back({PipelineToJson(reg_, ref), std::move(ref)});
  }
  const std::vector<ReferenceRuns::Outcome> outcomes = references_.Want(wanted, input_, reference_wait_s_);
  std::vector<ReferenceOutput> out;
  std::size_t next = 0;
  for (const Pipeline& p : pipelines) {
    if (shows_input(p)) {
      out.push_back({&input_, {}});
      continue;
    }
    const ReferenceRuns::Outcome& o = outcomes[next++];
    out.push_back({o.outputs ? &o.outputs->back() : nullptr, o.error});
  }
  return out;
}

}  // namespace fl::ui
