#pragma once
// The lab's engine: the input image and two slots, A and B, each an executor (CPU or CUDA, or a test's fake)
// with the plan it last ran. The UI plans through the engine and reads results through the Executor interface;
// it never talks to a backend directly.
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/ui/app_state.hpp"
#include "app/ui/background_cpu_run.hpp"
#include "app/ui/device_tools.hpp"
#include "app/ui/reference_runs.hpp"
#include "app/ui/slot.hpp"
#include "core/executor.hpp"
#include "core/image.hpp"
#include "core/plan.hpp"

namespace fl::ui {

class Engine {
 public:
  using ExecutorFactory = std::function<std::unique_ptr<Executor>()>;

  // The backend's executors (cuda::MakeExecutor). On a GPU also the device tools and the copy bandwidth, measured
  // once (a warning instead when the measurement fails). Throws RuntimeError when the CUDA device cannot be used.
  Engine(const Registry& reg, Backend backend);
  // With executors from `factory` (tests: a fake), named `device_name`; A's executor is made at once.
  Engine(const Registry& reg, Backend backend, ExecutorFactory factory, std::string device_name);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  Backend backend() const { return backend_; }
  const Registry& registry() const { return reg_; }
  const std::string& device_name() const { return device_name_; }
  const std::optional<DeviceLimits>& limits() const { return limits_; }
  double copy_gbs() const { return copy_gbs_; }
  const std::string& warning() const { return warning_; }
  // What the panels say about the backend: its name, what the times measure, whether outputs live on a GPU.
  BackendFacts facts() const;

  // Replaces the input (uploading it on CUDA) and forgets both slots' results: the next run starts afresh.
  void SetInput(Image input);
  const Image& input() const { return input_; }
  bool has_input() const { return !input_.empty(); }

  // `p` planned for this engine's input, backend and device; its issue says why it cannot run. Launches nothing.
  Plan MakePlan(const Pipeline& p) const;
  // Runs a plan in a slot (planning `p` first in the second form). On success it becomes the slot's result.
  // Throws InputError for a plan with an issue (nothing runs, the previous result stays) and RuntimeError for a
  // device failure, after restoring the previous result (by re-running it).
  // On the CPU backend with a run wait set (set_run_wait), the plan runs on a worker thread (BackgroundCpuRun) and
  // Run waits for it up to that long. One run at a time for both slots (each would take every core and disturb the
  // other's times): a slot's newest plan waits for the run under way, which it cancels once that has gone on for
  // more than kSupersedeAfterS (set_supersede_after). Returns true when a result was installed during the call
  // (this plan's or an earlier one's); Finish installs the others.
  bool Run(Slot slot, const Plan& plan);
  bool Run(Slot slot, const Pipeline& p) { return Run(slot, MakePlan(p)); }
  // On the CPU backend, how long Run waits for a run before leaving it to a worker thread: < 0 until it ends (the
  // default: screenshots, scripts, tests), else seconds (the window, which keeps drawing the previous result).
  void set_run_wait(double seconds) { run_wait_s_ = seconds; }
  void set_supersede_after(double seconds) { supersede_after_s_ = seconds; }  // tests
  // A worker's run of the slot, or a plan waiting for one, is under way: the slot shows an earlier result.
  bool running(Slot slot) const;
  bool runs_running() const { return running(Slot::A) || running(Slot::B); }
  // The slot's worker run under way: stages finished and in all ({0, 0} when none runs; a waiting plan has none
  // finished).
  struct Progress {
    int done = 0, total = 0;
  };
  Progress progress(Slot slot) const;
  // Nothing under way for the slot would change its pipeline: what it shows is its newest edit (a run of the same
  // plan again, measuring continuously, does not count). The comparison waits for both slots to settle.
  bool settled(Slot slot) const;
  // Installs the slot's worker run if it has ended (true), then starts the next plan waiting (either slot's), and
  // cancels a run that has gone on too long while a newer plan waits. Rethrows the run's error (the previous
  // result stays) unless a newer plan of the slot supersedes it. False while it runs, when none runs, or when it
  // was cancelled.
  bool Finish(Slot slot);
  static constexpr double kSupersedeAfterS = 0.25;  // the window's: a newer plan cancels a run this old
  // Stops the slot's worker run and drops its waiting plan (Esc); the result shown stays.
  void CancelRun(Slot slot);
  void Forget(Slot slot);
  bool has_result(Slot slot) const;
  const Plan& result(Slot slot) const { return Of(slot).plan; }  // what last ran (empty without a result)
  const std::vector<double>& stage_ms(Slot slot) const;

