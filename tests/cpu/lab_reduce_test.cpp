// The reduce lab's CPU side: exact sums, means, minima and maxima for hand-made images, a sum past 2^32, the
// combination of byte lanes (what the CUDA kernels hand back), and the lab run on the CPU backend.
#include <gtest/gtest.h>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/labs/reduce_cpu.hpp"

namespace fl {
namespace {

using labs::ChannelStats;
using labs::ReduceOpenmp;
using labs::ReduceReference;

TEST(ReduceReference, GrayHandCase) {
  Image img(2, 2, PixelFormat::Gray8);
  const std::uint8_t px[] = {0, 10, 255, 3};
  std::copy(std::begin(px), std::end(px), img.data());
  const auto s = ReduceReference(img.View());
  EXPECT_EQ(s.all.sum, 268u);
  EXPECT_EQ(s.all.count, 4u);
  EXPECT_DOUBLE_EQ(s.all.Mean(), 67.0);
  EXPECT_EQ(s.all.min, 0);
  EXPECT_EQ(s.all.max, 255);
  ASSERT_EQ(s.channels.size(), 1u);
  EXPECT_EQ(s.channels[0], s.all);
  EXPECT_EQ(ReduceOpenmp(img.View()), s);
}

TEST(ReduceReference, RgbaPerChannelAndTogether) {
  Image img(2, 1, PixelFormat::Rgba8);
  const std::uint8_t px[] = {1, 20, 30, 255, 3, 10, 30, 0};
  std::copy(std::begin(px), std::end(px), img.data());
  const auto s = ReduceReference(img.View());
  ASSERT_EQ(s.channels.size(), 4u);
  EXPECT_EQ(s.channels[0], (ChannelStats{4, 2, 1, 3}));
  EXPECT_EQ(s.channels[1], (ChannelStats{30, 2, 10, 20}));
  EXPECT_EQ(s.channels[2], (ChannelStats{60, 2, 30, 30}));
  EXPECT_EQ(s.channels[3], (ChannelStats{255, 2, 0, 255}));
  EXPECT_EQ(s.all, (ChannelStats{349, 8, 0, 255}));
  EXPECT_EQ(ReduceOpenmp(img.View()), s);
}

TEST(ReduceReference, SumPastTwoToThe32IsExact) {
  Image img(2100, 2100, PixelFormat::Rgba8);  // 17,640,000 bytes of 255: 4,498,200,000 > 2^32
  std::fill(img.data(), img.data() + img.bytes(), std::uint8_t{255});
  const auto s = ReduceReference(img.View());
  EXPECT_EQ(s.all.sum, 4498200000ull);
  EXPECT_GT(s.all.sum, 1ull << 32);
  EXPECT_EQ(s.channels[2].sum, 4498200000ull / 4);
  EXPECT_DOUBLE_EQ(s.all.Mean(), 255.0);
  EXPECT_EQ(ReduceOpenmp(img.View()), s);
}

TEST(ReduceReference, OpenmpEqualsReferenceOnRandomImages) {
  for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
    const Image img = test::RandomImage(131, 77, f, 3);
    EXPECT_EQ(ReduceOpenmp(img.View()), ReduceReference(img.View()));
  }
}

TEST(StatsFromLanes, EmptyLanesOfATinyGrayImageDoNotCount) {
  labs::LaneStats lanes;  // one byte of 42 in lane 0; lanes 1-3 untouched
  lanes.sum[0] = 42;
  lanes.min[0] = 42;
  lanes.max[0] = 42;
  const auto s = labs::StatsFromLanes(lanes, PixelFormat::Gray8, 1);
  EXPECT_EQ(s.all, (ChannelStats{42, 1, 42, 42}));
}

TEST(StatsFromLanes, RgbaLanesAreChannels) {
  labs::LaneStats lanes;
  lanes.sum = {10, 20, 30, 40};
  lanes.min = {1, 2, 3, 4};
  lanes.max = {5, 6, 7, 8};
  const auto s = labs::StatsFromLanes(lanes, PixelFormat::Rgba8, 8);
  ASSERT_EQ(s.channels.size(), 4u);
  EXPECT_EQ(s.channels[1], (ChannelStats{20, 2, 2, 6}));
  EXPECT_EQ(s.all, (ChannelStats{100, 8, 1, 8}));
}

TEST(ReduceLab, ConstantImageOnTheCpuBackend) {
  LabRequest r;
  r.size = 9;
  r.repeat = 2;
  r.params.Set("pattern", std::string("constant"));
  r.params.Set("format", std::string("rgba8"));
  const LabSpec& lab = GetLab("reduce");
  const auto d = RunLab(lab, CheckedLabRequest(lab, r)).data;
  EXPECT_EQ(d.at("lab"), "reduce");
  EXPECT_EQ(d.at("sum"), 128u * 81u * 4u);
  EXPECT_EQ(d.at("min"), 128);
  EXPECT_EQ(d.at("max"), 128);
  EXPECT_DOUBLE_EQ(d.at("mean").get<double>(), 128.0);
  ASSERT_EQ(d.at("channels").size(), 4u);
  EXPECT_EQ(d["channels"][3].at("name"), "a");
  EXPECT_EQ(d["channels"][3].at("sum"), 128u * 81u);
  ASSERT_EQ(d.at("variants").size(), 2u);
  for (const auto& v : d["variants"]) EXPECT_TRUE(v.at("matches_reference").get<bool>()) << v;
}

TEST(ReduceLab, RefusesBadRequests) {
  const LabSpec& lab = GetLab("reduce");
  LabRequest r;
  r.size = 8193;
  EXPECT_THROW(CheckedLabRequest(lab, r), InputError);
  r.size = 8;
  r.params.Set("pattern", std::string("zebra"));
  EXPECT_THROW(CheckedLabRequest(lab, r), InputError);
  r.params = {};
  r.variants = {"smem_tree"};  // a CUDA variant on the CPU backend
  EXPECT_THROW(CheckedLabRequest(lab, r), InputError);
}

}  // namespace
}  // namespace fl
