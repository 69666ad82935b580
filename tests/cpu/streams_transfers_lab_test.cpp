// The plain side of the `streams` and `transfers` labs (core/labs): the overlap judgement, the timeline's
// JSON, the transfer sizes and arithmetic, and their declarations (CUDA-only: the CPU backend says so).
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/labs/stream_timeline.hpp"
#include "core/labs/transfer_sizes.hpp"
#include "core/plan.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

using labs::TimelineEntry;

TEST(StreamTimeline, OverlapCountsOnlyKernelsOnDifferentStreams) {
  // Serial on one stream, even if the intervals (wrongly) overlapped: not concurrency between streams.
  EXPECT_FALSE(labs::KernelsOverlap({{0, "a", 0.0, 1.0}, {0, "b", 0.5, 2.0}}));
  // Back to back on two streams, touching at 1.0: no overlap.
  EXPECT_FALSE(labs::KernelsOverlap({{0, "a", 0.0, 1.0}, {1, "b", 1.0, 2.0}}));
  // Side by side on two streams.
  EXPECT_TRUE(labs::KernelsOverlap({{0, "a", 0.0, 1.0}, {1, "b", 0.2, 1.5}}));
  // A third stream's kernel inside another's.
  EXPECT_TRUE(labs::KernelsOverlap({{0, "a", 0.0, 1.0}, {0, "b", 1.0, 2.0}, {2, "c", 1.2, 1.3}}));
  EXPECT_FALSE(labs::KernelsOverlap({}));
  EXPECT_DOUBLE_EQ(labs::TimelineSpanMs({{0, "a", 0.0, 1.0}, {1, "b", 0.2, 3.5}}), 3.5);
}

TEST(StreamTimeline, JsonRoundTripAndBadInput) {
  const std::vector<TimelineEntry> t = {{0, "band 0", 0.01, 0.2}, {3, "band 1", 0.05, 0.25}};
  const nlohmann::json j = labs::TimelineJson(t);
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[1]["stream"], 3);
  EXPECT_EQ(j[1]["kernel"], "band 1");
  const auto back = labs::TimelineFromJson(j);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].stream, 3);
  EXPECT_DOUBLE_EQ(back[0].end_ms, 0.2);
  EXPECT_THROW(labs::TimelineFromJson(nlohmann::json::object()), InputError);
  EXPECT_THROW(labs::TimelineFromJson(nlohmann::json::parse(R"([{"stream": 0}])")), InputError);
}

TEST(StreamTimeline, WorkIsDeterministicAndDependsOnItsInputs) {
  EXPECT_EQ(labs::StreamWork(17, 3, 4, 1000), labs::StreamWork(17, 3, 4, 1000));
  int differ = 0;
  for (int v = 0; v < 64; ++v)
    differ += labs::StreamWork(static_cast<std::uint8_t>(v), 1, 2, 100) !=
              labs::StreamWork(static_cast<std::uint8_t>(v), 1, 2, 101);
  EXPECT_GT(differ, 48) << "one more round should change almost every result";
}

