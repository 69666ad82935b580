#include "fake_registry.hpp"

#include <cstring>
#include <optional>
#include <string>

#include "core/error.hpp"

namespace fl::test {
namespace {

void Copy(const CpuCall& c) {
  for (int y = 0; y < c.in.height(); ++y)
    std::memcpy(c.out.Row<std::uint8_t>(y), c.in.Row<std::uint8_t>(y), c.in.shape.RowBytes());
}

void ToFloat(const CpuCall& c) {
  for (int y = 0; y < c.in.height(); ++y)
    for (int x = 0; x < c.in.width(); ++x) c.out.Row<float>(y)[x] = c.in.Row<std::uint8_t>(y)[x] / 255.0f;
}

void Threshold(const CpuCall& c) {
  const int level = c.params.Int("level");
  for (int y = 0; y < c.in.height(); ++y)
    for (int x = 0; x < c.in.width(); ++x)
      c.out.Row<std::uint8_t>(y)[x] = c.in.Row<std::uint8_t>(y)[x] >= level ? 255 : 0;
}

void Mix(const CpuCall& c) {
  const ImageView& b = *c.second;
  for (int y = 0; y < c.in.height(); ++y) {
    if (c.in.format() == PixelFormat::Gray32f) {
      for (int x = 0; x < c.in.width(); ++x)
        c.out.Row<float>(y)[x] = (c.in.Row<float>(y)[x] + b.Row<float>(y)[x]) / 2;
    } else {
      for (std::size_t i = 0; i < c.in.shape.RowBytes(); ++i)
        c.out.Row<std::uint8_t>(y)[i] =
            static_cast<std::uint8_t>((c.in.Row<std::uint8_t>(y)[i] + b.Row<std::uint8_t>(y)[i]) / 2);
    }
  }
}

void Shrink(const CpuCall& c) {
  const std::size_t bpp = BytesPerPixel(c.in.format());
  for (int y = 0; y < c.out.height(); ++y)
    for (int x = 0; x < c.out.width(); ++x)
      std::memcpy(c.out.Row<std::uint8_t>(y) + x * bpp, c.in.Row<std::uint8_t>(2 * y) + 2 * x * bpp, bpp);
}

ImageShape ShrinkOutput(const ImageShape& in, const ParamValues&) {
  if (in.width < 2 || in.height < 2) throw InputError("shrink needs an input of at least 2x2");
  return {in.width / 2, in.height / 2, in.format};
}

ImageShape FloatOutput(const ImageShape& in, const ParamValues&) { return {in.width, in.height, PixelFormat::Gray32f}; }

// tiled's launch for its parameters: longer strips from radius 8, taller blocks for rgba8.
LaunchConfig TiledDefaults(const LaunchConfig& d, const ParamValues& p, const ImageShape& in) {
  LaunchConfig l = d;
  if (p.Int("radius") >= 8) l.ppt = 4;
  if (in.format == PixelFormat::Rgba8) l.block_y = 32;
  return l;
}

// tiled has no rgba8 code beyond radius 8 (VariantSpec::format_limit); there a pipeline runs naive, and gray32f,
// which tiled lacks altogether, has no fallback.
std::optional<std::string> TiledFormatLimit(const ParamValues& p, PixelFormat in) {
  if (in == PixelFormat::Rgba8 && p.Int("radius") > 8)
    return "tiled serves rgba8 up to radius 8, not " + std::to_string(p.Int("radius"));
  return std::nullopt;
}
std::string TiledFallback(const ParamValues&, const ImageShape& in) {
  return in.format == PixelFormat::Rgba8 ? "naive" : "";
}
// blur's naive keeps a float per byte of the image in scratch, so that a fallback's scratch can be seen.
std::size_t NaiveScratch(const ImageShape& in, const ParamValues&) { return in.RowBytes() * in.height * 4; }

void NeverLaunched(const CudaCall&) { throw RuntimeError("the fake registry's CUDA variants are not launchable"); }

VariantSpec Cpu(const char* id, CpuFilterFn fn) {
  VariantSpec v;
  v.id = id;
  v.backend = Backend::Cpu;
  v.technique = "test";
  v.cpu = fn;
  return v;
}

VariantSpec Cuda(const char* id, LaunchUse uses, LaunchConfig defaults, Agreement agreement = Agreement::Exact) {
  VariantSpec v;
  v.id = id;
  v.backend = Backend::Cuda;
  v.technique = "test";
  v.uses = uses;
  v.defaults = defaults;
  v.agreement = agreement;
  v.cuda = NeverLaunched;
  return v;
}

ParamSpec Number(const char* name, ParamType type, double min, double max, double def, bool min_exclusive = false) {
  ParamSpec p;
  p.name = name;
  p.type = type;
  p.min = min;
  p.max = max;
  p.def = def;
  p.min_exclusive = min_exclusive;
  return p;
}

ParamSpec Choice(const char* name, std::vector<std::string> choices, const char* def) {
  ParamSpec p;
  p.name = name;
  p.type = ParamType::Choice;
  p.choices = std::move(choices);
  p.def_choice = def;
  return p;
}

FilterSpec Filter(const char* id, std::vector<PixelFormat> accepts, CpuFilterFn fn) {
  FilterSpec f;
  f.id = id;
  f.name = id;
  f.teaching = "test";
  f.accepts = std::move(accepts);
  f.variants = {Cpu("reference", fn), Cpu("openmp", fn), Cuda("naive", {.block = true}, {})};
  return f;
}

std::vector<FilterSpec> Declarations() {
  const std::vector<PixelFormat> all = {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f};

  FilterSpec blur = Filter("blur", all, Copy);
  blur.params = {Number("radius", ParamType::Int, 0, 16, 2), Number("sigma", ParamType::Float, 0, 10, 1.5, true),
                 Choice("mode", {"fast", "exact"}, "fast")};
  VariantSpec tiled = Cuda("tiled",
                           {.block = true, .ppt = true, .smem = true, .halo = true, .ppt_min = 1, .ppt_max = 8,
                            .halo_min = 1, .halo_max = 4},
                           {16, 16, 2, true, 2}, Agreement::Tolerance);
  tiled.formats = {PixelFormat::Gray8, PixelFormat::Rgba8};
  tiled.defaults_for = TiledDefaults;
  tiled.defaults_rule = "ppt 4 from radius 8; block 16x32 for rgba8";
  tiled.format_limit = TiledFormatLimit;
  tiled.fallback_for = TiledFallback;
  tiled.fallback_rule = "rgba8 beyond radius 8, `naive`";
  VariantSpec naive = Cuda("naive", {.block = true}, {});
  naive.scratch_bytes = NaiveScratch;
  blur.variants = {Cpu("reference", Copy), Cpu("openmp", Copy),
                   Cuda("broken", {.block = true}, {}, Agreement::KnownWrong), tiled, naive};
  blur.tolerance = {1, 1e-5f};
  blur.test_cases = {"radius=0", "radius=16:sigma=10:mode=exact"};

  FilterSpec tofloat = Filter("tofloat", {PixelFormat::Gray8}, ToFloat);
  tofloat.output = FloatOutput;

  FilterSpec threshold = Filter("threshold", {PixelFormat::Gray8}, Threshold);
  threshold.params = {Number("level", ParamType::Int, 0, 255, 128)};

  FilterSpec mix = Filter("mix", all, Mix);
  mix.inputs = 2;
  mix.params = {Choice("with", {"source", "stage:N"}, "source"), Number("weight", ParamType::Float, 0, 1, 0.5)};

  FilterSpec shrink = Filter("shrink", all, Shrink);
  shrink.output = ShrinkOutput;

  return {blur, tofloat, threshold, mix, shrink};
}

}  // namespace

const Registry& FakeRegistry() {
  static const Registry registry(Declarations());
  return registry;
}

}  // namespace fl::test
