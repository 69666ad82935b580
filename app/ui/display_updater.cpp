#include "app/ui/display_updater.hpp"

#include "app/ui/device_tools.hpp"
#include "core/error.hpp"

namespace fl::ui {

int ResolveShownStage(const AppState& s, const Engine& e) {
  const int n = e.has_result(Slot::A) ? static_cast<int>(e.result(Slot::A).stages.size()) : 0;
  if (s.show_stage == kShowLast) return n > 0 ? n - 1 : kShowInput;
  if (s.show_stage >= n) return n > 0 ? n - 1 : kShowInput;
  return s.show_stage < 0 ? kShowInput : s.show_stage;
}

static std::string StepNote(const ImageShape& shape, int step, int max_texture) {
  if (step == 1) return "";
  return "shown at 1/" + std::to_string(step) + " (every " + std::to_string(step) + "th pixel): " +
         std::to_string(shape.width) + "x" + std::to_string(shape.height) + " exceeds GL_MAX_TEXTURE_SIZE " +
         std::to_string(max_texture) + "; pixel values and saved PNGs use the full image";
}

static DeviceTools& ToolsFor(Engine& e) {
  DeviceTools* tools = e.device_tools();
  if (!tools) throw RuntimeError("an output on the device, but no device tools to show it");
  return *tools;
}

HostRange OutputRange(Engine& e, const StageOutput& out) {
  return out.device ? ToolsFor(e).MinMax(out) : HostMinMax(*out.host);
}

// A device output: written through interop when the texture is registered, else converted and uploaded.
static void DeviceToTexture(AppState& s, DeviceTools& tools, const StageOutput& out, const HostRange& range,
                            render::DisplayTexture& tex, bool allow_interop, bool main_view) {
  const int step = s.display.step;
  const ImageShape& shape = out.device->shape;
  tex.Ensure((shape.width + step - 1) / step, (shape.height + step - 1) / step, allow_interop);
  bool written = false;
  if (tex.has_interop()) {
    try {
      const DisplayCost cost = tools.ToTexture(out, step, range, tex);
      if (main_view) {
        s.display.interop_wall_ms = cost.wall_ms;
        s.display.interop_gpu_ms = cost.gpu_ms;
        s.display.interop_convert_ms = cost.convert_ms;
        s.display.mipmap_gpu_ms = cost.mipmap_ms;  // built by CUDA inside the write
        s.display.interop_path = tex.interop_path();
      }
      ++s.display.interop_writes;
      written = true;
    } catch (const RuntimeError& err) {
      s.interop = std::string("fallback (upload): mapping failed: ") + err.what();
    }
  }
  if (written) {
    s.interop_active = true;  // the write filled every mip level: nothing for GL to rebuild
    s.interop = "CUDA-GL interop";
  } else {
    tex.Upload(tools.ToHost(out, step, range));
    s.interop_active = false;
    if (!tex.interop_error().empty())
      s.interop = "fallback (upload): " + tex.interop_error();
    else if (!allow_interop)
      s.interop = "fallback (upload): interop disabled";
  }
}

void OutputToTexture(AppState& s, Engine& e, const StageOutput& out, const HostRange& range,
                     render::DisplayTexture& tex, bool allow_interop, bool main_view) {
  if (out.device) return DeviceToTexture(s, ToolsFor(e), out, range, tex, allow_interop, main_view);
  if (!out.host) throw RuntimeError("no output to display");
  HostToTexture(*out.host, s.display.step, range, tex);
  s.interop_active = false;
  s.interop = "CPU upload (no CUDA)";
}

void HostToTexture(const Image& img, int step, const HostRange& range, render::DisplayTexture& tex) {
  tex.Ensure((img.width() + step - 1) / step, (img.height() + step - 1) / step, false);
  tex.Upload(HostToRgba8(img, step, range));
}

void UpdateDisplay(AppState& s, Engine& e, render::DisplayTexture& tex, bool allow_interop) {
  DisplayInfo& d = s.display;
  d.valid = false;
  if (!e.has_input()) return;
  d.stage = ResolveShownStage(s, e);
  d.shape = e.OutputShape(Slot::A, d.stage);
  d.step = DisplayStep(d.shape.width, d.shape.height, d.max_texture);
  d.note = StepNote(d.shape, d.step, d.max_texture);
  d.has_range = d.shape.format == PixelFormat::Gray32f;

  const StageOutput out = e.Output(Slot::A, d.stage);
  const HostRange range = OutputRange(e, out);
  d.lo = range.lo;
  d.hi = range.hi;
  OutputToTexture(s, e, out, range, tex, allow_interop, true);
  d.valid = true;
}

}  // namespace fl::ui
