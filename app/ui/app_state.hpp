#pragma once
// Everything the lab's windows show and edit, as plain data. Panels read and write this and record what they
// want done in `requests`; the frame loop (lab.cpp) carries the requests out with the engine, the display and
// the worker, then copies the results back in. No handles here: GL, CUDA and threads live elsewhere.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "app/ui/labs_state.hpp"
#include "app/ui/slot.hpp"
#include "app/ui/tune_state.hpp"
#include "app/ui/teach_state.hpp"
#include "core/launch_config.hpp"
#include "core/metrics.hpp"
#include "core/plan.hpp"
#include "core/test_patterns.hpp"

namespace fl::ui {

// Which stage output the viewer shows: the pipeline input, or stage i (0-based) of the last good run.
constexpr int kShowInput = -1;
constexpr int kShowLast = -2;  // follow the last stage (the default)

// What one stage did in the last good run, and its history.
struct StageReport {
  ImageShape in, out;
  bool enabled = true;
  double last_ms = 0;
  double median_ms = 0;
  double min_ms = 0;
  int runs = 0;                  // runs since the stage's configuration last changed
  std::vector<float> history;    // the last runs' times, oldest first (for PlotLines)
  double bytes = 0;              // read once + written once
  double gbs = 0;                // bytes / median time
  double pct_of_copy = 0;        // gbs / the device's copy bandwidth (0 when not measured)
  std::string kernel_info;       // "32 regs, 0.0 KiB smem, 16 blocks/SM, 100% occupancy"; "" on the CPU
  int registers = -1;            // per thread; -1 unknown (CPU, or the query failed)
  double occupancy = -1;         // 0..1; -1 unknown
  std::string note;              // which code ran when it is not the chosen variant (CPU fallback)
  std::string occupancy_explained;  // limiter, reason and advice (core/occupancy.hpp); "" when unknown
  long resident_blocks = 0;         // blocks of its kernel resident on the device at once; 0 unknown
};

// What became of one slot's pipeline: why its edit cannot run, and its last good run as the panels show it.
struct SlotResult {
  std::optional<PipelineIssue> issue;  // why the edited pipeline cannot run (A keeps its last good result)
  bool valid = false;                  // a result is there to show
  Plan plan;                           // the last good run as planned: plan.pipeline ran (shapes, the code that
                                       // ran, launch grids, fallback notes)
  std::vector<StageReport> stages;     // per stage of that run: timings, kernel facts, notes
  double total_ms = 0;                 // of the last run
  int runs = 0;                        // good runs since start-up
  bool running = false;                // an edit's run is under way on a worker thread (the CPU backend)
  int running_done = 0, running_stages = 0;  // its progress: stages finished, of
};

struct ViewState {
  float zoom = 1.0f;          // screen pixels per image pixel
  float pan_x = 0, pan_y = 0; // image pixel at the centre of the view
  bool fit = true;            // zoom to fit whenever the view or the image size changes
  float want_zoom = 0;      // > 0: take this zoom next frame, keeping the centre (1 = 1:1)
  float region_x = 0, region_y = 0, region_w = 0, region_h = 0;  // where the image region was last drawn
  float image_x = 0, image_y = 0, image_w = 0, image_h = 0;      // the image's rectangle on screen
};

struct HoverPixel {
  int x = 0, y = 0;
  std::array<float, 4> value{};
  int channels = 1;
  bool is_float = false;
  std::optional<std::array<float, 4>> b, ref;  // B's and the CPU reference's value there, when compared
};

// What the viewer currently shows.
struct DisplayInfo {
  int stage = kShowInput;  // resolved (never kShowLast)
  ImageShape shape;        // of the displayed output
  int step = 1;            // 1, or the subsampling needed to fit GL_MAX_TEXTURE_SIZE
  int max_texture = 0;
  bool has_range = false;  // gray32f: normalised by [lo, hi]
  float lo = 0, hi = 0;
  bool valid = false;
  std::string note;        // e.g. "shown at 1/2: 20000x20000 exceeds GL_MAX_TEXTURE_SIZE 16384"
  // The last write through interop: the whole write (wall, waiting for the GPU) and the GPU part alone; negative
  // until one happened (CPU backend, upload fallback).
  double interop_wall_ms = -1, interop_gpu_ms = -1, interop_convert_ms = -1;
  // How that write reached the texture: "shared storage" or "mapped per write (<why not shared>)".
  std::string interop_path;
  // GPU time of the displayed texture's last mipmap rebuild: by CUDA inside an interop write (events), by GL
  // after an upload (timer query); -1 before one.
  double mipmap_gpu_ms = -1;
  long interop_writes = 0;  // how many writes went through interop (the soak and fps checks read it)
};

// Where the fixed panels sit this frame (screen pixels); the pipeline width and the timings height are the
// person's to drag, remembered by ImGui's layout file.
struct LayoutState {
  float top = 0;          // below the menu bar
  float status_h = 0;     // the status bar's height
  float left_w = 0;       // the pipeline panel's width as drawn
  float bottom_h = 0;     // the timings panel's height as drawn
};

// A key press as the window reported it (GLFW key code and modifiers). Queued rather than polled: ImGui 1.86
// only sees whether a key is down at frame start, so a tap shorter than a frame would be lost.
struct KeyPress {
  int key = 0;
  bool ctrl = false, shift = false, alt = false;
  bool repeat = false;  // auto-repeat of a held key
};

// The A/B comparison: a second configuration B of the same chain (its own variants, launch configurations and
// parameters), run beside A, compared with it and with the CPU reference.
enum class ViewMode { A, B, Split, Side, Diff };
enum class DiffKind { HeatMap, Mask };

// "a", "b", "split", "side", "diff" (settings and --view); nullopt for anything else.
std::optional<ViewMode> ParseViewMode(const std::string& name);
const char* ViewModeName(ViewMode mode);

struct AbMetrics {
  std::optional<ImageMetrics> metrics;
  std::string error;  // why there are none (e.g. the shapes differ)
};

struct AbState {
  bool enabled = false;         // B runs and the comparison views are offered
  bool edit_b = false;          // the stage editors edit B instead of A
  Pipeline b;                   // the same chain as AppState::pipeline (kept in step by SyncB)
  ViewMode view = ViewMode::A;
  bool split_vertical = true;   // wipe line: vertical (A left, B right) or horizontal (A above, B below)
  float split = 0.5f;           // where the wipe line sits, 0..1 of the image
  DiffKind diff = DiffKind::HeatMap;
  float gain = 4.0f;            // heat map: multiplies |A - B|
  float tolerance = 0.0f;       // a pixel mismatches when a channel differs by more than this
  bool show_grid = false;       // the launch-grid overlay of the shown stage
  // Results (set by the Lab; B's run is AppState::results[Slot::B]).
  AbMetrics a_vs_b, a_vs_ref, b_vs_ref;
  bool diff_valid = false;
  std::string diff_note;        // e.g. "A and B differ in shape: no difference image"
};

// B follows A's chain: same stages in the same order, same enabled flags; variant, launch and parameters are
// B's own. A stage whose filter no longer matches takes A's setup. Returns true when B changed.
bool SyncB(const Pipeline& a, Pipeline& b);

struct Toast {
  std::string text;
  bool error = false;
  double until = 0;  // ImGui time at which it fades
};

enum class BrowserPurpose { OpenImage, LoadPreset, SavePreset, SaveOutput, ExportCsv, ExportJson };

struct FileBrowserState {
  bool open = false;
  BrowserPurpose purpose = BrowserPurpose::OpenImage;
  std::string folder;
  std::string file_name;     // for saving
  std::string selected;      // highlighted entry
  std::string error;         // e.g. "cannot read folder"
  char path_edit[1024] = {};
};

struct PatternDialogState {
  bool open = false;
  PatternRequest request;
};

// A bundled sample's thumbnail: the texture is owned by the Lab; here only its GL name.
struct Thumbnail {
  std::string path;
  unsigned texture = 0;
  int width = 0, height = 0;  // of the thumbnail
  ImageShape full;            // of the image
};

struct JobState {
  bool active = false;
  std::string label;
  float progress = -1;  // < 0: unknown
};

// What panels ask for; carried out after the frame's widgets are drawn.
struct Requests {
  std::optional<std::string> open_image;        // a path
  std::optional<PatternRequest> generate;
  std::optional<std::string> load_preset;
  std::optional<std::string> save_preset;
  std::optional<std::string> save_output;       // PNG of the displayed stage
  std::optional<std::string> export_csv;
  std::optional<std::string> export_json;
  bool cancel_job = false;
  bool cancel_runs = false;  // the CPU worker's runs of edits (Esc): the slots keep their previous results
  bool quit = false;
  bool reset_pipeline = false;
};

// What the backend at hand measures and offers, from the engine: panels read these facts rather than asking
// which backend runs.
struct BackendFacts {
  const char* name = "CPU";                       // "CUDA" or "CPU"
  const char* time_label = "CPU time (wall)";     // or "GPU time (cudaEvent)"
  bool on_device = false;  // outputs live on a GPU: copy bandwidth, registers and occupancy are measured
};

struct AppState {
  // Engine facts, set once at start-up.
  const Registry* registry = nullptr;
  Backend backend = Backend::Cpu;
  BackendFacts facts;
  std::string device_name;                 // "NVIDIA H100 80GB HBM3" or "CPU (16 threads)"
  std::string cpu_reason;                  // on the CPU backend, why: no usable CUDA device, or --backend cpu
  std::optional<DeviceLimits> limits;      // CUDA only
  double copy_gbs = 0;                     // measured device copy bandwidth, 0 when unknown
  std::string gl_description;              // "GLFW window, 4.5 (Core Profile) Mesa 22.3.6 / llvmpipe ..."
  std::string interop;                     // "CUDA-GL interop", or "fallback: <why>", or "CPU upload"
  bool interop_active = false;
  float ui_scale = 1.0f;

