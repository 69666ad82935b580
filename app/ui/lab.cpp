#include "app/ui/lab.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "app/ui/display_updater.hpp"
#include "app/ui/host_display.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/pipeline_edits.hpp"
#include "app/ui/sample_assets.hpp"
#include "app/ui/settings.hpp"
#include "app/ui/shortcuts.hpp"
#include "app/ui/timing_export.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/one_line.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "cuda/device_info.hpp"

namespace fl::ui {

Lab::Lab(const Registry& reg, Backend backend) : reg_(reg), engine_(reg, backend) {
  s_.registry = &reg_;
  s_.backend = backend;
  s_.facts = engine_.facts();
  s_.device_name = engine_.device_name();
  if (!s_.facts.on_device) {
    const std::string why = cuda::NoDeviceReason();  // no driver, no device, or one older than the kernels need
    s_.cpu_reason = why.empty() ? "--backend cpu (a CUDA device is there)" : why;
  }
  s_.limits = engine_.limits();
  s_.copy_gbs = engine_.copy_gbs();
  s_.interop = s_.facts.on_device ? "CUDA-GL interop (not yet used)" : "CPU upload (no CUDA)";
  if (!engine_.warning().empty()) std::fprintf(stderr, "warning: %s\n", engine_.warning().c_str());
  try {
    split_program_ = std::make_unique<render::SplitProgram>();
    split_uniforms_.program = split_program_.get();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "warning: the split view draws without its shader: %s\n", e.what());
  }
}

Lab::~Lab() = default;

void Lab::StartError(const std::string& what) {
  if (start_error_.empty()) start_error_ = what;
  s_.banner_error = s_.banner_error.empty() ? what : s_.banner_error + "\n" + what;
  std::fprintf(stderr, "error: %s\n", OneLine(what).c_str());
}

void Lab::Start(const LabOptions& o, bool wait) {
  allow_interop_ = o.allow_interop;
  for (render::DisplayTexture* t : {&texture_, &texture_b_, &texture_diff_})
    t->set_shared_storage(o.shared_display_storage);
  remember_session_ = o.remember_session;
  s_.ui_scale = o.ui_scale;
  s_.gl_description = o.gl_description;
  s_.display.max_texture = o.max_texture_size;
  s_.continuous = o.continuous;
  engine_.set_reference_wait(o.reference_wait_s);
  engine_.set_run_wait(o.cpu_run_wait_s);

  SessionSettings session;
  if (o.remember_session) {
    std::string warning;
    session = LoadSettings(SessionPath(), warning);
    if (!warning.empty()) {
      s_.settings_warning = warning;
      s_.banner_error = warning;
      std::fprintf(stderr, "warning: %s\n", OneLine(warning).c_str());
    }
    s_.recent_files = session.recent_files;
    s_.browser.folder = session.browser_folder;
    s_.continuous = session.continuous || o.continuous;
    s_.show_timings = session.show_timings;
    if (auto mode = ParseViewMode(session.ab_view)) s_.ab.view = *mode;
    s_.ab.split_vertical = session.split_vertical;
    s_.ab.diff = session.diff_kind == "mask" ? DiffKind::Mask : DiffKind::HeatMap;
    s_.ab.gain = static_cast<float>(session.diff_gain > 0 ? session.diff_gain : 4.0);
    s_.ab.show_grid = session.show_grid;
    ApplyLabsSettings(s_.labs, session.labs_json);
  }

  // The pipeline: --preset or --stage, else the last session's, else the default.
  s_.pipeline = DefaultPipeline(reg_, s_.backend);
  try {
    if (!o.preset.empty() && !o.stages.empty()) throw InputError("give either --stage or --preset, not both");
    if (!o.preset.empty()) {
      s_.pipeline = LoadPreset(reg_, o.preset, s_.backend);
    } else if (!o.stages.empty()) {
      if (o.stages.size() > kMaxPresetStages)
        throw InputError(std::to_string(o.stages.size()) + " stages: a pipeline holds at most " +
                         std::to_string(kMaxPresetStages));
      Pipeline p;
      for (const std::string& spec : o.stages) p.stages.push_back(ParseStageSpec(reg_, spec, s_.backend));
      s_.pipeline = p;
    } else if (!session.pipeline_json.empty()) {
      try {
        s_.pipeline = PipelineFromJson(reg_, session.pipeline_json, s_.backend);
      } catch (const InputError& e) {
        const std::string kept = KeepDamagedCopy(SessionPath());
        s_.banner_error = std::string("the last session's pipeline was not restored: ") + e.what() +
                          (kept.empty() ? "" : " (the file is kept as " + kept + ")");
        std::fprintf(stderr, "warning: %s\n", OneLine(s_.banner_error).c_str());
      }
    }
  } catch (const InputError& e) {
    StartError(std::string(e.what()) + " (using the default pipeline)");
  }
  s_.pipeline_edited = true;
  s_.selected_stage = static_cast<int>(s_.pipeline.stages.size()) - 1;  // the shown (last) stage, explained

  // The image: the one asked for, else the last session's, else the bundled default.
  std::string source = o.image;
  if (source.empty()) source = session.image;
  if (source.empty()) source = DefaultImagePath();
  if (source.empty()) {
    StartError("no image given and the bundled samples (assets/) were not found");
    return;
  }
  job_.Start(source);
  if (!wait) return;
  job_.Wait();
  PollJob();
  job_.Wait();  // the default image, when the one given failed
  PollJob();
}

