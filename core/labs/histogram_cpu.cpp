#include "core/labs/histogram_cpu.hpp"

#include <omp.h>

namespace fl::labs {

static void CountRows(const ImageView& image, int y0, int y1, std::uint64_t* bins) {
  const std::size_t row_bytes = image.shape.RowBytes();
  const bool rgba = image.format() == PixelFormat::Rgba8;
  for (int y = y0; y < y1; ++y) {
    const std::uint8_t* row = image.Row<std::uint8_t>(y);
    if (rgba) {
      for (std::size_t i = 0; i < row_bytes; ++i) ++bins[(i & 3) * 256 + row[i]];
    } else {
      for (std::size_t i = 0; i < row_bytes; ++i) ++bins[row[i]];
    }
  }
}

static std::size_t BinCount(const ImageView& image) { return 256 * BytesPerPixel(image.format()); }

std::vector<std::uint64_t> HistogramReference(const ImageView& image) {
  std::vector<std::uint64_t> bins(BinCount(image), 0);
  CountRows(image, 0, image.height(), bins.data());
  return bins;
}

std::vector<std::uint64_t> HistogramOpenmp(const ImageView& image) {
  const std::size_t n = BinCount(image);
  std::vector<std::uint64_t> bins(n, 0);
#pragma omp parallel
  {
    std::vector<std::uint64_t> mine(n, 0);
    const int threads = omp_get_num_threads(), t = omp_get_thread_num();
    const int h = image.height();
    CountRows(image, static_cast<int>(static_cast<long>(h) * t / threads),
              static_cast<int>(static_cast<long>(h) * (t + 1) / threads), mine.data());
#pragma omp critical
    for (std::size_t i = 0; i < n; ++i) bins[i] += mine[i];
  }
  return bins;
}

std::vector<std::uint64_t> ChannelBins(const std::vector<std::uint64_t>& bins, int channel) {
  const auto first = bins.begin() + static_cast<long>(channel) * 256;
  return {first, first + 256};
}

std::vector<std::uint64_t> AllChannelBins(const std::vector<std::uint64_t>& bins) {
  std::vector<std::uint64_t> all(256, 0);
  for (std::size_t i = 0; i < bins.size(); ++i) all[i & 255] += bins[i];
  return all;
}

}  // namespace fl::labs
