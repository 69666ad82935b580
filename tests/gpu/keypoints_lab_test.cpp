// The keypoints lab's CUDA variants against the CPU reference: the same kept boxes on odd sizes, and an
// overflowing candidate list that never writes past its end.
#include "core/labs/keypoints_lab.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <vector>

#include "core/lab_registry.hpp"
#include "cuda/labs/keypoints_device.hpp"
#include "gpu_support.hpp"

namespace fl::labs {
namespace {

// Blobs cropped to w x h (GenerateBlobs is square).
Image Blobs(int w, int h) {
  const Image square = GenerateBlobs(std::max(w, h));
  Image out(w, h, PixelFormat::Gray8);
  for (int y = 0; y < h; ++y) std::copy_n(square.Row<std::uint8_t>(y), w, out.Row<std::uint8_t>(y));
  return out;
}

// Bright dots (a quarter of the pixels) on low noise: candidates and equal scores even on a 3x2 image.
Image Noise(int w, int h, unsigned seed) {
  Image out(w, h, PixelFormat::Gray8);
  std::mt19937 rng(seed);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      out.Row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(rng() % 4 == 0 ? 255 : rng() % 4 * 10);
  return out;
}

void ExpectSameBoxes(const KeypointsOutcome& got, const KeypointsOutcome& want, const std::string& what) {
  ASSERT_EQ(got.candidates, want.candidates) << what;
  ASSERT_EQ(got.overflow, want.overflow) << what;
  ASSERT_EQ(got.kept.size(), want.kept.size()) << what;
  for (std::size_t i = 0; i < want.kept.size(); ++i) {
    ASSERT_EQ(got.kept[i].index, want.kept[i].index) << what << ", kept box " << i;
    ASSERT_EQ(got.kept[i].score, want.kept[i].score) << what << ", kept box " << i;
  }
}

TEST(KeypointsGpu, EveryNmsFormKeepsTheReferenceBoxes) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const std::pair<int, int> sizes[] = {{1, 1}, {3, 2}, {17, 13}, {1023, 769}};
  const KeypointsParams settings[] = {
      {5, 0.3, 16384, 16}, {20, 0.0, 16384, 9}, {20, 1.0, 16384, 16}, {10, 0.5, 16384, 40}};
  for (const auto& [w, h] : sizes) {
    std::vector<Image> images = {Blobs(w, h)};
    if (w * h < 10000) images.push_back(Noise(w, h, w * 7 + h));  // (a large noise image would overflow)
    for (const Image& gray : images) {
      for (const auto& p : settings) {
        const KeypointsOutcome want = KeypointsReference(gray, p);
        ASSERT_EQ(want.overflow, 0);
        cuda::KeypointsDevice device(gray, p.capacity);
        for (const char* id : {"nms_bitmask", "nms_rounds", "nms_serial"}) {
          device.Run(p, cuda::ParseNmsForm(id));
          const std::string what = std::string(id) + " " + std::to_string(w) + "x" + std::to_string(h) +
                                   " threshold " + std::to_string(p.threshold) + " iou " +
                                   std::to_string(p.iou);
          ExpectSameBoxes(device.Outcome(p), want, what);
        }
      }
    }
  }
}

TEST(KeypointsGpu, OverflowCountsEveryCandidateAndNeverWritesPastTheList) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const Image gray = Blobs(300, 200);
  const int capacity = 3, guard = 256;
  const KeypointsOutcome all = KeypointsReference(gray, {5, 0.3, 16384, 16});
  ASSERT_GT(all.candidates, capacity + 10);
  const std::set<std::uint64_t> every = [&] {
    const CandidateList list = CompactCandidates(BoxResponse(gray), 300, 200, 5, 16384);
    return std::set<std::uint64_t>(list.keys.begin(), list.keys.end());
  }();
  cuda::KeypointsDevice device(gray, capacity, guard);
  constexpr std::uint64_t kPoison = 0xdeadbeefcafef00dull;
  device.PoisonList(kPoison);
  long long found = 0;
  const auto slots = device.CompactOnly(5, &found);
  EXPECT_EQ(found, all.candidates);
  for (int i = 0; i < capacity; ++i)
    EXPECT_TRUE(every.count(slots[i])) << "slot " << i << " holds no candidate";
  for (int i = capacity; i < capacity + guard; ++i)
    ASSERT_EQ(slots[i], kPoison) << "written past the list at " << i;
  // The whole pipeline reports the same counts as the reference's overflowing list.
  const KeypointsParams p{5, 0.3, capacity, 16};
  const KeypointsOutcome want = KeypointsReference(gray, p);
  for (const char* id : {"nms_bitmask", "nms_rounds", "nms_serial"}) {
    device.Run(p, cuda::ParseNmsForm(id));
    const KeypointsOutcome got = device.Outcome(p);
    EXPECT_EQ(got.candidates, want.candidates) << id;
    EXPECT_EQ(got.overflow, want.candidates - capacity) << id;
    EXPECT_TRUE(SameOutcome(got, want)) << id;
  }
}

TEST(KeypointsGpu, LabRunMatchesTheReference) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const LabSpec& lab = GetLab("keypoints");
  LabRequest r;
  r.backend = Backend::Cuda;
  r.repeat = 3;
  const LabResult result = RunLab(lab, CheckedLabRequest(lab, r));
  ASSERT_EQ(result.data["variants"].size(), 3u);
  for (const auto& v : result.data["variants"]) {
    EXPECT_TRUE(v["matches_reference"].get<bool>()) << v["id"];
    EXPECT_EQ(v["compared"], "boxes") << v["id"];
  }
  EXPECT_GT(result.data["boxes"].size(), 10u);
  for (const auto& line : result.lines) std::printf("%s\n", line.c_str());
}

}  // namespace
}  // namespace fl::labs
