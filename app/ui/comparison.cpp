#include "app/ui/comparison.hpp"

#include "app/ui/display_updater.hpp"
#include "app/ui/host_display.hpp"
#include "app/ui/host_mask.hpp"
#include "core/error.hpp"
#include "cuda/compare/device_metrics.hpp"
#include "cuda/compare/difference_map.hpp"
#include "cuda/owners.hpp"
#include "cuda/pipeline_executor.hpp"

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
  if (!ab.enabled || !s.display.valid || !e.has_result_b()) {
    ab.diff_valid = false;
    return;
  }
  const int stage = s.display.stage;
  const bool cuda = e.backend() == Backend::Cuda;
  const double tol = ab.tolerance;
  try {
    // B on its texture, with A's value range so that equal values look equal.
    if (cuda) {
      const cuda::ValueRange range{s.display.lo, s.display.hi, true};
      const cuda::ValueRange r8{0, 255, true};
      const DeviceView b = e.DeviceOutput(stage, true);
      DeviceToTexture(s, e, b, b.shape.format == PixelFormat::Gray32f ? range : r8, tex_b, allow_interop);
      host_a_ = e.Download(stage);
      host_b_ = e.DownloadB(stage);
    } else {
      host_a_ = e.HostOutputOf(stage, false);
      host_b_ = e.HostOutputOf(stage, true);
      const HostRange range{s.display.lo, s.display.hi, true};
      HostToTexture(host_b_, s.display.step,
                    host_b_.format() == PixelFormat::Gray32f ? range : HostRange{0, 255, true}, tex_b);
    }
    // A against B: on the device without a download when on CUDA.
    if (cuda) {
      if (!comparer_) comparer_ = std::make_unique<cuda::DeviceComparer>();
      try {
        ab.a_vs_b.metrics = comparer_->Compare(e.DeviceOutput(stage, false), e.DeviceOutput(stage, true), tol,
                                               e.executor()->stream());
      } catch (const InputError& err) {
        ab.a_vs_b.error = err.what();
      }
    } else {
      ab.a_vs_b = Measure(host_a_, host_b_, tol);
    }
    // Against the CPU reference, each with its own parameters (cached by the engine).
    ref_a_ = e.ReferenceOutput(e.result_pipeline(), stage);
    ab.a_vs_ref = Measure(host_a_, ref_a_, tol);
    ab.b_vs_ref = Measure(host_b_, e.ReferenceOutput(e.result_b(), stage), tol);
  } catch (const std::exception& err) {
    ab.a_vs_b.error = std::string("comparison failed: ") + err.what();
  }
  UpdateDiff(s, e, tex_diff, allow_interop);
}

void Comparison::UpdateDiff(AppState& s, Engine& e, render::DisplayTexture& tex_diff, bool allow_interop) {
  AbState& ab = s.ab;
  ab.diff_valid = false;
  ab.diff_note.clear();
  if (!ab.enabled || !s.display.valid || !e.has_result_b() || host_a_.empty()) return;
  if (host_a_.shape() != host_b_.shape()) {
    ab.diff_note = "A and B differ in shape: no difference image";
    return;
  }
  const int stage = s.display.stage;
  try {
    if (e.backend() == Backend::Cuda) {
      const DeviceView a = e.DeviceOutput(stage, false), b = e.DeviceOutput(stage, true);
      const ImageShape shape{a.shape.width, a.shape.height, PixelFormat::Rgba8};
      if (!diff_ || diff_->shape() != shape) diff_ = std::make_unique<cuda::DeviceImage>(shape);
      cuda::DiffMapSettings settings;
      settings.mode = ab.diff == DiffKind::HeatMap ? cuda::DiffMode::HeatMap : cuda::DiffMode::MismatchMask;
      settings.gain = ab.gain;
      settings.tolerance = ab.tolerance;
      if (!comparer_) comparer_ = std::make_unique<cuda::DeviceComparer>();
      // The span the heat map scales by comes from a comparison of this same A.
      comparer_->Compare(a, b, ab.tolerance, e.executor()->stream());
      settings.span_of_a = comparer_->span_of_a();
      cuda::WriteDifferenceMap(a, b, diff_->view(), settings, e.executor()->stream());
      DeviceToTexture(s, e, diff_->view(), cuda::ValueRange{0, 255, true}, tex_diff, allow_interop);
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
