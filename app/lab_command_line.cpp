#include "app/lab_command_line.hpp"

#include <memory>
#include <string>

#include "app/cli/number_checks.hpp"
#include "app/screenshot.hpp"
#include "app/script_run.hpp"
#include "app/ui/gui_app.hpp"
#include "app/ui/sample_assets.hpp"
#include "core/error.hpp"

namespace fl::app {
namespace {

struct LabArgs {
  ui::GuiOptions gui;
  ScreenshotOptions shot;
  std::string script;
  bool headless = false;
  std::string positional_image;
  CLI::Option* screenshot = nullptr;
  std::string commands;  // "list, run, ...": the subcommands, for the error of a mistyped one
};

void AddGuiOptions(CLI::App& app, LabArgs& a) {
  ui::GuiOptions& gui = a.gui;
  app.add_option("image", a.positional_image, "Image (or pattern:NAME:WxH[:FORMAT]) to open in the lab");
  app.add_option("--input", gui.image, "Image to open (same as the positional image)");
  app.add_option("--preset", gui.preset, "Pipeline preset to start with");
  // One value per --stage, so that an image path after it is not taken for another stage.
  app.add_option("--stage", gui.stages, "Stage spec to start with (repeat for a chain)")->allow_extra_args(false);
  app.add_option("--backend", gui.backend, "cuda or cpu (default: cuda when a device is present)");
  // ImGui asserts on a style scaled to nothing, and GL refuses a font atlas scaled past its texture limit.
  app.add_option("--ui-scale", gui.ui_scale,
                 "UI scale (default: the monitor's content scale; 1 for screenshots)")
      ->check(cli::FiniteIn(0.5, 4.0, "the monitor's"));
  app.add_flag("--no-interop", gui.no_interop, "Fill the display texture by upload instead of CUDA-GL interop");
  app.add_flag("--interop-map", gui.interop_map,
               "Map the display texture for every CUDA write instead of sharing its storage with CUDA (to compare "
               "the two)");
  app.add_flag("--no-session", gui.no_session, "Neither restore nor save the last session and layout");
  app.add_option("--frames", gui.frames, "Quit after N frames, once the image has loaded (tests)")
      ->check(CLI::Range(0, 1000000));
  app.add_option("--quit-after", gui.quit_after, "Quit after N seconds (tests)")
      ->check(cli::FiniteIn(0, 1e6));
  app.add_option("--script", a.script, "Play a script of lab actions (docs/SCRIPTS.md), one per frame");
  app.add_flag("--headless", a.headless, "With --script: offscreen (--gl, --window), ending with the script");
}

void AddScreenshotOptions(CLI::App& app, LabArgs& a) {
  ScreenshotOptions& shot = a.shot;
  a.screenshot = app.add_option("--screenshot", shot.output, "Render one UI frame offscreen into this PNG");
  app.add_option("--window", shot.window, "Screenshot size WxH (default 1280x800)");
  app.add_option("--gl", shot.gl, "Screenshot context: auto (EGL device, else hidden GLFW window), egl or glfw");
  app.add_option("--zoom", shot.zoom, "Screenshot zoom: fit (default) or a factor (1 = 1:1)");
  app.add_option("--show-stage", shot.show_stage, "Screenshot: the stage to show (0 = input; default the last)");
  app.add_option("--view", shot.view, "Screenshot: the A/B view (a, b, split, side or diff; not a turns B on)");
  app.add_option("--b-stage", shot.b_stages, "Screenshot: B's stages, the same filters as --stage (default B = A)");
  app.add_option("--hover", shot.hover, "Screenshot: put the mouse over image pixel X,Y (inspector, grid block)");
  app.add_option("--measure-frames", shot.measure_frames,
                 "Screenshot: then render N frames re-running the pipeline each, and print their timing")
      ->check(CLI::Range(0, 100000));
  app.add_flag("--grid", shot.grid, "Screenshot: draw the launch-grid overlay of the shown stage");
  app.add_option("--diff", shot.diff, "Screenshot: the difference view's image, heat (default) or mask");
  app.add_option("--lab", shot.lab, "Screenshot: open the Labs window on this lab (see filterlab list)");
  app.add_flag("--lab-run", shot.lab_run, "Screenshot: run the --lab lab first and show its result");
  app.add_option("--open", shot.open_window,
                 "Screenshot: also open a window (help, about, browser, pattern, gallery, kernel or lesson:ID)");
}

int RunLab(LabArgs& a) {
  ui::GuiOptions& gui = a.gui;
  if (!a.positional_image.empty()) {
    // A mistyped command must not open a window: only image files and pattern specs are taken as images.
    if (!a.positional_image.starts_with("pattern:") && !ui::IsImageFile(a.positional_image))
      throw InputError("'" + a.positional_image + "' is neither a command (" + a.commands +
                       ") nor an image file (.png, .jpg, ...)");
    if (!gui.image.empty()) throw InputError("give the image either as an argument or with --input");
    gui.image = a.positional_image;
  }
  if (!a.script.empty()) {
    if (*a.screenshot) throw InputError("--script takes its screenshots itself: give either it or --screenshot");
    return RunScript({a.script, a.headless, a.shot.gl, a.shot.window, gui});
  }
  if (a.headless) throw InputError("--headless plays a --script offscreen: give the script");
  if (!*a.screenshot) return ui::RunGui(gui);
  ScreenshotOptions& shot = a.shot;
  shot.image = gui.image;
  shot.preset = gui.preset;
  shot.stages = gui.stages;
  shot.backend = gui.backend;
  shot.no_interop = gui.no_interop;
  shot.interop_map = gui.interop_map;
  if (gui.ui_scale > 0) shot.ui_scale = gui.ui_scale;
  return RunScreenshot(shot);
}

}  // namespace

cli::Action AddLabOptions(CLI::App& app) {
  auto args = std::make_shared<LabArgs>();
  for (const CLI::App* sub : app.get_subcommands({}))
    args->commands += (args->commands.empty() ? "" : ", ") + sub->get_name();
  AddGuiOptions(app, *args);
  AddScreenshotOptions(app, *args);
  return [args] { return RunLab(*args); };
}

}  // namespace fl::app