void Lab::PollJob() {
  s_.job.active = job_.active();
  s_.job.label = job_.label();
  s_.job.progress = job_.progress();
  auto r = job_.TakeResult();
  if (!r) return;
  s_.job.active = false;
  if (r->cancelled) {
    Notify(s_, "cancelled: " + r->source);
    return;
  }
  if (!r->image) {
    // A failed load keeps the current image and pipeline.
    const std::string what = r->error.empty() ? "cannot load " + r->source : r->error;
    if (engine_.has_input()) {
      s_.banner_error = what + " (the current image stays)";
      std::fprintf(stderr, "error: %s\n", OneLine(what).c_str());
      return;
    }
    // Nothing to work on yet: fall back to the bundled default so that the lab is usable at once.
    const std::string fallback = DefaultImagePath();
    const bool can_fall_back = !fallback.empty() && fallback != r->source;
    StartError(what + (can_fall_back ? " (showing the bundled default image instead)" : ""));
    if (can_fall_back) job_.Start(fallback);
    return;
  }
  ApplyImage(std::move(*r->image), r->source);
}

void Lab::ApplyImage(Image image, const std::string& source) {
  try {
    engine_.SetInput(std::move(image));
  } catch (const std::exception& e) {
    s_.banner_error = std::string("cannot use ") + source + ": " + e.what();
    return;
  }
  s_.image_label = source;
  s_.image_shape = engine_.input().shape();
  if (!source.starts_with("pattern:")) PushRecent(s_.recent_files, source);
  s_.pipeline_edited = true;
  s_.view.fit = true;
  runs_.Clear(s_);
  display_dirty_ = true;
}

void Lab::DropFiles(const std::vector<std::string>& paths) {
  for (const std::string& p : paths)
    if (IsImageFile(p)) {
      s_.requests.open_image = p;
      return;
    }
  if (!paths.empty()) s_.banner_error = "dropped file is not an image this lab reads: " + paths.front();
}

