#pragma once
// The streams lab's plain side: a timeline of kernels (one entry per kernel, times relative to a common start
// event) and whether any two kernels on different streams ran at the same time. No CUDA here: the CUDA side
// (cuda/labs/streams_lab.cu) measures the entries, this file judges and prints them.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace fl::labs {

struct TimelineEntry {
  int stream = 0;      // 0-based, in the order the streams were created
  std::string kernel;  // "tile 3"
  double start_ms = 0, end_ms = 0;
};

// True when two entries on different streams overlap by more than `min_ms` (events have about half a
// microsecond of resolution, so touching intervals are not counted).
bool KernelsOverlap(const std::vector<TimelineEntry>& timeline, double min_ms = 0.001);
// The latest end (the span of the whole timeline from the common start).
double TimelineSpanMs(const std::vector<TimelineEntry>& timeline);
// [{"stream","kernel","start_ms","end_ms"}...]
nlohmann::json TimelineJson(const std::vector<TimelineEntry>& timeline);
// Reads TimelineJson back (the UI draws it); throws InputError naming the fault.
std::vector<TimelineEntry> TimelineFromJson(const nlohmann::json& j);

}  // namespace fl::labs

#include <cstdint>

#include "core/host_device.hpp"

namespace fl::labs {

// The streams lab's work per pixel: `iterations` rounds of an integer mixing step on a seed made from the
// pixel and its value. Compute-bound on purpose (a few instructions per round, no memory traffic), so that a
// small kernel lasts long enough for its neighbours on other streams to start beside it. Integer arithmetic:
// the CPU reference and the kernel agree bit for bit.
FL_HOST_DEVICE inline std::uint8_t StreamWork(std::uint8_t value, int x, int y, int iterations) {
  std::uint32_t h = static_cast<std::uint32_t>(value) * 0x9E3779B1u ^
                    static_cast<std::uint32_t>(x) * 0x85EBCA77u ^ static_cast<std::uint32_t>(y) * 0xC2B2AE3Du;
  for (int i = 0; i < iterations; ++i) {
    h = h * 1664525u + 1013904223u;
    h ^= h >> 13;
  }
  return static_cast<std::uint8_t>(h >> 24);
}

}  // namespace fl::labs
