// The word forms of the point operations (cuda/filters/point_words.cuh) equal four calls of the byte operator
// (core/cpu/point_ops_math.hpp): brightness for every byte on a grid of parameters over their whole ranges (which
// holds exact halves, saturation at both ends and the identity) and on random parameters between the grid's points;
// threshold for every byte and threshold; add, sub and absdiff for every pair of bytes.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "core/cpu/point_ops_math.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/filters/point_words.cuh"
#include "cuda/owners.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

template <typename Op>
using Form = cuda::point_words::WordForm<Op>;

// Thread (op o, word i) writes the word form of words a[i], b[i] under op o.
template <typename Op>
__global__ void WordForms(const Op* ops, int n, const std::uint32_t* a, const std::uint32_t* b, int words,
                          std::uint32_t* out) {
  const long long t = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= static_cast<long long>(n) * words) return;
  const int o = static_cast<int>(t / words), i = static_cast<int>(t % words);
  out[t] = Form<Op>::Apply(ops[o], a[i], b[i]);
}

template <typename T>
cuda::DeviceBuffer Upload(const std::vector<T>& v) {
  cuda::DeviceBuffer d = cuda::DeviceBuffer::Allocate(v.size() * sizeof(T));
  FL_CUDA_CHECK(cudaMemcpy(d.get(), v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

// Bytes a and b packed 4 to a word: every byte value (one input) or every pair of them (two inputs).
struct Inputs {
  std::vector<std::uint32_t> a, b;
};
Inputs EveryInput(int inputs) {
  std::vector<std::uint8_t> a, b;
  for (int v = 0; v < (inputs == 2 ? 65536 : 256); ++v) {
    a.push_back(static_cast<std::uint8_t>(v));
    b.push_back(static_cast<std::uint8_t>(v >> 8));
  }
  Inputs w{std::vector<std::uint32_t>(a.size() / 4), std::vector<std::uint32_t>(a.size() / 4)};
  std::memcpy(w.a.data(), a.data(), a.size());
  std::memcpy(w.b.data(), b.data(), b.size());
  return w;
}

// How many bytes of the word forms under `ops` differ from the byte operator (the first five are reported).
template <typename Op>
int WrongBytes(const std::vector<Op>& ops) {
  const Inputs in = EveryInput(Op::kInputs);
  const int n = static_cast<int>(ops.size()), words = static_cast<int>(in.a.size());
  cuda::DeviceBuffer dev_ops = Upload(ops), dev_a = Upload(in.a), dev_b = Upload(in.b);
  const std::size_t total = static_cast<std::size_t>(n) * static_cast<std::size_t>(words);
  cuda::DeviceBuffer out = cuda::DeviceBuffer::Allocate(total * 4);
  WordForms<Op><<<static_cast<unsigned>((total + 255) / 256), 256>>>(
      dev_ops.template as<Op>(), n, dev_a.template as<std::uint32_t>(), dev_b.template as<std::uint32_t>(), words,
      out.template as<std::uint32_t>());
  FL_CUDA_CHECK_LAUNCH("WordForms");
  std::vector<std::uint32_t> got(total);
  FL_CUDA_CHECK(cudaMemcpy(got.data(), out.get(), total * 4, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (std::size_t o = 0; o < ops.size(); ++o) {
    for (int i = 0; i < words * 4; ++i) {
      const auto a = static_cast<std::uint8_t>(in.a[i / 4] >> (8 * (i % 4)));
      const auto b = static_cast<std::uint8_t>(in.b[i / 4] >> (8 * (i % 4)));
      const unsigned have = (got[o * words + i / 4] >> (8 * (i % 4))) & 0xffu;
      unsigned want;
      if constexpr (Op::kInputs == 2)
        want = ops[o](a, b);
      else
        want = ops[o](a);
      if (have != want && ++wrong <= 5)
        ADD_FAILURE() << Op::kId << " op " << o << ", bytes " << int(a) << ", " << int(b) << ": " << have
                      << ", reference " << want;
    }
  }
  return wrong;
}

TEST(PointWordForms, BrightnessEqualsTheByteOperatorForEveryByteAndParameters) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  std::vector<point::BrightnessContrast> ops;
  for (int a = 0; a <= 8 * 32; ++a)  // alpha in steps of 1/32, beta in steps of 1/2, both over their whole ranges
    for (int b = -510; b <= 510; ++b) ops.push_back({static_cast<float>(a) / 32.0f, static_cast<float>(b) / 2.0f});
  std::mt19937 rng(20261206);
  std::uniform_real_distribution<float> alpha(0.0f, 8.0f), beta(-255.0f, 255.0f);
  for (int k = 0; k < 65536; ++k) ops.push_back({alpha(rng), beta(rng)});
  EXPECT_EQ(WrongBytes(ops), 0);
}

TEST(PointWordForms, ThresholdEqualsTheByteOperatorForEveryByteAndThreshold) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  std::vector<point::Threshold> ops;
  for (int t = 0; t <= 255; ++t) ops.push_back({t});
  EXPECT_EQ(WrongBytes(ops), 0);
}

TEST(PointWordForms, TwoInputOpsEqualTheByteOperatorForEveryPairOfBytes) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  EXPECT_EQ(WrongBytes(std::vector<point::Add>{{}}), 0);
  EXPECT_EQ(WrongBytes(std::vector<point::Sub>{{}}), 0);
  EXPECT_EQ(WrongBytes(std::vector<point::Absdiff>{{}}), 0);
}

// Host only: each word form is chosen inside the bound where it holds (brightness's keeps a margin) and refused
// beyond it, so the launcher falls back to the byte operator there.
TEST(PointWordForms, ApplyWhereTheyHoldOnly) {
  using Brightness = Form<point::BrightnessContrast>;
  EXPECT_TRUE(Brightness::Applies({8.0f, 255.0f}));
  EXPECT_TRUE(Brightness::Applies({8.0f, -255.0f}));
  EXPECT_TRUE(Brightness::Applies({0.0f, 0.0f}));
  EXPECT_FALSE(Brightness::Applies({200.0f, 0.0f}));
  EXPECT_FALSE(Brightness::Applies({1.0f, 40000.0f}));
  EXPECT_FALSE(Brightness::Applies({-129.0f, 0.0f}));
  EXPECT_TRUE(Form<point::Threshold>::Applies({0}));
  EXPECT_TRUE(Form<point::Threshold>::Applies({255}));
  EXPECT_FALSE(Form<point::Threshold>::Applies({-1}));
  EXPECT_FALSE(Form<point::Threshold>::Applies({256}));
  EXPECT_FALSE(Form<point::Invert>::kDeclared);  // the compiler finds its word form itself
}

}  // namespace
}  // namespace fl
