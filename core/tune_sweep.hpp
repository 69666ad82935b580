#pragma once
// The autotuner's data: the launch configurations a sweep tries for one variant (block sizes, and the pixels
// per thread and halo steps the variant takes), what became of each (refused with the plan's reason, or
// timed), the best, and CSV / JSON export. Plain data, no CUDA: the timing is done by a TuneTimer
// (core/tune_session.hpp).
#include <optional>
#include <string>
#include <vector>

#include "core/image.hpp"
#include "core/launch_config.hpp"

namespace fl {

// One configuration of the sweep.
struct TuneCell {
  LaunchConfig launch;
  std::string refused;   // why the plan (or the kernel) refused it; empty when it was timed or is pending
  double median_ms = 0;  // of the timed repeats
  double min_ms = 0;
  int samples = 0;  // timed repeats (fewer than asked when stopped early as clearly slower)
  bool ran() const { return refused.empty() && samples > 0; }
  bool operator==(const TuneCell&) const = default;
};

struct TuneSweep {
  std::string filter, variant, params;  // params in the stage syntax ("radius=2")
  std::string device;
  ImageShape shape;
  LaunchUse uses;
  LaunchConfig default_launch;  // the stage's launch when the sweep started (always one of the cells)
  std::vector<TuneCell> cells;

  // Index of the fastest cell that ran (lowest median; ties: the earlier), or -1.
  int Best() const;
  // Index of the cell with this launch, or -1.
  int Find(const LaunchConfig& launch) const;
};

// The sweep's block sides and the other fields' values, for a variant's launch use.
struct SweepAxes {
  std::vector<int> block_x, block_y, ppt, halo;
};
// Block x 8..1024 in powers of two and the warp multiples 96, 192, 384, 768 (whose warp counts do not divide an
// SM's 64 warp slots), block y 1..32 in powers of two; ppt 1, 2, 4, 8, 16 and halo 1..4 within the variant's
// declared ranges (each with the base's own value). Quick: x 16..256, y 1..8, ppt 1, 4 and the base's.
SweepAxes AxesFor(const LaunchUse& use, const LaunchConfig& base, bool quick);
// Every combination of the axes with x * y within the device's threads per block (the base always included),
// in the order ppt, halo, y, x. Fields the variant ignores keep the base's value.
std::vector<LaunchConfig> SweepConfigs(const LaunchUse& use, const LaunchConfig& base,
                                       const DeviceLimits& limits, bool quick);

// One row per cell: block_x, block_y, ppt, halo, smem, status (ok, refused, pending), median_ms, min_ms,
// samples, reason. The JSON holds the sweep's facts as well.
std::string SweepCsv(const TuneSweep& s);
std::vector<TuneCell> CellsFromCsv(const std::string& csv);  // throws InputError on a malformed table
std::string SweepJson(const TuneSweep& s);
TuneSweep SweepFromJson(const std::string& json);  // throws InputError on malformed JSON

}  // namespace fl
