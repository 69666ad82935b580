#include "app/ui/comparison.hpp"

#include "app/ui/device_tools.hpp"
#include "app/ui/display_updater.hpp"
#include "app/ui/host_display.hpp"
#include "app/ui/host_mask.hpp"
#include "core/error.hpp"

namespace fl::ui {

static AbMetrics Measure(const Image& a, const Image& b, double tolerance) {
  AbMetrics m;
  try {
    m.metrics = CompareImages(a, b, tolerance);
  } catch (const std::exception& e) {
    m.error = e.what();
  }
  return m;
}

static AbMetrics MeasureReference(const Image& a, const Engine::ReferenceOutput& ref, double tolerance) {
  if (ref.image) return Measure(a, *ref.image, tolerance);
  AbMetrics m;
  m.error = ref.running() ? std::string(kReferenceRunning) : "the CPU reference failed: " + ref.error;
  return m;
}

// The device tools when both outputs live on the device (compared there, without a download), else nullptr.
static DeviceTools* BothOnDevice(Engine& e, const StageOutput& a, const StageOutput& b) {
  return a.device && b.device ? e.device_tools() : nullptr;
}

void Comparison::Update(AppState& s, Engine& e, render::DisplayTexture& tex_b, render::DisplayTexture& tex_diff,
                        bool allow_interop) {
  AbState& ab = s.ab;
  ab.a_vs_b = ab.a_vs_ref = ab.b_vs_ref = {};
  host_a_ = host_b_ = ref_a_ = Image();
  if (!ab.enabled || !s.display.valid || !e.has_result(Slot::B)) {
    ab.diff_valid = false;
    return;
  }
  const int stage = s.display.stage;
  const double tol = ab.tolerance;
  try {
    const StageOutput a = e.Output(Slot::A, stage), b = e.Output(Slot::B, stage);
    host_a_ = e.Download(Slot::A, stage);
    host_b_ = e.Download(Slot::B, stage);
    // B on its texture, with A's value range so that equal values look equal.
    const bool float_b = host_b_.format() == PixelFormat::Gray32f;
    const HostRange range = float_b ? HostRange{s.display.lo, s.display.hi, true} : HostRange{0, 255, true};
    OutputToTexture(s, e, b, range, tex_b, allow_interop, false);
    if (DeviceTools* tools = BothOnDevice(e, a, b)) {
      try {
        ab.a_vs_b.metrics = tools->Compare(a, b, tol);
      } catch (const InputError& err) {
        ab.a_vs_b.error = err.what();
      }
    } else {
      ab.a_vs_b = Measure(host_a_, host_b_, tol);
    }
    // Against the CPU reference, each with its own parameters (cached by the engine, run on worker threads:
    // while a chain runs its row says so, and the lab updates the comparison when it arrives).
    const auto refs = e.ReferenceOutputs({e.result(Slot::A).pipeline, e.result(Slot::B).pipeline}, stage);
    if (refs[0].image) ref_a_ = *refs[0].image;
    ab.a_vs_ref = MeasureReference(host_a_, refs[0], tol);
    ab.b_vs_ref = MeasureReference(host_b_, refs[1], tol);
  } catch (const std::exception& err) {
    ab.a_vs_b.error = std::string("comparison failed: ") + err.what();
  }
  UpdateDiff(s, e, tex_diff, allow_interop);
}

void Comparison::UpdateDiff(AppState& s, Engine& e, render::DisplayTexture& tex_diff, bool allow_interop) {
  AbState& ab = s.ab;
  ab.diff_valid = false;
  ab.diff_note.clear();
  if (!ab.enabled || !s.display.valid || !e.has_result(Slot::B) || host_a_.empty()) return;
  if (host_a_.shape() != host_b_.shape()) {
    ab.diff_note = "A and B differ in shape: no difference image";
    return;
  }
  const int stage = s.display.stage;
  try {
    const StageOutput a = e.Output(Slot::A, stage), b = e.Output(Slot::B, stage);
    if (DeviceTools* tools = BothOnDevice(e, a, b)) {
      const StageOutput map = tools->DifferenceMap(a, b, {ab.diff, ab.gain, ab.tolerance});
      OutputToTexture(s, e, map, HostRange{0, 255, true}, tex_diff, allow_interop, false);
    } else {
      const Image map = ab.diff == DiffKind::HeatMap ? DifferenceHeatMap(host_a_, host_b_, ab.gain)
                                                     : HostMismatchMask(host_a_, host_b_, ab.tolerance);
      HostToTexture(map, s.display.step, HostRange{0, 255, true}, tex_diff);
    }
    ab.diff_valid = true;
  } catch (const std::exception& err) {
    ab.diff_note = std::string("no difference image: ") + err.what();
  }
}

}  // namespace fl::ui
