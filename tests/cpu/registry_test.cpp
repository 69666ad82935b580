// The registry: its own checks, its lookups and their errors, and the consistency of every built-in declaration
// (the CLI, presets, UI and GPU tests rely on each of these properties). Also: the CPU `openmp` variant of every
// filter is bit-identical to its `reference`, and both write every output pixel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <set>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "fake_registry.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const Registry& Builtin() { return BuiltinRegistry(); }

std::string Label(const FilterSpec& f, const VariantSpec& v) { return f.id + "/" + v.id; }

TEST(Registry, EveryFilterHasReferenceAndOpenmp) {
  for (const auto& f : Builtin().filters()) {
    EXPECT_NE(f.FindVariant("reference"), nullptr) << f.id;
    EXPECT_NE(f.FindVariant("openmp"), nullptr) << f.id;
    EXPECT_FALSE(f.teaching.empty()) << f.id;
    for (const auto& v : f.variants) EXPECT_FALSE(v.technique.empty()) << f.id << "/" << v.id;
  }
}

TEST(Registry, UnknownFilterNamesTheKnownOnes) {
  try {
    Builtin().Get("nope");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown filter 'nope'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("gray"), std::string::npos);
  }
}

TEST(Registry, LookupsAndTheirErrors) {
  const Registry& reg = test::FakeRegistry();
  EXPECT_EQ(reg.Find("blur"), &reg.Get("blur"));
  EXPECT_EQ(reg.Find("nope"), nullptr);
  const FilterSpec& blur = reg.Get("blur");
  EXPECT_EQ(&reg.GetVariant(blur, "naive"), blur.FindVariant("naive"));
  try {
    reg.GetVariant(blur, "fast");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "filter 'blur' has no variant 'fast' (variants: reference, openmp, broken, tiled, naive)");
  }
  EXPECT_EQ(reg.DefaultVariant(blur, Backend::Cpu).id, "openmp");
  EXPECT_EQ(reg.DefaultVariant(blur, Backend::Cuda).id, "tiled");  // `broken` comes first but is deliberately wrong
}

// Minimal declarations for the constructor's checks.
FilterSpec Minimal(const char* id) {
  FilterSpec f;
  f.id = id;
  VariantSpec ref;
  ref.id = "reference";
  ref.cpu = [](const CpuCall&) {};
  f.variants = {ref};
  return f;
}

