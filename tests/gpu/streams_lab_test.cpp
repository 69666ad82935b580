// The `streams` lab on the GPU: one timeline entry per kernel, every kernel inside the run, the output equal
// to the CPU reference, and with several streams and small kernels, overlap (on an H100: 16 kernels of 16
// blocks on 132 SMs leave room for several at once).
#include <gtest/gtest.h>

#include "core/lab_registry.hpp"
#include "core/labs/stream_timeline.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

LabResult RunStreams(int streams, int kernels, std::vector<std::string> variants) {
  LabRequest r;
  r.backend = Backend::Cuda;
  r.params.Set("streams", static_cast<double>(streams));
  r.params.Set("kernels", static_cast<double>(kernels));
  r.variants = std::move(variants);
  r.repeat = 3;
  const LabSpec& lab = GetLab("streams");
  return RunLab(lab, CheckedLabRequest(lab, r));
}

TEST(StreamsLab, OneTimelineEntryPerKernelOnItsStream) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const LabResult res = RunStreams(3, 7, {});
  const nlohmann::json& d = res.data;
  EXPECT_EQ(d["lab"], "streams");
  EXPECT_EQ(d["streams"], 3);
  ASSERT_EQ(d["variants"].size(), 2u);
  for (const auto& v : d["variants"]) {
    SCOPED_TRACE(v["id"].get<std::string>());
    EXPECT_TRUE(v["matches_reference"].get<bool>());
    EXPECT_GT(v["ms"].get<double>(), 0.0);
    const auto timeline = labs::TimelineFromJson(v["timeline"]);
    ASSERT_EQ(timeline.size(), 7u);
    const int streams = v["id"] == "one_stream" ? 1 : 3;
    for (std::size_t k = 0; k < timeline.size(); ++k) {
      EXPECT_EQ(timeline[k].stream, static_cast<int>(k) % streams);
      EXPECT_GE(timeline[k].start_ms, 0.0);
      EXPECT_GT(timeline[k].end_ms, timeline[k].start_ms);
    }
    if (streams == 1) EXPECT_FALSE(v["overlap"].get<bool>()) << "one stream runs its kernels in order";
  }
  EXPECT_EQ(labs::TimelineFromJson(d["timeline"]).size(), 7u);
  EXPECT_GT(d["total_ms"].get<double>(), 0.0);
}

TEST(StreamsLab, SeveralStreamsOverlapAndBeatOneStream) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const LabResult res = RunStreams(4, 16, {});
  const nlohmann::json& d = res.data;
  for (const std::string& line : res.lines) std::printf("%s\n", line.c_str());
  EXPECT_TRUE(d["overlap"].get<bool>()) << d["timeline"].dump();
  const double one = d["variants"][0]["ms"].get<double>(), multi = d["variants"][1]["ms"].get<double>();
  EXPECT_LT(multi, one) << "4 streams of small kernels should finish sooner than one stream";
}

}  // namespace
}  // namespace fl