  // The image.
  std::string image_label;                 // a path, or a pattern spec ("pattern:zoneplate:1024x1024:gray8")
  ImageShape image_shape;
  std::vector<std::string> recent_files;

  // The pipeline being edited, and what became of it.
  Pipeline pipeline;
  bool pipeline_edited = true;             // set by editors; the loop re-runs and clears it
  int selected_stage = -1;                 // the stage the editor has open (highlighted), -1 none
  int show_stage = kShowLast;

  // What became of A (the edited pipeline) and B (its twin, while comparing).
  PerSlot<SlotResult> results;
  bool continuous = false;

  LayoutState layout;
  ViewState view;
  DisplayInfo display;
  std::optional<HoverPixel> hover;
  std::optional<std::array<int, 2>> hover_request;  // the image pixel under the cursor, set by the viewer

  FileBrowserState browser;
  PatternDialogState pattern_dialog;
  bool show_gallery = false;
  std::vector<Thumbnail> thumbnails;  // filled by the Lab the first time the gallery opens
  bool show_help = false;
  bool show_about = false;
  bool show_timings = true;
  JobState job;
  std::vector<Toast> toasts;
  std::string banner_error;                // a load error etc. that stays until dismissed
  std::string settings_warning;            // a damaged settings file, reported once

  AbState ab;
  LabsWindowState labs;  // the Labs window (labs_window.cpp)
  TuneState tune;
  TeachState teach;  // kernel source view, lessons, report export
  std::optional<std::array<float, 2>> centre_on;  // an image point the viewer centres on next frame

  Requests requests;
  std::vector<KeyPress> key_presses;  // this frame's, consumed by HandleShortcuts
  float ui_fps = 0;
};

// The slot the stage editors change: A, or B while "edit B" is on; and its pipeline.
inline Slot EditedSlot(const AppState& s) { return s.ab.enabled && s.ab.edit_b ? Slot::B : Slot::A; }
inline Pipeline& EditedPipeline(AppState& s) { return EditedSlot(s) == Slot::B ? s.ab.b : s.pipeline; }
// The pipeline a slot runs: A's is the edited one, B's its twin.
inline const Pipeline& PipelineOf(const AppState& s, Slot slot) { return slot == Slot::B ? s.ab.b : s.pipeline; }
// B's result while comparing (nullptr when B is off or has none to show).
inline const SlotResult* ShownB(const AppState& s) {
  return s.ab.enabled && s.results[Slot::B].valid ? &s.results[Slot::B] : nullptr;
}
inline const char* TimeLabel(const AppState& s) { return s.facts.time_label; }

}  // namespace fl::ui