std::string ConstructionError(std::vector<FilterSpec> filters) {
  try {
    Registry r(std::move(filters));
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "<accepted>";
}

TEST(Registry, RefusesInconsistentDeclarations) {
  EXPECT_EQ(ConstructionError({Minimal("a"), Minimal("b")}), "<accepted>");
  EXPECT_EQ(ConstructionError({Minimal("a"), Minimal("a")}), "filter 'a' is declared twice");
  FilterSpec twice = Minimal("a");
  twice.variants.push_back(twice.variants[0]);
  EXPECT_EQ(ConstructionError({twice}), "filter 'a' declares variant 'reference' twice");
  FilterSpec no_ref = Minimal("a");
  no_ref.variants[0].id = "openmp";
  EXPECT_EQ(ConstructionError({no_ref}), "filter 'a' declares no reference variant");
  FilterSpec no_launcher = Minimal("a");
  VariantSpec cuda;
  cuda.id = "naive";
  cuda.backend = Backend::Cuda;
  no_launcher.variants.push_back(cuda);
  EXPECT_EQ(ConstructionError({no_launcher}), "variant 'a/naive' has no launcher for its backend");
}

// ---- Every built-in declaration ----

bool IsIdentifier(const std::string& s) {
  if (s.empty() || !(s[0] >= 'a' && s[0] <= 'z')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

TEST(Declarations, IdsAreIdentifiers) {
  // Ids appear in stage specs (':' and '=' separate), file names (--save-stages) and test names.
  for (const FilterSpec& f : Builtin().filters()) {
    EXPECT_TRUE(IsIdentifier(f.id)) << "'" << f.id << "'";
    EXPECT_FALSE(f.name.empty()) << f.id;
    for (const VariantSpec& v : f.variants) EXPECT_TRUE(IsIdentifier(v.id)) << Label(f, v);
  }
}

TEST(Declarations, FormatsAreConsistent) {
  for (const FilterSpec& f : Builtin().filters()) {
    EXPECT_FALSE(f.accepts.empty()) << f.id;
    for (const VariantSpec& v : f.variants) {
      for (PixelFormat fmt : v.formats)
        EXPECT_TRUE(f.Accepts(fmt)) << Label(f, v) << " lists " << ToString(fmt) << " which the filter does not accept";
      EXPECT_TRUE(std::any_of(f.accepts.begin(), f.accepts.end(), [&](PixelFormat fmt) { return f.VariantAccepts(v, fmt); }))
          << Label(f, v) << " accepts no format";
    }
    for (PixelFormat fmt : f.accepts) {
      // The CPU variants are the oracle: they must take every format the filter accepts.
      EXPECT_TRUE(f.VariantAccepts(f.Reference(), fmt)) << f.id;
      EXPECT_TRUE(f.VariantAccepts(*f.FindVariant("openmp"), fmt)) << f.id;
      const ImageShape out = f.OutputShape({17, 13, fmt}, DefaultParams(f.params));
      EXPECT_NO_THROW(CheckImageShape(out)) << f.id;
    }
  }
}

// A variant with no code for some parameters in a format (VariantSpec::format_limit) runs its fallback for them in
// a pipeline: the fallback must have code for every one of them. Returns how many limited sets it checked.
int CheckFormatLimits(const Registry& reg) {
  int limited = 0;
  for (const FilterSpec& f : reg.filters())
    for (const VariantSpec& v : f.variants) {
      if (!v.format_limit) continue;
      std::vector<std::string> sets = {""};
      sets.insert(sets.end(), f.test_cases.begin(), f.test_cases.end());
      sets.insert(sets.end(), f.bench_cases.begin(), f.bench_cases.end());
      for (PixelFormat fmt : f.accepts)
        for (const std::string& set : sets) {
          const ParamValues p = test::ParamsFor(f, set);
          if (!f.VariantAccepts(v, fmt) || !v.format_limit(p, fmt)) continue;
          ++limited;
          EXPECT_FALSE(f.VariantRuns(v, p, fmt)) << Label(f, v);
          // A fallback may change with the image's size: a small and a large one.
          for (const ImageShape in : {ImageShape{17, 13, fmt}, test::LargeImage(fmt)}) {
            const std::string id = v.fallback_for ? v.fallback_for(p, in) : v.fallback;
            const VariantSpec* fallback = f.FindVariant(id);
            EXPECT_NE(fallback, nullptr) << Label(f, v) << ": a format limit and no fallback";
            if (fallback) {
              EXPECT_TRUE(f.VariantRuns(*fallback, p, fmt)) << Label(f, v) << " '" << set << "' " << ToString(fmt);
            }
          }
        }
    }
  return limited;
}

TEST(Declarations, FormatLimitsFallBackToAVariantThatRuns) {
  EXPECT_GT(CheckFormatLimits(Builtin()), 0) << "box fast at radius 17 and 64, gauss tensor at 32";
  EXPECT_GT(CheckFormatLimits(test::FakeRegistry()), 0) << "the fake tiled on rgba8 at radius 16 is one";
  // box fast, limited to rgba8 radius 4 until it had code for rgba8's wider aprons, now runs every radius.
  const FilterSpec& box = Builtin().Get("box");
  for (int r = 1; r <= 16; ++r)
    EXPECT_TRUE(box.VariantRuns(*box.FindVariant("fast"), test::ParamsFor(box, "radius=" + std::to_string(r)),
                                PixelFormat::Rgba8))
        << "radius " << r;
}

// Strip variants say which way their strips walk: box2x2's all walk down (its window is not symmetric), the others
// alternate.
TEST(Declarations, StripVariantsSayHowTheirStripsWalk) {
  const auto& technique = [](const char* filter) { return Builtin().Get(filter).FindVariant("fast")->technique; };
  EXPECT_NE(technique("box2x2").find("Every strip walks down"), std::string::npos);
  EXPECT_EQ(technique("box2x2").find("Odd strips walk up"), std::string::npos);
  for (const char* f : {"gauss3", "dilate3", "sobel", "dilate5", "box"})
    EXPECT_NE(technique(f).find("Odd strips walk up"), std::string::npos) << f;
}

TEST(Declarations, ParametersAreConsistent) {
  const std::set<std::string> launch_keys = {"variant", "block", "ppt", "halo", "smem"};
  for (const FilterSpec& f : Builtin().filters()) {
    std::set<std::string> names;
    for (const ParamSpec& p : f.params) {
      SCOPED_TRACE(f.id + "." + p.name);
      EXPECT_TRUE(IsIdentifier(p.name));
      EXPECT_TRUE(names.insert(p.name).second) << "declared twice";
      EXPECT_EQ(launch_keys.count(p.name), 0u) << "collides with a stage-spec key";
      EXPECT_FALSE(p.help.empty());
      if (p.type == ParamType::Choice) {
        EXPECT_FALSE(p.choices.empty());
      } else {
        EXPECT_LE(p.min, p.max);
      }
      EXPECT_NO_THROW(CheckParam(p, DefaultParams({p}).All().at(p.name))) << "the default is out of range";
    }
    const ParamSpec* with = f.FindParam("with");
    if (f.inputs == 2) {
      ASSERT_NE(with, nullptr) << f.id << " reads a second image but has no `with` parameter";
      EXPECT_EQ(with->type, ParamType::Choice);
      EXPECT_EQ(with->def_choice, "source") << f.id;
      EXPECT_NE(std::find(with->choices.begin(), with->choices.end(), "stage:N"), with->choices.end()) << f.id;
    } else {
      EXPECT_EQ(f.inputs, 1) << f.id;
      EXPECT_EQ(with, nullptr) << f.id << " has `with` but reads one image";
    }
  }
}

TEST(Declarations, TestCasesParseAndAreInRange) {
  for (const FilterSpec& f : Builtin().filters()) {
    std::set<std::string> seen;
    for (const std::string& c : f.test_cases) {
      SCOPED_TRACE(f.id + " test case '" + c + "'");
      EXPECT_TRUE(seen.insert(c).second) << "listed twice";
      ParamValues p;
      ASSERT_NO_THROW(p = test::ParamsFor(f, c));
      for (const ParamSpec& ps : f.params) EXPECT_NO_THROW(CheckParam(ps, p.All().at(ps.name)));
    }
  }
}

// Limits of a current data-centre GPU: every default launch must run there.
DeviceLimits TypicalLimits() {
  DeviceLimits l;
  l.max_smem_per_block_optin = 227 * 1024;
  return l;
}

TEST(Declarations, VariantsAreComplete) {
  for (const FilterSpec& f : Builtin().filters()) {
    int cuda_usable = 0;
    bool any_tolerance = false;
    for (const VariantSpec& v : f.variants) {
      SCOPED_TRACE(Label(f, v));
      EXPECT_FALSE(v.technique.empty());
      EXPECT_FALSE(v.expectation.empty());
      any_tolerance |= v.agreement == Agreement::Tolerance;
      if (v.backend == Backend::Cpu) {
        EXPECT_NE(v.cpu, nullptr);
        EXPECT_EQ(v.agreement, Agreement::Exact) << "CPU variants are the oracle";
        EXPECT_TRUE(v.id == "reference" || v.id == "openmp") << "an unexpected CPU variant";
        continue;
      }
      EXPECT_NE(v.cuda, nullptr);
      if (v.agreement != Agreement::KnownWrong) ++cuda_usable;
      if (v.uses.ppt) {
        EXPECT_LE(v.uses.ppt_min, v.defaults.ppt);
        EXPECT_LE(v.defaults.ppt, v.uses.ppt_max);
        EXPECT_GE(v.uses.ppt_min, 1);
      }
      if (v.uses.halo) {
        EXPECT_LE(v.uses.halo_min, v.defaults.halo);
        EXPECT_LE(v.defaults.halo, v.uses.halo_max);
        EXPECT_GE(v.uses.halo_min, 1);
      }
      for (PixelFormat fmt : f.accepts) {
        if (!f.VariantAccepts(v, fmt)) continue;
        SCOPED_TRACE(std::string(ToString(fmt)));
        const ParamValues params = DefaultParams(f.params);
        const std::size_t smem = v.smem_bytes ? v.smem_bytes(v.defaults, params, fmt) : 0;
        const auto why = CheckLaunch(TypicalLimits(), v.defaults, v.uses, smem);
        EXPECT_FALSE(why.has_value()) << "the default launch is refused: " << why.value_or("");
        if (v.check_launch) {
          const auto own = v.check_launch(v.defaults, params);
          EXPECT_FALSE(own.has_value()) << "the variant's own rule refuses its defaults: " << own.value_or("");
        }
        if (v.kernel) {
          EXPECT_NE(v.kernel(fmt, v.defaults, params), nullptr) << "kernel() gives no function for occupancy";
        }
      }
    }
    EXPECT_GE(cuda_usable, 1) << f.id << " has no CUDA variant to run by default";
    if (any_tolerance) {
      EXPECT_TRUE(f.tolerance.max_abs_u8 > 0 || f.tolerance.max_abs_f32 > 0.0f)
          << f.id << " has Tolerance variants but declares no tolerance";
    }
  }
}

// ---- reference == openmp, and every output pixel written ----

// Runs a CPU variant into an output that starts filled with `poison`, so a pixel it leaves unwritten shows.
Image RunIntoPoison(const FilterSpec& f, const VariantSpec& v, const ParamValues& params, const Image& in,
                    const Image* second, std::uint8_t poison) {
  const ImageShape s = f.OutputShape(in.shape(), params);
  Image out(s.width, s.height, s.format);
  std::memset(out.data(), poison, out.bytes());
  ImageView second_view;
  if (second) second_view = second->View();
  v.cpu(CpuCall{in.View(), out.MutableView(), params, second ? &second_view : nullptr});
  return out;
}

TEST(CpuVariants, OpenmpIsBitIdenticalToReferenceAndWritesEveryPixel) {
  int compared = 0;
  for (const FilterSpec& f : Builtin().filters()) {
    std::vector<std::string> cases = {""};
    cases.insert(cases.end(), f.test_cases.begin(), f.test_cases.end());
    const VariantSpec& ref = f.Reference();
    const VariantSpec& omp = *f.FindVariant("openmp");
    for (PixelFormat fmt : f.accepts)
      for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {67, 45}})
        for (const std::string& c : cases) {
          SCOPED_TRACE(f.id + " " + std::string(ToString(fmt)) + " " + std::to_string(w) + "x" + std::to_string(h) +
                       " '" + c + "'");
          const ParamValues params = test::ParamsFor(f, c);
          const Image in = test::RandomImage(w, h, fmt, 11u + w);
          const Image other = test::RandomImage(w, h, fmt, 29u + w);
          const Image* second = f.inputs == 2 ? &other : nullptr;
          Image expected;
          try {
            expected = RunCpuVariant(f, ref, params, in, second);
          } catch (const InputError&) {
            // The parameters do not apply to so small an input (e.g. a downscale of 1x1): both must refuse.
            EXPECT_THROW(RunCpuVariant(f, omp, params, in, second), InputError);
            continue;
          }
          // Compared byte for byte (Image::operator==), so that NaN outputs compare too.
          for (std::uint8_t poison : {std::uint8_t{0x00}, std::uint8_t{0xFF}}) {
            const Image r = RunIntoPoison(f, ref, params, in, second, poison);
            EXPECT_TRUE(r == expected) << "reference leaves pixels unwritten (poison " << int(poison)
                                       << "): " << test::Compare(r, expected).Describe();
            const Image o = RunIntoPoison(f, omp, params, in, second, poison);
            EXPECT_TRUE(o == expected) << "openmp differs from reference (poison " << int(poison)
                                       << "): " << test::Compare(o, expected).Describe();
          }
          ++compared;
        }
  }
  EXPECT_GT(compared, 0);
}

}  // namespace
}  // namespace fl
