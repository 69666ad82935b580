#include "app/script_run.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

#include "app/cli/commands.hpp"
#include "app/headless_context.hpp"
#include "app/ui/lab.hpp"
#include "app/ui/script_player.hpp"
#include "core/image_io.hpp"
#include "cuda/device_memory.hpp"
#include "filters/builtin_registry.hpp"
#include "render/gl.hpp"
#include "render/imgui_renderer.hpp"
#include "render/offscreen_target.hpp"

namespace fl::app {
namespace {

double Mib(std::size_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

// Resident memory now, from /proc (0 where there is none).
double ResidentMib() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return Mib(resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)));
}

double PeakResidentMib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // KiB on Linux
}

// Device memory in use while the script runs: at its start, its highest, at its end (CUDA only).
struct DeviceWatch {
  bool on = false;
  std::size_t start = 0, peak = 0, now = 0;
  void Sample() {
    if (!on) return;
    now = cuda::QueryDeviceMemory().used();
    peak = std::max(peak, now);
  }
  void Start(Backend backend) {
    on = backend == Backend::Cuda;
    Sample();
    start = now;
  }
};

// The line a soak run is judged by (scripts/soak_gpu.sh reads the device figures).
void PrintSummary(const ui::ScriptPlayer& p, const ui::Lab& lab, const DeviceWatch& device, double seconds) {
  const ui::ScriptTally& t = p.tally();
  std::string memory;
  if (device.on) {
    char text[160];
    std::snprintf(text, sizeof text, " device_used_mib start=%.1f end=%.1f peak=%.1f growth=%.1f", Mib(device.start),
                  Mib(device.now), Mib(device.peak), Mib(device.now) - Mib(device.start));
    memory = text;
  }
  std::printf(
      "script %s: backend=%s actions=%d of %zu refused=%d app_errors=%d state_errors=%d frames=%d "
      "screenshots=%d seconds=%.1f rss_mib=%.1f peak_rss_mib=%.1f%s\n",
      p.script().name.c_str(), std::string(ToString(lab.engine().backend())).c_str(), t.actions,
      p.script().actions.size(), t.refused, t.app_errors, t.state_errors, t.frames, t.screenshots, seconds,
      ResidentMib(), PeakResidentMib(), memory.c_str());
  std::fflush(stdout);
}

ui::LabOptions HeadlessLabOptions(const ScriptRunOptions& o, const HeadlessContext& context) {
  ui::LabOptions lo;
  lo.image = o.gui.image;
  lo.preset = o.gui.preset;
  lo.stages = o.gui.stages;
  lo.remember_session = false;
  lo.allow_interop = !o.gui.no_interop;
  lo.shared_display_storage = !o.gui.interop_map;
  lo.ui_scale = o.gui.ui_scale > 0 ? o.gui.ui_scale : 1.0f;
  lo.gl_description = context.description + ", " + render::GlDescription();
  lo.max_texture_size = render::MaxTextureSize();
  return lo;
}

int RunHeadless(const ScriptRunOptions& o, ui::Script script) {
  int width = 0, height = 0;
  ParseWindowSize(o.window, "--window", width, height);
  const Backend backend = cli::ChooseBackend(o.gui.backend);
  HeadlessContext context = MakeHeadlessContext(o.gl);
  ui::ImGuiContextScope imgui;
  SetUpHeadlessImGui(width, height, o.gui.ui_scale > 0 ? o.gui.ui_scale : 1.0f);
  render::ImGuiRenderer renderer;
  render::OffscreenTarget target(width, height);
  ui::Lab lab(BuiltinRegistry(), backend);
  lab.Start(HeadlessLabOptions(o, context), true);
  // Two frames first: the start-up pipeline runs and is shown before the device memory is first read.
  for (int i = 0; i < 2; ++i) DrawHeadlessFrame(lab, renderer, target, width, height);

  ui::ScriptPlayer player(std::move(script), [&target](const std::string& path) { SaveImage(target.Read(), path); });
  DeviceWatch device;
  device.Start(backend);
  const auto start = std::chrono::steady_clock::now();
  while (!lab.quit_requested()) {
    player.BeforeFrame(lab);
    if (player.finished()) break;
    DrawHeadlessFrame(lab, renderer, target, width, height);
    player.AfterFrame(lab);
    device.Sample();
  }
  render::CheckGl("script frames");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  PrintSummary(player, lab, device, seconds);
  return player.tally().state_errors == 0 ? 0 : 1;
}

}  // namespace

int RunScript(const ScriptRunOptions& o) {
  ui::Script script = ui::LoadScript(o.script);  // a malformed line stops everything here
  if (o.headless) return RunHeadless(o, std::move(script));
  // In the window: the summary is printed when the script ends; the lab stays open for the person.
  ui::ScriptPlayer player(std::move(script), nullptr);
  const auto start = std::chrono::steady_clock::now();
  player.set_on_finished([&player, start](ui::Lab& lab) {
    PrintSummary(player, lab, DeviceWatch{},
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  });
  ui::GuiOptions gui = o.gui;
  gui.script = &player;
  const int code = ui::RunGui(gui);
  return code != 0 ? code : (player.tally().state_errors == 0 ? 0 : 1);
}

}  // namespace fl::app
