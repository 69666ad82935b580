#pragma once
// The one seam between the lab and device-only helpers: what the lab does with outputs that live on a GPU
// (StageOutput::device) without bringing them to the host: their value range, their display conversion (into a
// GL texture through CUDA-GL interop, or to a host RGBA8 image), the A/B metrics and the difference image. The
// CUDA implementation is cuda_device_tools.cpp. Outputs on the host (the CPU backend, a test's fake) need none:
// host_display, host_mask and CompareImages do the same work there.
#include <memory>

#include "app/ui/app_state.hpp"
#include "app/ui/host_display.hpp"
#include "core/executor.hpp"
#include "core/metrics.hpp"
#include "core/tune_session.hpp"

namespace fl::render {
class DisplayTexture;
}  // namespace fl::render

namespace fl::ui {

// What putting one output on the display cost, measured on the frame it happened.
struct DisplayCost {
  double wall_ms = 0;  // host wall time of the whole write (map or GL wait, convert, levels, unmap or stream wait)
  double gpu_ms = 0;      // between events recorded before the map and after the unmap
  double convert_ms = 0;  // the conversion kernel alone (it writes level 0 and level 1)
  double mipmap_ms = 0;   // the smaller mip levels (2 ..), built after the conversion inside the write
};

struct DiffSettings {
  DiffKind kind = DiffKind::HeatMap;
  double gain = 1.0;       // heat map: multiplies |A - B|
  double tolerance = 0.0;  // mask: a pixel mismatches when a channel differs by more than this
};

class DeviceTools {
 public:
  virtual ~DeviceTools() = default;
  // Min and max of the finite values of a gray32f output ({0, 255} for the 8-bit formats); waits for them.
  virtual HostRange MinMax(const StageOutput& out) = 0;
  // Writes every `step`-th pixel of `out` as RGBA8 into `texture` (which has interop: shared storage, or a
  // registration mapped for the write), ordered after the work on out.stream, and says what it cost. Throws
  // RuntimeError when the write cannot start (the map or the wait for GL fails).
  virtual DisplayCost ToTexture(const StageOutput& out, int step, HostRange range,
                                const render::DisplayTexture& texture) = 0;
  // The same pixels in a host RGBA8 image (waits for the copy).
  virtual Image ToHost(const StageOutput& out, int step, HostRange range) = 0;
  // The metrics of A against B where they live (InputError when their shapes differ).
  virtual ImageMetrics Compare(const StageOutput& a, const StageOutput& b, double tolerance) = 0;
  // The difference image of A against B: rgba8 of A's size, on the device until the next call.
  virtual StageOutput DifferenceMap(const StageOutput& a, const StageOutput& b, const DiffSettings& settings) = 0;
  // The autotuner's timer for a stage whose input(s) are these outputs (copied: the lab may reallocate them).
  virtual std::unique_ptr<TuneTimer> MakeTuneTimer(const StageOutput& in, const StageOutput* second) = 0;
};

// The CUDA implementation: the only place app/ui reaches the CUDA display and compare code.
std::unique_ptr<DeviceTools> MakeCudaDeviceTools();

}  // namespace fl::ui
