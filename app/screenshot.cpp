#include "app/screenshot.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <memory>

#include "app/cli/commands.hpp"
#include "app/headless_context.hpp"
#include "app/ui/gui_app.hpp"
#include "app/ui/lab.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"
#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/image_io.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"
#include "render/gl.hpp"
#include "render/imgui_renderer.hpp"
#include "render/offscreen_target.hpp"

namespace fl::app {
namespace {

float ParseZoom(const std::string& text) {
  if (text == "fit") return 0;
  float zoom = 0;
  try {
    zoom = std::stof(text);
  } catch (const std::logic_error&) {
    zoom = 0;
  }
  if (!(zoom > 0)) throw InputError("--zoom '" + text + "' is not 'fit' or a positive number");
  return zoom;
}

// "X,Y" as image pixels; {-1, -1} for "".
std::array<int, 2> ParseHover(const std::string& text) {
  if (text.empty()) return {-1, -1};
  int x = -1, y = -1;
  const auto comma = text.find(',');
  try {
    if (comma == std::string::npos) throw std::invalid_argument("no comma");
    x = std::stoi(text.substr(0, comma));
    y = std::stoi(text.substr(comma + 1));
  } catch (const std::logic_error&) {
    x = -1;
  }
  if (x < 0 || y < 0) throw InputError("--hover '" + text + "' is not X,Y (image pixels)");
  return {x, y};
}

void OpenWindow(ui::AppState& s, const std::string& which) {
  if (which == "help") s.show_help = true;
  else if (which == "about") s.show_about = true;
  else if (which == "browser") ui::OpenFileBrowser(s, ui::BrowserPurpose::OpenImage);
  else if (which == "pattern") s.pattern_dialog.open = true;
  else if (which == "gallery") s.show_gallery = true;
  else if (which == "kernel") {  // of the last stage
    s.teach.show_kernel_source = true;
    s.selected_stage = static_cast<int>(s.pipeline.stages.size()) - 1;
  }
  else if (which.starts_with("lesson:")) s.teach.open_lesson = which.substr(7);
  else if (!which.empty())
    throw InputError("--open '" + which + "' is not help, about, browser, pattern, gallery, kernel or lesson:ID");
}

// --lab: the Labs window on that lab (an unknown one is refused with the list); --lab-run asks for its run.
void OpenLab(ui::AppState& s, const ScreenshotOptions& o) {
  if (o.lab.empty()) {
    if (o.lab_run) throw InputError("--lab-run needs --lab NAME");
    return;
  }
  s.labs.open = true;
  s.labs.selected = GetLab(o.lab).id;
  s.labs.run_requested = o.lab_run;
}

// One line on what the Labs window shows: the lab's error or message, else how many variants its run reported.
void PrintLabSummary(const ScreenshotOptions& o, const ui::AppState& s) {
  if (o.lab.empty()) return;
  const auto it = s.labs.runs.find(o.lab);
  const ui::LabRunView* run = it == s.labs.runs.end() ? nullptr : &it->second;
  const std::string cannot = ui::CannotRunReason(GetLab(o.lab), s.backend);
  const std::string error = run && !run->error.empty() ? run->error : cannot;
  std::printf("lab %s: run=%s variants=%zu pictures=%zu message=\"%s\"\n", o.lab.c_str(),
              run && run->valid ? "yes" : "no", run && run->valid ? run->data.value("variants", nlohmann::json::array()).size() : 0,
              run ? run->pictures.size() : 0, error.c_str());
}

// --view other than a, or --b-stage: B is turned on, B = A unless --b-stage names B's own stages.
void SetUpComparison(const Registry& reg, Backend backend, const ScreenshotOptions& o, ui::AppState& s) {
  if (o.view == "a" && o.b_stages.empty()) return;
  const auto mode = ui::ParseViewMode(o.view);
  if (!mode) throw InputError("--view '" + o.view + "' is not a, b, split, side or diff");
  if (o.diff != "heat" && o.diff != "mask") throw InputError("--diff '" + o.diff + "' is not heat or mask");
  s.ab.enabled = true;
  s.ab.view = *mode;
  s.ab.diff = o.diff == "mask" ? ui::DiffKind::Mask : ui::DiffKind::HeatMap;
  s.ab.b = s.pipeline;
  if (o.b_stages.empty()) return;
  Pipeline b;
  for (const std::string& spec : o.b_stages) b.stages.push_back(ParseStageSpec(reg, spec, backend));
  Pipeline synced = b;
  if (ui::SyncB(s.pipeline, synced) && synced != b)
    throw InputError("--b-stage must name the same filters, in the same order, as the pipeline's stages");
  s.ab.b = b;
}

ui::LabOptions LabOptionsOf(const ScreenshotOptions& o, const HeadlessContext& context) {
  ui::LabOptions lo;
  lo.image = o.image;
  lo.preset = o.preset;
  lo.stages = o.stages;
  lo.remember_session = false;
  lo.allow_interop = !o.no_interop;
  lo.shared_display_storage = !o.interop_map;
  lo.ui_scale = o.ui_scale;
  lo.gl_description = context.description + ", " + render::GlDescription();
  lo.max_texture_size = render::MaxTextureSize();
  return lo;
}

// A few frames: ImGui sizes auto-fitting windows on their second frame. No input reaches the UI, except the
// mouse of --hover, placed over the pixel once the image's place is known.
// (The value under the mouse arrives a frame after the hover, and a tooltip shows a frame after it opens.)
void RenderFrames(ui::Lab& lab, std::array<int, 2> hover, render::ImGuiRenderer& renderer,
                  render::OffscreenTarget& target) {
  ImGuiIO& io = ImGui::GetIO();
  const ui::ViewState& v = lab.state().view;
  const int frames = hover[0] >= 0 ? 7 : 4;
  for (int frame = 0; frame < frames; ++frame) {
    if (hover[0] >= 0 && frame >= 2)
      io.MousePos = ImVec2(v.image_x + (static_cast<float>(hover[0]) + 0.5f) * v.zoom,
                           v.image_y + (static_cast<float>(hover[1]) + 0.5f) * v.zoom);
    DrawHeadlessFrame(lab, renderer, target, target.width(), target.height());
  }
  render::CheckGl("screenshot frame");
}

double Median(std::vector<double> v) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// --measure-frames N: N more frames as if a person dragged a parameter all along: every frame the pipeline is
// planned, run and written to the display again (the lab's busiest steady state; an unchanged pipeline is not
// re-displayed at all). Each frame is timed to glFinish; prints the median and slowest frame, the rate the
// median allows, the median interop write (map + convert + unmap) and the median mipmap rebuild's GPU time.
void MeasureFrames(ui::Lab& lab, render::ImGuiRenderer& renderer, render::OffscreenTarget& target, int n) {
  ui::AppState& s = lab.state();
  std::vector<double> frame_ms, wall_ms, gpu_ms, convert_ms, stage_ms, mipmap_ms;
  for (int i = 0; i < n; ++i) {
    s.pipeline_edited = true;
    const long writes = s.display.interop_writes;
    const auto t0 = std::chrono::steady_clock::now();
    DrawHeadlessFrame(lab, renderer, target, target.width(), target.height());
    glFinish();
    frame_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    stage_ms.push_back(s.results[ui::Slot::A].total_ms);
    if (s.display.interop_writes == writes) {
      // An upload: GL rebuilt the mipmaps, timed by a query read a frame or so later.
      if (!s.interop_active && s.display.mipmap_gpu_ms >= 0) mipmap_ms.push_back(s.display.mipmap_gpu_ms);
      continue;
    }
    mipmap_ms.push_back(s.display.mipmap_gpu_ms);  // built by CUDA in this write
    wall_ms.push_back(s.display.interop_wall_ms);
    gpu_ms.push_back(s.display.interop_gpu_ms);
    convert_ms.push_back(s.display.interop_convert_ms);
  }
  render::CheckGl("measured frames");
  const double median = Median(frame_ms);
  std::printf(
      "frames %d median_ms=%.3f max_ms=%.3f fps=%.1f pipeline_ms=%.4f interop_writes=%zu "
      "display_wall_ms=%.4f display_gpu_ms=%.4f display_convert_ms=%.4f mipmap_gpu_ms=%.4f interop_path=\"%s\"\n",
      n, median, *std::max_element(frame_ms.begin(), frame_ms.end()), 1000.0 / median, Median(stage_ms),
      wall_ms.size(), Median(wall_ms), Median(gpu_ms), Median(convert_ms), Median(mipmap_ms),
      s.display.interop_path.c_str());
}

void PrintSummary(const ScreenshotOptions& o, int width, int height, const HeadlessContext& context, Backend backend,
                  ui::Lab& lab) {
  const ui::AppState& s = lab.state();
  const ui::ViewState& v = s.view;
  std::printf(
      "screenshot %s %dx%d context=\"%s\" renderer=\"%s\" backend=%s display=\"%s\" interop_path=\"%s\" "
      "shown_stage=%d image_rect=%d,%d,%d,%d zoom=%g mipmap_gpu_ms=%.3f errors=%d\n",
      o.output.c_str(), width, height, context.description.c_str(), render::GlRenderer().c_str(),
      std::string(ToString(backend)).c_str(), s.interop.c_str(), s.display.interop_path.c_str(), s.display.stage + 1,
      static_cast<int>(v.image_x), static_cast<int>(v.image_y), static_cast<int>(v.image_w + 0.5f),
      static_cast<int>(v.image_h + 0.5f), static_cast<double>(v.zoom), s.display.mipmap_gpu_ms,
      lab.start_error().empty() ? 0 : 1);
  if (const auto& issue = s.results[ui::Slot::A].issue) std::fprintf(stderr, "pipeline: %s\n", issue->message.c_str());
}

}  // namespace

int RunScreenshot(const ScreenshotOptions& o) {
  if (o.output.empty()) throw InputError("--screenshot needs an output path");
  int width = 0, height = 0;
  ParseWindowSize(o.window, "--window", width, height);
  const float zoom = ParseZoom(o.zoom);
  const Registry& reg = BuiltinRegistry();
  const Backend backend = cli::ChooseBackend(o.backend);
  HeadlessContext context = MakeHeadlessContext(o.gl);

  ui::ImGuiContextScope imgui;
  SetUpHeadlessImGui(width, height, o.ui_scale);
  render::ImGuiRenderer renderer;
  render::OffscreenTarget target(width, height);

  ui::Lab lab(reg, backend);
  lab.Start(LabOptionsOf(o, context), true);
  ui::AppState& s = lab.state();
  const int stages = static_cast<int>(s.pipeline.stages.size());
  if (o.show_stage != kShowLastStage && (o.show_stage < 0 || o.show_stage > stages))
    throw InputError("--show-stage " + std::to_string(o.show_stage) + ": the pipeline has " +
                     std::to_string(stages) + " stage" + (stages == 1 ? "" : "s") + " (0 shows the input)");
  s.show_stage = o.show_stage == kShowLastStage ? ui::kShowLast : o.show_stage - 1;
  OpenWindow(s, o.open_window);
  OpenLab(s, o);
  SetUpComparison(reg, backend, o, s);
  s.ab.show_grid = o.grid;
  s.view.fit = true;  // centres the image; a zoom given replaces the fitted one in the same frame
  if (zoom > 0) s.view.want_zoom = zoom;
  const std::array<int, 2> hover = ParseHover(o.hover);

  RenderFrames(lab, hover, renderer, target);
  if (o.lab_run) {  // the first frame started the run on the worker: wait for it, then draw its result
    lab.labs().Wait();
    RenderFrames(lab, hover, renderer, target);
  }
  SaveImage(target.Read(), o.output);
  if (o.measure_frames > 0) MeasureFrames(lab, renderer, target, std::min(o.measure_frames, 100000));
  PrintSummary(o, width, height, context, backend, lab);
  PrintLabSummary(o, lab.state());
  return lab.start_error().empty() ? 0 : 2;
}

}  // namespace fl::app