TEST(TransferSizes, FromQuarterMebibyteUpByFourToTheLargest) {
  using labs::kKiB;
  using labs::kMiB;
  const std::vector<std::size_t> want = {256 * kKiB, kMiB, 4 * kMiB, 16 * kMiB, 64 * kMiB, 256 * kMiB};
  EXPECT_EQ(labs::TransferSizes(256 * kMiB), want);
  EXPECT_EQ(labs::TransferSizes(kMiB), (std::vector<std::size_t>{256 * kKiB, kMiB}));
  EXPECT_EQ(labs::TransferSizes(3 * kMiB), (std::vector<std::size_t>{256 * kKiB, kMiB, 3 * kMiB}));
  EXPECT_THROW(labs::TransferSizes(100 * kKiB), InputError);
  // The lab's own image joins the sizes in order, once.
  EXPECT_EQ(labs::WithSize({256 * kKiB, kMiB}, 512 * kKiB),
            (std::vector<std::size_t>{256 * kKiB, 512 * kKiB, kMiB}));
  EXPECT_EQ(labs::WithSize({256 * kKiB, kMiB}, kMiB), (std::vector<std::size_t>{256 * kKiB, kMiB}));
  EXPECT_EQ(labs::WithSize({256 * kKiB, kMiB}, 8 * kMiB),
            (std::vector<std::size_t>{256 * kKiB, kMiB, 8 * kMiB}));
  EXPECT_EQ(labs::WithSize({256 * kKiB}, 1000), (std::vector<std::size_t>{256 * kKiB}));
  EXPECT_DOUBLE_EQ(labs::GigabytesPerSecond(1'000'000'000, 1000.0), 1.0);
  EXPECT_DOUBLE_EQ(labs::GigabytesPerSecond(25'000'000, 1.0), 25.0);
  EXPECT_EQ(labs::GigabytesPerSecond(100, 0), 0.0);
  EXPECT_DOUBLE_EQ(labs::MedianMs({3, 1, 2}), 2.0);
  EXPECT_DOUBLE_EQ(labs::MedianMs({4, 1, 2, 3}), 2.5);
  EXPECT_EQ(labs::FormatBytes(256 * kKiB), "256 KiB");
  EXPECT_EQ(labs::FormatBytes(4 * kMiB), "4 MiB");
}

TEST(StreamsTransfersLabs, DeclaredInOrderAndCudaOnly) {
  const LabSpec& streams = GetLab("streams");
  const LabSpec& transfers = GetLab("transfers");
  EXPECT_LT(&streams, &transfers) << "order 60 comes before 70";
  for (const LabSpec* l : {&streams, &transfers}) {
    SCOPED_TRACE(l->id);
    EXPECT_TRUE(l->needs_cuda);
    EXPECT_EQ(l->run_cpu, nullptr);
    EXPECT_NE(l->run_cuda, nullptr);
    EXPECT_FALSE(l->teaching.empty());
    for (const auto& v : l->variants) EXPECT_EQ(v.backend, Backend::Cuda) << v.id;
    LabRequest r;
    r.backend = Backend::Cpu;
    const LabRequest checked = CheckedLabRequest(*l, r);
    try {
      RunLab(*l, checked);
      ADD_FAILURE() << "a CUDA-only lab ran on the CPU backend";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("needs CUDA"), std::string::npos) << e.what();
    }
  }
}

TEST(StreamsTransfersLabs, RequestsAreChecked) {
  const LabSpec& streams = GetLab("streams");
  LabRequest r;
  r.backend = Backend::Cuda;
  r.params.Set("streams", 9.0);
  EXPECT_THROW(CheckedLabRequest(streams, r), InputError);
  r.params = {};
  r.variants = {"multi_stream"};
  EXPECT_EQ(CheckedLabRequest(streams, r).params.Int("streams"), 4);
  r.variants = {"two_streams"};
  EXPECT_THROW(CheckedLabRequest(streams, r), InputError);
  const LabSpec& transfers = GetLab("transfers");
  LabRequest t;
  t.backend = Backend::Cuda;
  t.params.Set("pipeline", std::string("gray>nothing"));
  EXPECT_THROW(CheckedLabRequest(transfers, t), InputError);
}

// Every pipeline the transfers lab offers is a valid chain of built-in filters on its generated rgba8 input.
TEST(StreamsTransfersLabs, EveryOfferedPipelinePlans) {
  const Registry& reg = BuiltinRegistry();
  const LabSpec& transfers = GetLab("transfers");
  const ParamSpec& p = *std::find_if(transfers.params.begin(), transfers.params.end(),
                                     [](const ParamSpec& s) { return s.name == "pipeline"; });
  for (const std::string& choice : p.choices) {
    if (choice == "none") continue;
    SCOPED_TRACE(choice);
    Pipeline pipe;
    std::size_t start = 0;
    while (start <= choice.size()) {
      const std::size_t end = std::min(choice.find('>', start), choice.size());
      pipe.stages.push_back(ParseStageSpec(reg, choice.substr(start, end - start), Backend::Cuda));
      start = end + 1;
    }
    const Plan plan = ResolvePipeline(
        reg, pipe, {transfers.default_size, transfers.default_size, PixelFormat::Rgba8}, Backend::Cuda);
    EXPECT_TRUE(plan.ok()) << (plan.issue ? plan.issue->message : "");
  }
}

}  // namespace
}  // namespace fl
