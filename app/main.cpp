// filterlab: the desktop lab when run without a command, the headless engine with one (run, bench, list).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "app/cli/commands.hpp"
#include "core/error.hpp"
#ifdef FILTERLAB_WITH_UI
#include "app/screenshot.hpp"
#include "app/ui/gui_app.hpp"
#include "app/ui/sample_assets.hpp"
#endif

namespace {

int Fail(const char* what, int code) {
  std::fprintf(stderr, "error: %s\n", what);
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Filter Lab: see, teach and tune CUDA image kernels"};
  app.set_version_flag("--version", std::string("filterlab ") + FILTERLAB_VERSION);
  app.require_subcommand(0, 1);

  bool list_json = false, list_markdown = false;
  auto* list = app.add_subcommand("list", "List every filter with its parameters and variants");
  list->add_flag("--json", list_json, "Print JSON");
  list->add_flag("--markdown", list_markdown, "Print the teaching notes (docs/TEACHING.md)");

  fl::cli::RunOptions run_opts;
  auto* run = app.add_subcommand("run", "Run a pipeline on an image and write the result");
  run->add_option("--input", run_opts.input, "Input image")->required();
  run->add_option("--stage", run_opts.stages, "Stage: id[:key=value]... (repeat for a chain)");
  run->add_option("--preset", run_opts.preset, "Pipeline preset (JSON)");
  run->add_option("--output", run_opts.output, "Output image (.png, or .pfm for gray32f)")->required();
  run->add_option("--backend", run_opts.backend, "cuda or cpu (default: cuda when a device is present)");
  run->add_option("--save-stages", run_opts.save_stages, "Folder to write every stage's output into");

  fl::cli::BenchOptions bench_opts;
  auto* bench = app.add_subcommand("bench", "Time stages with CUDA events: median, min, GB/s, % of copy bandwidth");
  bench->add_option("--input", bench_opts.input, "Input image");
  bench->add_option("--size", bench_opts.size, "Generated input size WxH (instead of --input)");
  bench->add_option("--format", bench_opts.format, "gray8, rgba8 or gray32f (with --size)");
  bench->add_option("--stage", bench_opts.stages, "Stage spec (repeat)");
  bench->add_option("--variants", bench_opts.variants, "'all': every CUDA variant of each stage's filter");
  bench->add_option("--backend", bench_opts.backend, "cuda or cpu (default: cuda when a device is present)");
  bench->add_option("--repeat", bench_opts.repeat, "Timed repeats (default 50)");
  bench->add_option("--warmup", bench_opts.warmup, "Untimed warm-up runs (default 5)");
  bench->add_option("--json", bench_opts.json, "Write results as JSON");
  bench->add_flag("!--no-flush", bench_opts.flush_l2,
                  "Keep the L2 warm between repeats (default: flush it, so figures are DRAM figures)");

  fl::cli::CompareOptions cmp_opts;
  auto* compare = app.add_subcommand("compare", "Run chains A and B on one image and report how they differ");
  compare->add_option("--input", cmp_opts.input, "Input image")->required();
  compare->add_option("--a", cmp_opts.a, "A stage of chain A (repeat)")->required();
  compare->add_option("--b", cmp_opts.b, "A stage of chain B (repeat)")->required();
  compare->add_option("--backend", cmp_opts.backend, "cuda or cpu (default: cuda when a device is present)");
  compare->add_option("--json", cmp_opts.json, "Write max_abs, mean_abs, psnr, mismatches, mismatch_pct, a_ms, b_ms");
  compare->add_option("--diff", cmp_opts.diff, "Write |A-B| as a heat map PNG");
  compare->add_option("--gain", cmp_opts.gain, "Heat map gain (default 1)")->check(CLI::Range(0.001, 1e6));
  compare->add_option("--tolerance", cmp_opts.tolerance, "Differences up to this are not mismatches (default 0)")
      ->check(CLI::Range(0.0, 1e30));

#ifdef FILTERLAB_WITH_UI
  // Without a command: the desktop lab, or with --screenshot one frame of it rendered offscreen.
  fl::ui::GuiOptions gui;
  fl::app::ScreenshotOptions shot;
  std::string positional_image;
  app.add_option("image", positional_image, "Image (or pattern:NAME:WxH[:FORMAT]) to open in the lab");
  app.add_option("--input", gui.image, "Image to open (same as the positional image)");
  app.add_option("--preset", gui.preset, "Pipeline preset to start with");
  // One value per --stage, so that an image path after it is not taken for another stage.
  app.add_option("--stage", gui.stages, "Stage spec to start with (repeat for a chain)")->allow_extra_args(false);
  app.add_option("--backend", gui.backend, "cuda or cpu (default: cuda when a device is present)");
  app.add_option("--ui-scale", gui.ui_scale, "UI scale (default: the monitor's content scale; 1 for screenshots)");
  app.add_flag("--no-interop", gui.no_interop, "Fill the display texture by upload instead of CUDA-GL interop");
  app.add_flag("--no-session", gui.no_session, "Neither restore nor save the last session and layout");
  app.add_option("--frames", gui.frames, "Quit after N frames (tests)");
  app.add_option("--quit-after", gui.quit_after, "Quit after N seconds (tests)");
  auto* screenshot_opt = app.add_option("--screenshot", shot.output, "Render one UI frame offscreen into this PNG");
  app.add_option("--window", shot.window, "Screenshot size WxH (default 1280x800)");
  app.add_option("--gl", shot.gl, "Screenshot context: auto (EGL device, else hidden GLFW window), egl or glfw");
  app.add_option("--zoom", shot.zoom, "Screenshot zoom: fit (default) or a factor (1 = 1:1)");
  app.add_option("--show-stage", shot.show_stage, "Screenshot: the stage to show (0 = input; default the last)");
  app.add_option("--view", shot.view, "Screenshot: the A/B view (a, b, split, side or diff; not a turns B on)");
  app.add_option("--b-stage", shot.b_stages, "Screenshot: B's stages, the same filters as --stage (default B = A)");
  app.add_option("--hover", shot.hover, "Screenshot: put the mouse over image pixel X,Y (inspector, grid block)");
  app.add_flag("--grid", shot.grid, "Screenshot: draw the launch-grid overlay of the shown stage");
  app.add_option("--diff", shot.diff, "Screenshot: the difference view's image, heat (default) or mask");
  app.add_option("--open", shot.open_window,
                 "Screenshot: also open a window (help, about, browser, pattern or gallery)");
#endif

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return Fail(e.what(), 2);
  }

