#include "cuda/labs/streams_lab.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "core/error.hpp"
#include "core/labs/stream_timeline.hpp"
#include "core/labs/transfer_sizes.hpp"
#include "core/test_patterns.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/owners.hpp"
#include "cuda/stream_gate.hpp"

namespace fl::cuda {
namespace {

// One band of rows [y0, y0 + rows) of a gray8 image: each thread computes one pixel's StreamWork.
__global__ void StreamBandKernel(const std::uint8_t* in, std::uint8_t* out, int width, int y0, int rows,
                                 int iterations) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = y0 + blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= y0 + rows) return;
  const std::size_t i = static_cast<std::size_t>(y) * width + x;
  out[i] = labs::StreamWork(in[i], x, y, iterations);
}

struct Band {
  int y0 = 0, rows = 0;
};

std::vector<Band> Bands(int height, int kernels) {
  std::vector<Band> out;
  for (int k = 0; k < kernels; ++k) {
    const int y0 = height * k / kernels, y1 = height * (k + 1) / kernels;
    if (y1 > y0) out.push_back({y0, y1 - y0});
  }
  return out;
}

struct Device {
  DeviceBuffer in, out;
  int width = 0, height = 0;
};

// One timed run: every band's kernel on stream (band % streams.size()), each between its own events, all
// streams held behind the gate until every launch is enqueued and then released together from one start
// event.
std::vector<labs::TimelineEntry> RunOnce(const Device& d, const std::vector<Band>& bands,
                                         const std::vector<Stream>& streams, StreamGate& gate,
                                         int iterations) {
  Event start = Event::Create();
  std::vector<Event> begins, ends;
  {
    GateGuard guard(gate, streams[0].get());
    start.Record(streams[0].get());
    for (std::size_t s = 1; s < streams.size(); ++s)
      FL_CUDA_CHECK(cudaStreamWaitEvent(streams[s].get(), start.get(), 0));
    const dim3 block(32, 8);
    for (std::size_t k = 0; k < bands.size(); ++k) {
      const cudaStream_t st = streams[k % streams.size()].get();
      begins.push_back(Event::Create());
      ends.push_back(Event::Create());
      begins.back().Record(st);
      const dim3 grid((d.width + 31) / 32, (bands[k].rows + 7) / 8);
      StreamBandKernel<<<grid, block, 0, st>>>(d.in.as<std::uint8_t>(), d.out.as<std::uint8_t>(), d.width,
                                               bands[k].y0, bands[k].rows, iterations);
      FL_CUDA_CHECK_LAUNCH("StreamBandKernel");
      ends.back().Record(st);
    }
  }
  for (const Stream& s : streams) s.Synchronize();
  std::vector<labs::TimelineEntry> timeline;
  for (std::size_t k = 0; k < bands.size(); ++k)
    timeline.push_back({static_cast<int>(k % streams.size()), "band " + std::to_string(k),
                        begins[k].ElapsedMsSince(start), ends[k].ElapsedMsSince(start)});
  return timeline;
}

// Every 13th pixel of every 7th row against the CPU reference (the work is compute-bound: all of it would
// take the CPU seconds).
bool MatchesReference(const Image& input, const Image& output, int iterations) {
  for (int y = 0; y < input.height(); y += 7)
    for (int x = y % 13; x < input.width(); x += 13)
      if (output.Row<std::uint8_t>(y)[x] != labs::StreamWork(input.Row<std::uint8_t>(y)[x], x, y, iterations))
        return false;
  return true;
}

// The lab works on one byte per pixel: an rgba8 image becomes its luma (integer BT.601 weights).
Image Gray8Of(const Image& img) {
  if (img.width() > 4096 || img.height() > 4096)  // the lab's max_size: the work grows with every pixel
    throw InputError("lab 'streams' takes images up to 4096x4096, not " + std::to_string(img.width()) + "x" +
                     std::to_string(img.height()));
  if (img.format() == PixelFormat::Gray8) return img;
  if (img.format() != PixelFormat::Rgba8)
    throw InputError("lab 'streams' takes gray8 or rgba8 images, not " + std::string(ToString(img.format())));
  Image out(img.width(), img.height(), PixelFormat::Gray8);
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const std::uint8_t* p = img.Row<std::uint8_t>(y) + 4 * x;
      out.Row<std::uint8_t>(y)[x] =
          static_cast<std::uint8_t>((77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8);
    }
  return out;
}

