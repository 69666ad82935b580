#include "app/ui/comparison.hpp"

#include "app/ui/display_updater.hpp"
#include "app/ui/host_display.hpp"
#include "app/ui/host_mask.hpp"
#include "core/error.hpp"
#include "cuda/compare/device_metrics.hpp"
#include "cuda/compare/difference_map.hpp"
#include "cuda/owners.hpp"

namespace fl::ui {

Comparison::Comparison() = default;
Comparison::~Comparison() = default;

static AbMetrics Measure(const Image& a, const Image& b, double tolerance) {
  AbMetrics m;
  try {
    m.metrics = CompareImages(a, b, tolerance);
  } catch (const std::exception& e) {
    m.error = e.what();
  }
  return m;
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
    if (b.device) {
      const cuda::ValueRange range{s.display.lo, s.display.hi, true};
      DeviceToTexture(s, e, b, float_b ? range : cuda::ValueRange{0, 255, true}, tex_b, allow_interop);
    } else {
      const HostRange range{s.display.lo, s.display.hi, true};
      HostToTexture(host_b_, s.display.step, float_b ? range : HostRange{0, 255, true}, tex_b);
    }
    // A against B: on the device without a download when both live there.
    if (a.device && b.device) {
      if (!comparer_) comparer_ = std::make_unique<cuda::DeviceComparer>();
      try {
        ab.a_vs_b.metrics =
            comparer_->Compare(*a.device, *b.device, tol, static_cast<cudaStream_t>(a.stream));
      } catch (const InputError& err) {
        ab.a_vs_b.error = err.what();
      }
    } else {
      ab.a_vs_b = Measure(host_a_, host_b_, tol);
    }
    // Against the CPU reference, each with its own parameters (cached by the engine).
    ref_a_ = e.ReferenceOutput(e.result(Slot::A).pipeline, stage);
    ab.a_vs_ref = Measure(host_a_, ref_a_, tol);
    ab.b_vs_ref = Measure(host_b_, e.ReferenceOutput(e.result(Slot::B).pipeline, stage), tol);
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
    const StageOutput out_a = e.Output(Slot::A, stage), out_b = e.Output(Slot::B, stage);
    if (out_a.device && out_b.device) {
      const DeviceView& a = *out_a.device;
      const DeviceView& b = *out_b.device;
      const auto stream = static_cast<cudaStream_t>(out_a.stream);
      const ImageShape shape{a.shape.width, a.shape.height, PixelFormat::Rgba8};
      if (!diff_ || diff_->shape() != shape) diff_ = std::make_unique<cuda::DeviceImage>(shape);
      cuda::DiffMapSettings settings;
      settings.mode = ab.diff == DiffKind::HeatMap ? cuda::DiffMode::HeatMap : cuda::DiffMode::MismatchMask;
      settings.gain = ab.gain;
      settings.tolerance = ab.tolerance;
      if (!comparer_) comparer_ = std::make_unique<cuda::DeviceComparer>();
      // The span the heat map scales by comes from a comparison of this same A.
      comparer_->Compare(a, b, ab.tolerance, stream);
      settings.span_of_a = comparer_->span_of_a();
      cuda::WriteDifferenceMap(a, b, diff_->view(), settings, stream);
      DeviceToTexture(s, e, StageOutput{nullptr, diff_->view(), out_a.stream}, cuda::ValueRange{0, 255, true},
                      tex_diff, allow_interop);
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
