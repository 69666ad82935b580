// Every CUDA variant of every declared filter against the CPU oracle: each format the variant accepts, sizes from
// 1x1 to 4096x4096, several launch configurations, the default parameters and each declared test case. The case
// list is built from the registry at start-up, so a new filter or variant is tested by being declared.
//
// Each run writes into an output poisoned beforehand, twice (0x00, then 0xFF which is NaN for floats), so a pixel
// the kernel leaves unwritten cannot match; the inputs' row padding is poisoned the same way, so a kernel reading
// past a row's end shows. Agreement::Exact must be bit-identical, Tolerance within FilterSpec::tolerance;
// KnownWrong variants are left to their own tests. A launch configuration the engine refuses (InputError before
// launch, e.g. an apron smaller than the radius) is not a failure: the output must be untouched, and the refusal
// is counted and printed.
//
// The oracle is the `reference` variant up to 17x13 and `openmp` from 1023x769 on, for speed: tests/cpu
// registry_test checks that openmp is byte-identical to reference for every filter, format and test case.
//
// Each case is its own ctest test (one process, one CUDA context each): run them with `ctest -L gpu -j16`, or run
// `gpu_tests` directly, where consecutive cases share their oracle outputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "cuda/cuda_executor.hpp"
#include "filters/builtin_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

struct VariantCase {
  std::string filter, variant;
  PixelFormat format = PixelFormat::Gray8;
  int width = 0, height = 0;
  LaunchConfig launch;
  std::string launch_label;
  std::vector<std::string> param_sets;  // "" is the defaults; the others are FilterSpec::test_cases entries
  bool openmp_oracle = false;
};

void PrintTo(const VariantCase& c, std::ostream* os) {
  *os << c.filter << "/" << c.variant << " " << ToString(c.format) << " " << c.width << "x" << c.height << " "
      << c.launch_label;
}

