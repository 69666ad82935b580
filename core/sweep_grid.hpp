#pragma once
// A launch sweep (the autotuner's JSON) as a grid of times over block width x block height, for the report's heat
// map. Tolerant of the sweep's layout, since the autotuner is written separately: the entries are the top-level
// array or the array under "results", "points", "rows" or "configs"; each names its block as "block": "32x8",
// "launch": {"block": "32x8"}, or "block_x" and "block_y", and its time as "median_ms", "ms" or "time_ms".
// Entries without a block or a time (refused configurations) are skipped; several entries for one block (other
// ppt values, say) keep the fastest.
#include <optional>
#include <string>
#include <vector>

namespace fl {

struct SweepGrid {
  std::vector<int> xs, ys;                              // block widths and heights, ascending
  std::vector<std::vector<std::optional<double>>> ms;   // ms[y][x]; nullopt: not measured
  std::size_t entries = 0;                              // entries used
};

// Throws InputError when the text is not JSON or holds no usable entry.
SweepGrid SweepGridFromJson(const std::string& text);

}  // namespace fl