void CheckCancel(const LabRequest& r) {
  if (r.cancel && r.cancel->load()) throw InputError("cancelled");
}

}  // namespace

LabResult RunStreamsLab(const LabRequest& r) {
  const int n_streams = r.params.Int("streams"), kernels = r.params.Int("kernels");
  const int iterations = r.params.Int("iterations");
  const Image input = r.input
                          ? Gray8Of(*r.input)
                          : GeneratePattern({TestPattern::Noise, r.size, r.size, PixelFormat::Gray8, 8, 1});
  Device d;
  d.width = input.width();
  d.height = input.height();
  d.in = DeviceBuffer::Allocate(input.bytes());
  d.out = DeviceBuffer::Allocate(input.bytes());
  FL_CUDA_CHECK(cudaMemcpy(d.in.get(), input.data(), input.bytes(), cudaMemcpyHostToDevice));
  const std::vector<Band> bands = Bands(d.height, kernels);
  StreamGate gate;

  std::vector<std::string> variants = r.variants;
  if (variants.empty()) variants = {"one_stream", "multi_stream"};
  LabResult out;
  nlohmann::json rows = nlohmann::json::array();
  std::vector<labs::TimelineEntry> shown;
  int done = 0;
  const int total = static_cast<int>(variants.size()) * (r.repeat + 1);
  for (const std::string& id : variants) {
    std::vector<Stream> streams;
    for (int s = 0; s < (id == "one_stream" ? 1 : n_streams); ++s) streams.push_back(Stream::Create());
    FL_CUDA_CHECK(cudaMemset(d.out.get(), 0, input.bytes()));  // each variant is checked on its own output
    std::vector<double> totals;
    std::vector<labs::TimelineEntry> last;
    for (int i = 0; i <= r.repeat; ++i) {  // the first run warms up and is not counted
      CheckCancel(r);
      last = RunOnce(d, bands, streams, gate, iterations);
      if (i > 0) totals.push_back(labs::TimelineSpanMs(last));
      if (r.progress) r.progress(static_cast<float>(++done) / static_cast<float>(total));
    }
    Image result(d.width, d.height, PixelFormat::Gray8);
    FL_CUDA_CHECK(cudaMemcpy(result.data(), d.out.get(), result.bytes(), cudaMemcpyDeviceToHost));
    const bool overlap = labs::KernelsOverlap(last);
    const double ms = labs::MedianMs(totals);
    rows.push_back({{"id", id},
                    {"ms", ms},
                    {"streams", streams.size()},
                    {"overlap", overlap},
                    {"matches_reference", MatchesReference(input, result, iterations)},
                    {"timeline", labs::TimelineJson(last)}});
    char line[160];
    std::snprintf(line, sizeof line, "%-13s %d stream(s)  %8.3f ms  overlap: %s", id.c_str(),
                  static_cast<int>(streams.size()), ms, overlap ? "yes" : "no");
    out.lines.push_back(line);
    if (id == "multi_stream" || shown.empty()) shown = last;
  }
  out.data = {{"lab", "streams"},
              {"backend", "cuda"},
              {"size", d.width},
              {"streams", n_streams},
              {"kernels", bands.size()},
              {"iterations", iterations},
              {"timeline", labs::TimelineJson(shown)},
              {"overlap", labs::KernelsOverlap(shown)},
              {"total_ms", labs::TimelineSpanMs(shown)},
              {"variants", rows}};
  if (rows.size() == 2) {  // both variants ran: what the streams bought
    const bool in_order = rows[0]["id"] == "one_stream";
    const double one = rows[in_order ? 0 : 1]["ms"].get<double>(),
                 multi = rows[in_order ? 1 : 0]["ms"].get<double>();
    out.data["speedup"] = multi > 0 ? one / multi : 0.0;
    char line[96];
    std::snprintf(line, sizeof line, "multi_stream is %.2fx one_stream", multi > 0 ? one / multi : 0.0);
    out.lines.push_back(line);
  }
  return out;
}

}  // namespace fl::cuda