void Lab::ProcessRequests() {
  Requests& r = s_.requests;
  if (r.cancel_job) job_.Cancel();
  r.cancel_job = false;
  if (std::exchange(r.cancel_runs, false)) runs_.CancelWorkerRuns(s_, engine_);
  if (r.open_image) job_.Start(*r.open_image);
  if (r.generate) job_.Start(*r.generate);
  r.open_image.reset();
  r.generate.reset();
  if (r.reset_pipeline) {
    s_.pipeline = DefaultPipeline(reg_, s_.backend);
    s_.pipeline_edited = true;
    s_.selected_stage = -1;
    s_.show_stage = kShowLast;
    r.reset_pipeline = false;
  }
  // Each file action reports success or failure as a notice; none of them can stop the lab.
  auto attempt = [this](std::optional<std::string>& path, auto&& action, const char* verb) {
    if (!path) return;
    const std::string p = *path;
    path.reset();
    try {
      action(p);
      Notify(s_, std::string(verb) + " " + p);
      s_.browser.folder = std::filesystem::path(p).parent_path().string();
    } catch (const std::exception& e) {
      Notify(s_, e.what(), true);
      s_.banner_error = e.what();
    }
  };
  attempt(r.load_preset, [this](const std::string& p) {
    s_.pipeline = LoadPreset(reg_, p, s_.backend);
    s_.pipeline_edited = true;
    s_.selected_stage = -1;
    s_.show_stage = kShowLast;
  }, "loaded");
  attempt(r.save_preset, [this](const std::string& p) { SavePreset(reg_, s_.pipeline, p); }, "saved");
  attempt(r.save_output, [this](const std::string& p) { SaveImage(engine_.Download(Slot::A, s_.display.stage), p); },
          "saved");
  attempt(r.export_csv, [this](const std::string& p) { WriteTextFile(p, TimingsCsv(s_)); }, "exported");
  attempt(r.export_json, [this](const std::string& p) { WriteTextFile(p, TimingsJson(s_)); }, "exported");
  ProcessTeachRequests(s_);
}

void Lab::RunIfNeeded() {
  if (job_.active()) return;  // the input is about to change
  if (runs_.Update(s_, engine_)) display_dirty_ = true;
}

void Lab::UpdateDisplayIfNeeded() {
  // After an upload GL rebuilds the mipmaps, timed by a query whose result arrives a frame or so later; an
  // interop write builds them in CUDA and reports their time itself.
  if (!s_.interop_active) s_.display.mipmap_gpu_ms = texture_.MipmapMs();
  if (!engine_.has_input()) return;
  const int want = ResolveShownStage(s_, engine_);
  if (!display_dirty_ && want == shown_stage_ && s_.display.valid) return;
  try {
    UpdateDisplay(s_, engine_, texture_, allow_interop_);
    shown_stage_ = s_.display.stage;
    display_dirty_ = false;
    compare_dirty_ = true;
    inspect_dirty_ = true;
  } catch (const std::exception& e) {
    s_.display.valid = false;
    s_.banner_error = std::string("cannot display the output: ") + e.what();
    display_dirty_ = false;
  }
}

void Lab::UpdateComparisonIfNeeded() {
  AbState& ab = s_.ab;
  if (!ab.enabled) {
    engine_.CancelReferences();  // nobody waits for them any more
    return;
  }
  if (engine_.PollReferences()) compare_dirty_ = true;  // a reference chain arrived: measure against it
  // An edit still running on the CPU worker: A and B would be compared across edits (their stages need not even
  // match); the metrics keep the last settled pair until both arrive.
  if (!engine_.settled(Slot::A) || !engine_.settled(Slot::B)) return;
  const bool diff_changed = ab.diff != last_diff_ || ab.gain != last_gain_ || ab.tolerance != last_tolerance_;
  const bool tolerance_changed = ab.tolerance != last_tolerance_;
  last_diff_ = ab.diff;
  last_gain_ = ab.gain;
  last_tolerance_ = ab.tolerance;
  if (compare_dirty_ || tolerance_changed) {
    compare_dirty_ = false;
    comparison_.Update(s_, engine_, texture_b_, texture_diff_, allow_interop_);
  } else if (diff_changed) {
    comparison_.UpdateDiff(s_, engine_, texture_diff_, allow_interop_);
  }
}

