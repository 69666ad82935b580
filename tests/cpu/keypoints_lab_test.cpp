// The keypoints lab's CPU reference: greedy NMS against a brute-force re-implementation, candidates and their
// overflow, the response's integer formula, and the whole run through the lab registry.
#include "core/labs/keypoints_lab.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/error.hpp"
#include "core/lab_registry.hpp"

namespace fl::labs {
namespace {

KeyBox Box(int x0, int y0, int x1, int y1, int score, int index) { return {x0, y0, x1, y1, score, index}; }

// Textbook greedy NMS, written differently from GreedyNms: repeatedly take the best remaining box (score
// desc, index asc), keep it, and drop every remaining box whose IoU with it exceeds num/den (exact integer
// test).
std::vector<int> BruteForceNms(const std::vector<KeyBox>& boxes, long long num, long long den) {
  std::vector<bool> alive(boxes.size(), true);
  std::vector<int> kept;
  const auto exceeds = [&](const KeyBox& a, const KeyBox& b) {
    const long long iw = std::min(a.x1, b.x1) - std::max(a.x0, b.x0);
    const long long ih = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
    const long long inter = iw > 0 && ih > 0 ? iw * ih : 0;
    const long long uni = 1LL * (a.x1 - a.x0) * (a.y1 - a.y0) + 1LL * (b.x1 - b.x0) * (b.y1 - b.y0) - inter;
    return inter > 0 && inter * den > num * uni;
  };
  for (;;) {
    int best = -1;
    for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
      if (!alive[i]) continue;
      if (best < 0 || boxes[i].score > boxes[best].score ||
          (boxes[i].score == boxes[best].score && boxes[i].index < boxes[best].index))
        best = i;
    }
    if (best < 0) break;
    kept.push_back(best);
    for (int i = 0; i < static_cast<int>(boxes.size()); ++i)
      if (alive[i] && (i == best || exceeds(boxes[best], boxes[i]))) alive[i] = false;
  }
  return kept;
}

// Keys of random candidates (few distinct scores, so ties happen) turned into sorted boxes of random sides.
std::vector<KeyBox> RandomSortedBoxes(std::mt19937& rng, int count) {
  std::vector<std::uint64_t> keys;
  std::uniform_int_distribution<int> score(0, 6), index(0, 40 * 40 - 1), side(2, 12);
  for (int i = 0; i < count; ++i) keys.push_back(CandidateKey(score(rng) * 1000, index(rng)));
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<KeyBox> boxes;
  for (const auto k : keys) {
    KeyBox b = BoxOfKey(k, 40, side(rng));
    b.x1 = b.x0 + side(rng);  // non-square boxes of different areas
    boxes.push_back(b);
  }
  return boxes;
}

TEST(KeypointsNms, EqualsBruteForceOnRandomBoxes) {
  for (unsigned seed = 1; seed <= 300; ++seed) {
    std::mt19937 rng(seed);
    const auto boxes = RandomSortedBoxes(rng, 1 + static_cast<int>(seed % 60));
    const int sixteenths = static_cast<int>(rng() % 17);  // iou = k/16 is exact in double
    const std::vector<int> greedy = GreedyNms(boxes, sixteenths / 16.0);
    std::vector<int> brute = BruteForceNms(boxes, sixteenths, 16);
    ASSERT_EQ(greedy, brute) << "seed " << seed << ", iou " << sixteenths << "/16, " << boxes.size()
                             << " boxes";
  }
}

TEST(KeypointsNms, TiesGoToTheLowerIndex) {
  // Same score, boxes 4 pixels apart (IoU 1/3): the lower pixel index sorts first and suppresses the other.
  const auto boxes = SortedBoxes({CandidateKey(500, 7), CandidateKey(500, 3)}, 100, 8);
  ASSERT_EQ(boxes[0].index, 3);
  EXPECT_EQ(GreedyNms(boxes, 0.3), std::vector<int>{0});
  EXPECT_EQ(GreedyNms(boxes, 0.34), (std::vector<int>{0, 1}));
}

TEST(KeypointsNms, IouExactlyAtTheThresholdIsNotSuppressed) {
  // [0,4) x [0,1) and [0,2) x [0,1): intersection 2, union 4, IoU exactly 0.5.
  const std::vector<KeyBox> boxes = {Box(0, 0, 4, 1, 9, 0), Box(0, 0, 2, 1, 8, 1)};
  EXPECT_EQ(GreedyNms(boxes, 0.5), (std::vector<int>{0, 1}));
  EXPECT_EQ(GreedyNms(boxes, 0.4999), std::vector<int>{0});
  // IoU 0.25 exactly: [0,4) and [3,4).
  const std::vector<KeyBox> quarter = {Box(0, 0, 4, 1, 9, 0), Box(3, 0, 4, 1, 8, 1)};
  EXPECT_EQ(GreedyNms(quarter, 0.25), (std::vector<int>{0, 1}));
}

TEST(KeypointsNms, IouZeroSuppressesAnyOverlapAndOneNothing) {
  const std::vector<KeyBox> boxes = {Box(0, 0, 10, 10, 9, 0), Box(9, 9, 19, 19, 8, 1),
                                     Box(10, 0, 20, 9, 7, 2), Box(0, 0, 10, 10, 6, 3)};
  EXPECT_EQ(GreedyNms(boxes, 0.0), (std::vector<int>{0, 2}));        // box 2 only touches box 0's edge
  EXPECT_EQ(GreedyNms(boxes, 1.0), (std::vector<int>{0, 1, 2, 3}));  // even identical boxes survive
}

TEST(KeypointsNms, ASuppressedBoxSuppressesNothing) {
  // A chain: 0 suppresses 1, 1 would suppress 2, but 1 is not kept, so 2 is.
  const std::vector<KeyBox> boxes = {Box(0, 0, 10, 10, 9, 0), Box(4, 0, 14, 10, 8, 1),
                                     Box(8, 0, 18, 10, 7, 2)};
  EXPECT_EQ(GreedyNms(boxes, 0.3), (std::vector<int>{0, 2}));
}

TEST(KeypointsCandidates, OverflowIsCountedAndTheListKeepsItsCapacity) {
  const Image img = GenerateBlobs(128);
  const auto score = BoxResponse(img);
  const CandidateList all = CompactCandidates(score, 128, 128, 20, 1 << 20);
  ASSERT_GT(all.found, 5);
  EXPECT_EQ(all.overflow, 0);
  const CandidateList few = CompactCandidates(score, 128, 128, 20, 3);
  EXPECT_EQ(few.found, all.found);
  EXPECT_EQ(few.keys.size(), 3u);
  EXPECT_EQ(few.overflow, all.found - 3);
  EXPECT_TRUE(
      std::equal(few.keys.begin(), few.keys.end(), all.keys.begin()));  // the first three, raster order
}

TEST(KeypointsCandidates, PlateauYieldsOneCandidate) {
  // A 3x3 plateau of equal scores: only its first pixel in raster order is a candidate.
  std::vector<std::int32_t> score(20 * 20, 0);
  for (int y = 5; y < 8; ++y)
    for (int x = 5; x < 8; ++x) score[y * 20 + x] = 10 * kScoreUnit;
  const CandidateList list = CompactCandidates(score, 20, 20, 1, 100);
  ASSERT_EQ(list.found, 1);
  EXPECT_EQ(KeyIndex(list.keys[0]), 5 * 20 + 5);
  EXPECT_EQ(KeyScore(list.keys[0]), 10 * kScoreUnit);
}

TEST(KeypointsResponse, IsTheBoxMeanDifferenceInIntegers) {
  Image img(31, 23, PixelFormat::Gray8);
  std::mt19937 rng(4);
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) img.Row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(rng());
  const auto score = BoxResponse(img);
  for (int y = 0; y < img.height(); y += 3) {
    for (int x = 0; x < img.width(); x += 2) {
      long long inner = 0, outer = 0;
      for (int dy = -kOuterRadius; dy <= kOuterRadius; ++dy)
        for (int dx = -kOuterRadius; dx <= kOuterRadius; ++dx) {
          const int v = img.Row<std::uint8_t>(std::clamp(y + dy, 0, 22))[std::clamp(x + dx, 0, 30)];
          outer += v;
          if (std::abs(dx) <= kInnerRadius && std::abs(dy) <= kInnerRadius) inner += v;
        }
      ASSERT_EQ(score[y * 31 + x], std::max(0LL, 169 * inner - 25 * outer)) << x << "," << y;
    }
  }
}

