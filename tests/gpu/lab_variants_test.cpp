// Every CUDA variant of the histogram and reduce labs against the CPU reference, exactly: odd sizes (the
// 16-byte loads' tail, images smaller than one load), a constant image (every atomic on one address), gray8
// and rgba8. And the device lab's facts are sane.
#include <gtest/gtest.h>

#include "common/test_images.hpp"
#include "core/lab_registry.hpp"
#include "core/labs/histogram_cpu.hpp"
#include "core/labs/reduce_cpu.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

struct Case {
  int w, h;
  PixelFormat format;
  bool constant;
};

std::vector<Case> Cases() {
  std::vector<Case> cases;
  for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {1023, 769}}) cases.push_back({w, h, f, false});
    cases.push_back({64, 64, f, true});
    cases.push_back({1023, 769, f, true});
  }
  return cases;
}

Image CaseImage(const Case& c) {
  Image img = test::RandomImage(c.w, c.h, c.format, 11);
  if (c.constant) std::fill(img.data(), img.data() + img.bytes(), std::uint8_t{200});
  return img;
}

nlohmann::json RunCudaLab(const std::string& id, const Image& img) {
  LabRequest r;
  r.backend = Backend::Cuda;
  r.input = &img;
  r.repeat = 2;
  const LabSpec& lab = GetLab(id);
  return RunLab(lab, CheckedLabRequest(lab, r)).data;
}

std::size_t CudaVariantCount(const std::string& id) {
  std::size_t n = 0;
  for (const auto& v : GetLab(id).variants) n += v.backend == Backend::Cuda;
  return n;
}

void ExpectEveryVariantMatches(const nlohmann::json& d, const std::string& id, const Case& c) {
  ASSERT_EQ(d.at("variants").size(), CudaVariantCount(id));
  for (const auto& v : d["variants"]) {
    EXPECT_TRUE(v.at("matches_reference").get<bool>())
        << id << "/" << v.at("id") << " " << c.w << "x" << c.h << " " << ToString(c.format)
        << (c.constant ? " constant" : "");
    EXPECT_GT(v.at("ms").get<double>(), 0.0);
  }
}

TEST(LabVariants, HistogramEqualsTheReference) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  for (const Case& c : Cases()) {
    const Image img = CaseImage(c);
    const nlohmann::json d = RunCudaLab("histogram", img);
    ExpectEveryVariantMatches(d, "histogram", c);
    const auto ref = labs::HistogramReference(img.View());
    for (std::size_t ch = 0; ch < ref.size() / 256; ++ch)
      EXPECT_EQ(d.at("channels")[ch].get<std::vector<std::uint64_t>>(),
                labs::ChannelBins(ref, static_cast<int>(ch)));
  }
}

TEST(LabVariants, ReduceEqualsTheReference) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  for (const Case& c : Cases()) {
    const Image img = CaseImage(c);
    const nlohmann::json d = RunCudaLab("reduce", img);
    ExpectEveryVariantMatches(d, "reduce", c);
    const auto ref = labs::ReduceReference(img.View());
    EXPECT_EQ(d.at("sum").get<std::uint64_t>(), ref.all.sum);
    EXPECT_EQ(d.at("min").get<int>(), ref.all.min);
    EXPECT_EQ(d.at("max").get<int>(), ref.all.max);
  }
}

TEST(LabVariants, ReduceSumPastTwoToThe32) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  Image img(2100, 2100, PixelFormat::Rgba8);
  std::fill(img.data(), img.data() + img.bytes(), std::uint8_t{255});
  const nlohmann::json d = RunCudaLab("reduce", img);
  ExpectEveryVariantMatches(d, "reduce", {2100, 2100, PixelFormat::Rgba8, true});
  EXPECT_EQ(d.at("sum").get<std::uint64_t>(), 4498200000ull);
}

TEST(LabVariants, DeviceFactsAreSane) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  LabRequest r;
  r.backend = Backend::Cuda;
  r.size = 64;
  r.repeat = 5;
  const LabSpec& lab = GetLab("device");
  const nlohmann::json d = RunLab(lab, CheckedLabRequest(lab, r)).data;
  EXPECT_FALSE(d.at("name").get<std::string>().empty());
  EXPECT_GT(d.at("sm_count").get<int>(), 0);
  EXPECT_EQ(d.at("warp_size").get<int>(), 32);
  EXPECT_GE(d.at("max_threads_per_block").get<int>(), 512);
  EXPECT_GT(d.at("smem_per_sm").get<std::size_t>(), d.at("smem_per_block").get<std::size_t>() / 2);
  EXPECT_GT(d.at("regs_per_sm").get<int>(), 0);
  EXPECT_GT(d.at("l2_bytes").get<int>(), 0);
  EXPECT_GT(d.at("memory_clock_khz").get<int>(), 0);
  EXPECT_GT(d.at("memory_bus_bits").get<int>(), 0);
  const double theoretical = d.at("theoretical_gbs").get<double>(), copy = d.at("copy_gbs").get<double>();
  EXPECT_GT(theoretical, 100.0);
  EXPECT_GT(copy, 0.0);
  EXPECT_LT(copy, 1.1 * theoretical) << "a copy faster than the memory allows: the timing is wrong";
}

}  // namespace
}  // namespace fl