void Lab::MakeThumbnails() {
  // Once, when the gallery first opens: a few small images, decoded on the main thread (tens of milliseconds).
  thumbnails_made_ = true;
  constexpr int kThumbSide = 160;
  for (const std::string& path : SampleImages()) {
    try {
      const Image img = LoadImage(path);
      const int step = std::max(1, (std::max(img.width(), img.height()) + kThumbSide - 1) / kThumbSide);
      const Image rgba = HostToRgba8(img, step, HostMinMax(img));
      auto tex = std::make_unique<render::DisplayTexture>();
      tex->Ensure(rgba.width(), rgba.height(), false);
      tex->Upload(rgba);
      s_.thumbnails.push_back({path, tex->id(), rgba.width(), rgba.height(), img.shape()});
      thumbnails_.push_back(std::move(tex));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "warning: no thumbnail for %s: %s\n", path.c_str(), e.what());
    }
  }
}

void Lab::DrawWindows() {
  DrawMenuBar(s_);
  DrawStatusBar(s_);
  DrawPipelinePanel(s_);
  DrawTimingsPanel(s_);
  ViewerImages images;
  images.a = s_.display.valid ? texture_.id() : 0u;
  images.b = ShownB(s_) ? texture_b_.id() : 0u;
  images.diff = s_.ab.enabled && s_.ab.diff_valid ? texture_diff_.id() : 0u;
  images.host_a = s_.ab.enabled ? &comparison_.host_a() : InspectImage();
  images.host_b = &comparison_.host_b();
  images.reference = &comparison_.reference();
  images.split = split_program_ ? &split_uniforms_ : nullptr;
  DrawViewerPanel(s_, images);
  DrawFileBrowser(s_);
  DrawPatternWindow(s_);
  DrawGalleryWindow(s_);
  DrawHelpWindow(s_);
  DrawAboutWindow(s_);
  DrawLabsWindow(s_);
  DrawTuneWindow(s_);
  DrawTeachWindows(s_);
  DrawToasts(s_);
}

void Lab::Frame() {
  s_.ui_fps = ImGui::GetIO().Framerate;
  PollJob();
  ProcessRequests();
  s_.job.active = job_.active();
  labs_.Update(s_, engine_.has_input() ? &engine_.input() : nullptr);
  RunIfNeeded();
  if (!job_.active()) tune_.Frame(s_, engine_);
  UpdateDisplayIfNeeded();
  UpdateComparisonIfNeeded();
  ReadHover();
  if (s_.show_gallery && !thumbnails_made_) MakeThumbnails();
  HandleShortcuts(s_);
  DrawWindows();
}

void Lab::NoteFrameDrawn() {
  for (render::DisplayTexture* t : {&texture_, &texture_b_, &texture_diff_}) t->NoteDrawn();
}

void Lab::Shutdown() {
  if (!remember_session_) return;
  SessionSettings out;
  out.image = s_.image_label;
  const bool refused = s_.results[Slot::A].issue && engine_.has_result(Slot::A);
  const Pipeline& keep = refused ? engine_.result(Slot::A).pipeline : s_.pipeline;
  out.pipeline_json = PipelineToJson(reg_, keep);
  out.recent_files = s_.recent_files;
  out.browser_folder = s_.browser.folder;
  out.continuous = s_.continuous;
  out.show_timings = s_.show_timings;
  out.ab_view = ViewModeName(s_.ab.view);
  out.split_vertical = s_.ab.split_vertical;
  out.diff_kind = s_.ab.diff == DiffKind::Mask ? "mask" : "heat";
  out.diff_gain = s_.ab.gain;
  out.show_grid = s_.ab.show_grid;
  out.labs_json = LabsSettingsJson(s_.labs);
  try {
    SaveSettings(SessionPath(), out);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "warning: the session was not saved: %s\n", e.what());
  }
}

}  // namespace fl::ui