TEST(KeypointsLab, CpuRunReportsBoxesSortedByScoreAndAPicture) {
  const LabSpec& lab = GetLab("keypoints");
  LabRequest r;
  r.size = 256;
  r.repeat = 1;
  const LabResult result = RunLab(lab, CheckedLabRequest(lab, r));
  const auto& d = result.data;
  EXPECT_EQ(d["lab"], "keypoints");
  EXPECT_EQ(d["overflow"], 0);
  ASSERT_GT(d["boxes"].size(), 3u);
  EXPECT_LE(d["boxes"].size(), d["candidates"].get<std::size_t>());
  for (std::size_t i = 1; i < d["boxes"].size(); ++i)
    EXPECT_GE(d["boxes"][i - 1][4].get<double>(), d["boxes"][i][4].get<double>());
  ASSERT_EQ(d["variants"].size(), 1u);
  EXPECT_EQ(d["variants"][0]["id"], "reference");
  ASSERT_EQ(result.pictures.size(), 1u);
  EXPECT_EQ(result.pictures[0].name, "boxes");
  EXPECT_EQ(result.pictures[0].image.width(), 256);
}

TEST(KeypointsLab, RgbaInputIsConvertedAndLargeInputPictureIsDownsampled) {
  Image rgba(700, 300, PixelFormat::Rgba8);
  LabRequest r;
  r.input = &rgba;
  r.repeat = 1;
  const LabSpec& lab = GetLab("keypoints");
  const LabResult result = RunLab(lab, CheckedLabRequest(lab, r));
  EXPECT_EQ(result.data["width"], 700);
  EXPECT_EQ(result.data["candidates"], 0);  // a flat image has no blobs
  EXPECT_EQ(result.pictures[0].image.width(), 512);
}

TEST(KeypointsLab, RefusesBadRequests) {
  const LabSpec& lab = GetLab("keypoints");
  const auto refused = [&](auto edit) {
    LabRequest r;
    edit(r);
    EXPECT_THROW(CheckedLabRequest(lab, r), InputError);
  };
  refused([](LabRequest& r) { r.size = 100000; });
  refused([](LabRequest& r) { r.size = -1; });  // (size 0 means the default size: core/lab_spec.hpp)
  refused([](LabRequest& r) { r.params.Set("iou", 1.5); });
  refused([](LabRequest& r) { r.params.Set("iou", -0.1); });
  refused([](LabRequest& r) { r.params.Set("capacity", 0.0); });
  refused([](LabRequest& r) { r.variants = {"nms_bitmask"}; });  // a CUDA variant on the CPU backend
  Image f32(4, 4, PixelFormat::Gray32f);
  LabRequest r;
  r.input = &f32;
  EXPECT_THROW(RunLab(lab, CheckedLabRequest(lab, r)), InputError);
}

}  // namespace
}  // namespace fl::labs