std::string Sanitize(std::string s) {
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

std::string CaseName(const VariantCase& c) {
  return Sanitize(c.filter + "_" + c.variant + "_" + std::string(ToString(c.format)) + "_" + std::to_string(c.width) +
                  "x" + std::to_string(c.height) + "_" + c.launch_label);
}

// Only the fields the variant reads: two configurations with the same label run the same way.
std::string LaunchLabel(const LaunchConfig& l, const LaunchUse& u) {
  std::string s;
  auto add = [&](const std::string& part) { s += (s.empty() ? "" : "_") + part; };
  if (u.block) add("b" + FormatBlock(l));
  if (u.ppt) add("ppt" + std::to_string(l.ppt));
  if (u.halo) add("halo" + std::to_string(l.halo));
  if (u.smem) add(l.smem ? "smem" : "nosmem");
  return s.empty() ? "fixed" : s;
}

// The variant's defaults, then the usual blocks, the ends of its ppt and halo ranges, and smem flipped.
std::vector<LaunchConfig> LaunchConfigs(const VariantSpec& v) {
  std::vector<LaunchConfig> all = {v.defaults};
  if (v.uses.block)
    for (auto [x, y] : {std::pair{32, 8}, {16, 16}, {64, 4}, {128, 1}}) {
      LaunchConfig c = v.defaults;
      c.block_x = x, c.block_y = y;
      all.push_back(c);
    }
  if (v.uses.ppt)
    for (int n : {v.uses.ppt_min, v.uses.ppt_max}) {
      LaunchConfig c = v.defaults;
      c.ppt = n;
      all.push_back(c);
    }
  if (v.uses.halo)
    for (int n : {v.uses.halo_min, v.uses.halo_max}) {
      LaunchConfig c = v.defaults;
      c.halo = n;
      all.push_back(c);
    }
  if (v.uses.smem) {
    LaunchConfig c = v.defaults;
    c.smem = !c.smem;
    all.push_back(c);
  }
  std::vector<LaunchConfig> unique;
  std::set<std::string> seen;
  for (const auto& c : all)
    if (seen.insert(LaunchLabel(c, v.uses)).second) unique.push_back(c);
  return unique;
}

constexpr std::pair<int, int> kSizes[] = {{1, 1}, {3, 2}, {17, 13}, {1023, 769}};
constexpr int kLargeWidth = 1023;  // from this size on: openmp oracle, test cases only with the default launch
constexpr int kHugeSide = 4096;    // defaults only, default launch only

// Ordered filter, format, size, variant, launch, so that consecutive cases share their oracle outputs (cached).
std::vector<VariantCase> BuildCases() {
  std::vector<VariantCase> cases;
  for (const FilterSpec& f : BuiltinRegistry().filters()) {
    std::vector<std::string> all_params = {""};
    all_params.insert(all_params.end(), f.test_cases.begin(), f.test_cases.end());
    for (PixelFormat fmt : f.accepts) {
      auto add_size = [&](int w, int h) {
        for (const VariantSpec& v : f.variants) {
          if (v.backend != Backend::Cuda || v.agreement == Agreement::KnownWrong || !f.VariantAccepts(v, fmt))
            continue;
          const bool huge = w == kHugeSide, large = w >= kLargeWidth;
          for (const LaunchConfig& l : huge ? std::vector<LaunchConfig>{v.defaults} : LaunchConfigs(v)) {
            VariantCase c{f.id, v.id, fmt, w, h, l, LaunchLabel(l, v.uses), {}, large};
            const bool default_launch = l == v.defaults;
            c.param_sets = (huge || (large && !default_launch)) ? std::vector<std::string>{""} : all_params;
            cases.push_back(std::move(c));
          }
          // The launch the variant's rule picks for each parameter set (VariantSpec::defaults_for), where it
          // is not the static default: what a new stage with those parameters runs, on an image of this size and
          // on a large one (rules may follow the size), each run on this size.
          if (!v.defaults_for || huge) continue;
          std::map<std::string, VariantCase>
              by_launch;  // one case per launch, with the parameter sets picking it
          for (const std::string& p : all_params)
            for (const ImageShape rule_in : {ImageShape{w, h, fmt}, test::LargeImage(fmt)}) {
              const LaunchConfig l = DefaultLaunch(v, test::ParamsFor(f, p), rule_in);
              if (l == v.defaults) continue;
              const std::string label = LaunchLabel(l, v.uses) + "_rule";
              by_launch.try_emplace(label, VariantCase{f.id, v.id, fmt, w, h, l, label, {}, large});
              std::vector<std::string>& sets = by_launch.at(label).param_sets;
              if (std::find(sets.begin(), sets.end(), p) == sets.end()) sets.push_back(p);
            }
          for (auto& [label, c] : by_launch) cases.push_back(std::move(c));
        }
      };
      for (auto [w, h] : kSizes) add_size(w, h);
      add_size(kHugeSide, kHugeSide);
    }
  }
  return cases;
}

// ---- Totals over the run, printed at the end ----

struct Tally {
  std::size_t compared = 0, refused = 0, not_applicable = 0;
  std::set<std::string> refusal_reasons;
};
Tally& Totals() {
  static Tally t;
  return t;
}

class TallyPrinter : public ::testing::Environment {
 public:
  void TearDown() override {
    const Tally& t = Totals();
    if (t.compared + t.refused + t.not_applicable == 0) return;
    std::cout << "[ variants ] " << t.compared << " runs compared with the CPU oracle, " << t.refused
              << " launch configurations refused by validation (expected, not failures), " << t.not_applicable
              << " parameter sets not applicable to their input size\n";
    for (const auto& r : t.refusal_reasons) std::cout << "[ refused  ] " << r << "\n";
  }
};
const auto* const kTallyPrinter = ::testing::AddGlobalTestEnvironment(new TallyPrinter);

// ---- The CPU oracle, cached for consecutive cases on the same filter, format and size ----

struct OracleResult {
  Image image;
  std::string refusal;  // the InputError text when the parameters do not apply to this input
};

const OracleResult& Oracle(const FilterSpec& f, const VariantSpec& oracle, const std::string& param_set,
                           const ParamValues& params, const Image& input, const Image* second) {
  static std::string group;
  static std::map<std::string, OracleResult> cache;
  const std::string g = f.id + "|" + oracle.id + "|" + std::string(ToString(input.format())) + "|" +
                        std::to_string(input.width()) + "x" + std::to_string(input.height());
  if (g != group) cache.clear(), group = g;
  auto it = cache.find(param_set);
  if (it != cache.end()) return it->second;
  OracleResult r;
  try {
    r.image = RunCpuVariant(f, oracle, params, input, second);
  } catch (const InputError& e) {
    r.refusal = e.what();
  }
  return cache.emplace(param_set, std::move(r)).first->second;
}

// Deterministic inputs per format and size (the same for every variant, so the oracle cache applies).
std::uint32_t Seed(const VariantCase& c, std::uint32_t which) {
  return static_cast<std::uint32_t>(c.width) * 7919u + static_cast<std::uint32_t>(c.height) * 104729u +
         static_cast<std::uint32_t>(c.format) * 31u + which;
}

// Where and by how much the first mismatch differs, for the failure message.
std::string FirstMismatch(const Image& got, const Image& want) {
  const std::size_t bpp = BytesPerPixel(got.format());
  for (int y = 0; y < got.height(); ++y)
    for (int x = 0; x < got.width(); ++x)
      if (std::memcmp(got.Row<std::uint8_t>(y) + x * bpp, want.Row<std::uint8_t>(y) + x * bpp, bpp) != 0) {
        std::ostringstream os;
        os << "first at (" << x << ", " << y << "): got ";
        auto print = [&](const Image& img) {
          if (img.format() == PixelFormat::Gray32f) {
            os << img.Row<float>(y)[x];
          } else {
            for (std::size_t c = 0; c < bpp; ++c) os << (c ? "," : "") << int(img.Row<std::uint8_t>(y)[x * bpp + c]);
          }
        };
        print(got);
        os << ", want ";
        print(want);
        return os.str();
      }
  return "no mismatch";
}

// What the engine's validation says about this launch (the device limits, then the variant's own rule): the only
// refusals this test accepts. An InputError from anywhere else is a failure.
std::optional<std::string> ValidationRefusal(const DeviceLimits& limits, const FilterSpec& f, const VariantSpec& v,
                                             const ParamValues& params, const LaunchConfig& launch,
                                             PixelFormat format) {
  // A variant without code for the output format the parameters ask for (sobel fast: output=gray32f).
  try {
    const PixelFormat out = f.OutputShape({16, 16, format}, params).format;
    if (!f.VariantServes(v, format, out)) return "writes " + FormatList(v.out_formats);
  } catch (const InputError& e) {
    return e.what();
  }
  if (v.format_limit)  // no code for these parameters in this format (VariantSpec::format_limit)
    if (auto why = v.format_limit(params, format)) return why;
  const std::size_t smem = v.smem_bytes ? v.smem_bytes(launch, params, format) : 0;
  if (auto why = CheckLaunch(limits, launch, v.uses, smem)) return why;
  if (v.check_launch) return v.check_launch(launch, params);
  return std::nullopt;
}

class VariantAgreement : public ::testing::TestWithParam<VariantCase> {};

TEST_P(VariantAgreement, MatchesCpuOracle) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  const VariantCase& c = GetParam();
  const Registry& reg = BuiltinRegistry();
  const FilterSpec& f = reg.Get(c.filter);
  const VariantSpec& v = reg.GetVariant(f, c.variant);
  const VariantSpec& oracle = reg.GetVariant(f, c.openmp_oracle ? "openmp" : "reference");
  test::GpuContext& gpu = test::Gpu();

  const Image input = test::RandomImage(c.width, c.height, c.format, Seed(c, 1));
  Image other;
  if (f.inputs == 2) other = test::RandomImage(c.width, c.height, c.format, Seed(c, 2));
  const Image* second = f.inputs == 2 ? &other : nullptr;

  std::size_t compared = 0;
  std::vector<std::string> refusals;
  for (const std::string& param_set : c.param_sets) {
    SCOPED_TRACE("params '" + param_set + "' (" + v.id + ", " + Describe(c.launch, v.uses) + ")");
    const ParamValues params = test::ParamsFor(f, param_set);
    const OracleResult& want = Oracle(f, oracle, param_set, params, input, second);
    const auto validation = ValidationRefusal(gpu.limits, f, v, params, c.launch, c.format);
    const bool integer_out = want.refusal.empty() && IsInteger(want.image.format());
    const double tolerance = v.agreement == Agreement::Exact ? 0.0
                             : integer_out                    ? f.tolerance.max_abs_u8
                                                              : f.tolerance.max_abs_f32;
    for (std::uint8_t poison : {std::uint8_t{0x00}, std::uint8_t{0xFF}}) {
      SCOPED_TRACE("poison 0x" + std::string(poison ? "FF" : "00"));
      cuda::DeviceImage in = test::UploadPoisoned(input, poison);
      cuda::DeviceImage in2;
      DeviceView in2_view;
      if (second) in2 = test::UploadPoisoned(*second, poison), in2_view = in2.view();
      cuda::DeviceImage out;
      if (want.refusal.empty()) out = test::PoisonedDeviceImage(want.image.shape(), poison);
      const std::uint8_t* out_before = out.empty() ? nullptr : out.view().data;
      cuda::DeviceBuffer scratch;
      try {
        cuda::RunCudaVariant(gpu.limits, f, v, params, c.launch, in.view(), out, scratch, gpu.stream.get(),
                             second ? &in2_view : nullptr);
        gpu.stream.Synchronize();  // a kernel fault surfaces here, as a RuntimeError naming the CUDA error
      } catch (const InputError& e) {
        if (!want.refusal.empty()) {  // the parameters do not apply to this size: both sides refuse
          ++Totals().not_applicable;
          break;
        }
        EXPECT_TRUE(validation.has_value()) << "refused, but the launch validation accepts it: " << e.what();
        // Refused before launch: the preallocated output is untouched.
        ASSERT_EQ(out.view().data, out_before) << "the output was reallocated before the refusal";
        EXPECT_EQ(test::BytesNotPoison(out.view(), poison), 0u) << "refused, but something wrote the output";
        refusals.push_back(e.what());
        break;
      }
      ASSERT_TRUE(want.refusal.empty()) << "the CPU oracle refused (" << want.refusal << ") but the variant ran";
      EXPECT_FALSE(validation.has_value()) << "ran although the validation refuses it: " << *validation;
      ASSERT_EQ(out.view().data, out_before) << "RunCudaVariant reallocated an output of the right shape";
      const Image got = gpu.transfer.Download(out.view(), gpu.stream.get());
      ASSERT_EQ(got.shape(), want.image.shape());
      if (v.agreement == Agreement::Exact) {
        EXPECT_TRUE(got == want.image) << "not bit-identical: " << test::Compare(got, want.image).Describe() << "; "
                                       << FirstMismatch(got, want.image);
      } else {
        const test::Difference d = test::Compare(got, want.image, tolerance);
        EXPECT_EQ(d.count, 0u) << "beyond tolerance " << tolerance << ": " << d.Describe() << "; "
                               << FirstMismatch(got, want.image);
      }
      ++compared;
    }
  }
  Totals().compared += compared;
  Totals().refused += refusals.size();
  for (const auto& r : refusals) {
    Totals().refusal_reasons.insert(r);
    std::cout << "[ refused  ] " << r << "\n";
  }
  if (compared == 0 && !refusals.empty()) GTEST_SKIP() << "refused by validation (expected): " << refusals.front();
}

INSTANTIATE_TEST_SUITE_P(Registry, VariantAgreement, ::testing::ValuesIn(BuildCases()),
                         [](const ::testing::TestParamInfo<VariantCase>& info) { return CaseName(info.param); });

}  // namespace
}  // namespace fl
