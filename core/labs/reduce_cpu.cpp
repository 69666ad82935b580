#include "core/labs/reduce_cpu.hpp"

#include <omp.h>

#include <algorithm>

namespace fl::labs {

static void ReduceRows(const ImageView& image, int y0, int y1, LaneStats& s) {
  const std::size_t row_bytes = image.shape.RowBytes();  // a multiple of 4 for rgba8: lane = channel
  for (int y = y0; y < y1; ++y) {
    const std::uint8_t* row = image.Row<std::uint8_t>(y);
    for (std::size_t i = 0; i < row_bytes; ++i) {
      const std::size_t lane = BytesPerPixel(image.format()) == 4 ? (i & 3) : 0;
      s.sum[lane] += row[i];
      s.min[lane] = std::min<int>(s.min[lane], row[i]);
      s.max[lane] = std::max<int>(s.max[lane], row[i]);
    }
  }
}

static void Merge(LaneStats& into, const LaneStats& s) {
  for (int k = 0; k < 4; ++k) {
    into.sum[k] += s.sum[k];
    into.min[k] = std::min(into.min[k], s.min[k]);
    into.max[k] = std::max(into.max[k], s.max[k]);
  }
}

static ChannelStats Combine(const LaneStats& lanes, int first, int count, std::uint64_t values) {
  ChannelStats c;
  c.count = values;
  for (int k = first; k < first + count; ++k) {
    c.sum += lanes.sum[k];
    c.min = std::min(c.min, lanes.min[k]);
    c.max = std::max(c.max, lanes.max[k]);
  }
  return c;
}

ReduceStats StatsFromLanes(const LaneStats& lanes, PixelFormat format, std::uint64_t bytes) {
  ReduceStats r;
  // A lane that saw no byte (a gray8 image of under 4 bytes) holds min 255 and max 0: neutral, so harmless.
  r.all = Combine(lanes, 0, 4, bytes);
  if (format == PixelFormat::Rgba8) {
    for (int k = 0; k < 4; ++k) r.channels.push_back(Combine(lanes, k, 1, bytes / 4));
  } else {
    r.channels.push_back(r.all);
  }
  return r;
}

ReduceStats ReduceReference(const ImageView& image) {
  LaneStats s;
  ReduceRows(image, 0, image.height(), s);
  return StatsFromLanes(s, image.format(), image.shape.Bytes());
}

ReduceStats ReduceOpenmp(const ImageView& image) {
  LaneStats total;
#pragma omp parallel
  {
    LaneStats mine;
    const int threads = omp_get_num_threads(), t = omp_get_thread_num();
    const long h = image.height();
    ReduceRows(image, static_cast<int>(h * t / threads), static_cast<int>(h * (t + 1) / threads), mine);
#pragma omp critical
    Merge(total, mine);
  }
  return StatsFromLanes(total, image.format(), image.shape.Bytes());
}

}  // namespace fl::labs