  try {
    if (*list) return fl::cli::ListCommand(list_json, list_markdown);
    if (*run) return fl::cli::RunCommand(run_opts);
    if (*bench) return fl::cli::BenchCommand(bench_opts);
    if (*compare) return fl::cli::CompareCommand(cmp_opts);
#ifdef FILTERLAB_WITH_UI
    if (!positional_image.empty()) {
      // A mistyped command must not open a window: only image files and pattern specs are taken as images.
      if (!positional_image.starts_with("pattern:") && !fl::ui::IsImageFile(positional_image))
        throw fl::InputError("'" + positional_image +
                             "' is neither a command (list, run, bench, compare) nor an image file (.png, .jpg, ...)");
      if (!gui.image.empty()) throw fl::InputError("give the image either as an argument or with --input");
      gui.image = positional_image;
    }
    if (*screenshot_opt) {
      shot.image = gui.image;
      shot.preset = gui.preset;
      shot.stages = gui.stages;
      shot.backend = gui.backend;
      shot.no_interop = gui.no_interop;
      if (gui.ui_scale > 0) shot.ui_scale = gui.ui_scale;
      return fl::app::RunScreenshot(shot);
    }
    return fl::ui::RunGui(gui);
#else
    std::printf("%s", app.help().c_str());
    return 0;
#endif
  } catch (const fl::InputError& e) {
    return Fail(e.what(), 2);
  } catch (const fl::RuntimeError& e) {
    return Fail(e.what(), 3);
  } catch (const std::bad_alloc&) {
    return Fail("out of memory", 3);
  } catch (const std::exception& e) {
    return Fail(e.what(), 3);
  }
}