  // The shape of what `stage` shows (kShowInput: the input).
  ImageShape OutputShape(Slot slot, int stage) const;
  // Where the output lives (host image or device view with its stream).
  StageOutput Output(Slot slot, int stage) const;
  // The output as a host image (downloads on CUDA): for saving, comparing and the pixel inspector.
  Image Download(Slot slot, int stage);
  std::array<float, 4> ReadPixel(Slot slot, int stage, int x, int y);
  // Registers, shared memory and occupancy of a stage's kernel in the slot's last run.
  KernelFacts KernelInfo(Slot slot, std::size_t stage) const;

  // The CPU reference chain of each pipeline up to and including `stage` (every stage's CPU default, openmp,
  // which gives `reference`'s bytes, at its default launch), cached: it depends only on the parameters, the
  // enabled flags and the input, so changing variants or launch configurations does not re-run it. The chains run
  // on worker threads (ReferenceRuns); a frame waits for them up to reference_wait (by default until they end).
  // kShowInput: the input. The images stay valid until the next call of a reference member.
  struct ReferenceOutput {
    const Image* image = nullptr;  // null while the chain runs, or when it failed
    std::string error;             // why it failed
    bool running() const { return image == nullptr && error.empty(); }
  };
  std::vector<ReferenceOutput> ReferenceOutputs(const std::vector<Pipeline>& pipelines, int stage);
  // Caches the chains that finished since the last call: true when one did.
  bool PollReferences() { return references_.Poll(); }
  bool references_running() const { return references_.running(); }
  void CancelReferences() { references_.CancelAll(); }
  // How long ReferenceOutputs waits for a chain still running: < 0 until it ends (screenshots, scripts, tests),
  // else seconds (the window, which shows "running" and measures the chain when it arrives).
  void set_reference_wait(double seconds) { reference_wait_s_ = seconds; }

  // Display conversion and comparison of outputs that live on the device; nullptr when they live on the host.
  DeviceTools* device_tools() { return device_tools_.get(); }

 private:
  struct SlotState {
    std::unique_ptr<Executor> exec;  // made when the slot first runs (B costs memory only while comparing)
    Plan plan;
    std::unique_ptr<BackgroundCpuRun> job;  // reads input_: destroyed (cancelled and joined) before it changes
    std::optional<Plan> next;               // the newest plan, waiting for the lane (either slot's job) to end
  };
  void StartWaitingJob();  // when no job runs: the first slot's plan waiting
  static void StopJob(SlotState& s);
  SlotState& Of(Slot slot) { return slots_[static_cast<int>(slot)]; }
  const SlotState& Of(Slot slot) const { return slots_[static_cast<int>(slot)]; }
  Executor& ExecutorOf(Slot slot);

  const Registry& reg_;
  Backend backend_;
  ExecutorFactory factory_;
  std::string device_name_;
  std::optional<DeviceLimits> limits_;
  double copy_gbs_ = 0;
  std::string warning_;
  std::unique_ptr<DeviceTools> device_tools_;
  Image input_;
  std::array<SlotState, 2> slots_;

  ReferenceRuns references_;
  double reference_wait_s_ = -1;
  double run_wait_s_ = -1;
  double supersede_after_s_ = kSupersedeAfterS;
  std::size_t last_started_ = slots_.size() - 1;  // the slot whose plan the lane ran last (A goes first)
};

}  // namespace fl::ui
