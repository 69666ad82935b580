#pragma once
// The lab: AppState, the engine, the display texture and the worker, and the frame that ties them together.
// The window (gui_app.cpp) and the headless screenshot (app/screenshot.cpp) both drive it the same way:
// ImGui::NewFrame(); lab.Frame(); ImGui::Render(); draw.
#include <memory>
#include <string>
#include <vector>

#include "app/ui/app_state.hpp"
#include "app/ui/comparison.hpp"
#include "app/ui/engine.hpp"
#include "app/ui/image_job.hpp"
#include "app/ui/labs_controller.hpp"
#include "app/ui/slot_runs.hpp"
#include "app/ui/tune_runner.hpp"
#include "render/display_texture.hpp"
#include "render/split_program.hpp"

namespace fl::ui {

struct LabOptions {
  std::string image;                // a path or a pattern spec; "" for the last session's or the bundled default
  std::string preset;               // a preset file, or
  std::vector<std::string> stages;  // stage specs (CLI syntax); neither: the last session's or the default
  bool remember_session = true;     // read the last session at start, write it at the end
  bool allow_interop = true;
  bool shared_display_storage = true;  // interop textures share their storage with CUDA where the driver can
  bool continuous = false;
  float ui_scale = 1.0f;
  std::string gl_description;
  int max_texture_size = 0;
  // How long a frame waits for the A/B comparison's CPU reference chains: < 0 until they end (screenshots, scripts,
  // tests: every frame shows its metrics), else seconds; then the rows say the chain runs until it arrives.
  double reference_wait_s = -1;
  // How long a frame waits for a pipeline run on the CPU backend: < 0 until it ends (the same callers), else
  // seconds; then the run goes on on a worker thread and the slot shows its previous result until it arrives.
  double cpu_run_wait_s = -1;
};

class Lab {
 public:
  // Needs a current GL context (the display texture lives in it). Throws RuntimeError when the backend fails.
  Lab(const Registry& reg, Backend backend);
  ~Lab();
  Lab(const Lab&) = delete;
  Lab& operator=(const Lab&) = delete;

  // Loads the image (waiting for it when `wait`) and builds the pipeline. Problems (a bad path, preset or stage)
  // are shown in the UI and the defaults used instead; start_error() keeps the first of them.
  void Start(const LabOptions& o, bool wait);
  // One frame: applies what the last frame asked for (loads, runs, saves, the display), then draws every window.
  void Frame();
  // After the frame's draws were issued: lets the display textures' next CUDA writes wait cheaply for them.
  void NoteFrameDrawn();
  // Saves the session (when remembering); reports a failure on stderr.
  void Shutdown();
  // Files dropped on the window: the first image among them is opened.
  void DropFiles(const std::vector<std::string>& paths);

  AppState& state() { return s_; }
  const Engine& engine() const { return engine_; }
  bool quit_requested() const { return s_.requests.quit; }
  const std::string& start_error() const { return start_error_; }
  // An image loading, a CPU reference chain or an edit still running on a worker thread (scripts and --frames
  // wait for them; re-runs of the shown plan, measuring continuously, do not count).
  bool busy() const {
    return job_.active() || engine_.references_running() || !engine_.settled(Slot::A) || !engine_.settled(Slot::B);
  }
  LabsController& labs() { return labs_; }

 private:
  void StartError(const std::string& what);
  void PollJob();
  void ApplyImage(Image image, const std::string& source);
  void ProcessRequests();
  void RunIfNeeded();
  void UpdateDisplayIfNeeded();
  void UpdateComparisonIfNeeded();
  const Image* InspectImage();
  void ReadHover();
  void DrawWindows();
  void MakeThumbnails();

  const Registry& reg_;
  AppState s_;
  Engine engine_;
  render::DisplayTexture texture_;  // after engine_: destroyed first, while CUDA still runs
  render::DisplayTexture texture_b_, texture_diff_;
  LabsController labs_;  // the Labs window's worker and picture textures
  std::unique_ptr<render::SplitProgram> split_program_;  // null when it failed to build: clipped images instead
  render::SplitUniforms split_uniforms_;
  SlotRuns runs_;
  TuneRunner tune_;  // the sweep, a few configurations per frame on this thread
  Comparison comparison_;
  bool compare_dirty_ = true;
  Image inspect_a_;              // the shown output on the host, for values inside pixels when not comparing
  bool inspect_dirty_ = true;
  DiffKind last_diff_ = DiffKind::HeatMap;
  float last_gain_ = 0, last_tolerance_ = -1;
  std::vector<std::unique_ptr<render::DisplayTexture>> thumbnails_;
  bool thumbnails_made_ = false;
  ImageJob job_;
  bool allow_interop_ = true;
  bool remember_session_ = false;
  bool display_dirty_ = true;
  int shown_stage_ = kShowInput - 1;  // what the texture holds (impossible value: nothing yet)
  std::string start_error_;
};

}  // namespace fl::ui
