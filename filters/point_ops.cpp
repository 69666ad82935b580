// Declarations of the point operations: brightness_contrast, invert, threshold and the two-input add, sub,
// absdiff. One helper builds every one of them from its functor (core/cpu/point_ops_math.hpp): the CPU variants
// and the four CUDA layouts are the same for all point ops; only the per-channel formula differs.
#include "core/cpu/point_ops.hpp"
#include "cuda/filters/point_ops.hpp"
#include "filters/declarations.hpp"
#include "filters/kernel_sources.hpp"
#include "filters/footprints.hpp"

namespace fl::filters {
namespace {

const char* const kPointTeaching =
    " A point operation: each output channel depends on the same channel of the same pixel (of one or two "
    "images), so the work is a few instructions per byte and the kernel is limited by memory bandwidth. The "
    "variants compute the same thing and differ only in how threads map to bytes: one pixel per thread, several "
    "pixels per thread, or 16-byte vector loads and stores.";

VariantSpec PointCuda(const std::string& id, std::string technique, std::string expectation,
                      cuda::PointLaunchers fns, FootprintFn footprint = nullptr) {
  VariantSpec v = CudaVariant(id, std::move(technique), std::move(expectation), fns.launch, fns.kernel);
  v.footprint = footprint;
  return v;
}

template <typename Op>
std::vector<VariantSpec> PointVariants() {
  using cuda::PointLayout;
  return {
      CpuReference(cpu::PointOpReference<Op>),
      CpuOpenmp(cpu::PointOpOpenmp<Op>),
      PointCuda("naive",
                "One thread per pixel: one load per input (1 byte for gray8, 4 for rgba8) and one store of the "
                "same width.",
                "For gray8 every thread moves a byte or two, so index arithmetic and many narrow memory "
                "instructions keep it below the copy bandwidth; for rgba8 it comes closer.",
                cuda::PointOpLaunchers<Op>(PointLayout::Naive)),
      PointCuda("ppt2x2",
                "Four pixels per thread, in a 2x2 pattern whose pixels lie a block width and a block height "
                "apart, so at every step a warp still reads 32 consecutive pixels (coalesced).",
                "A quarter as many threads with the index arithmetic shared by four pixels and more loads in "
                "flight per thread: a little faster than naive for gray8, about the same for rgba8.",
                cuda::PointOpLaunchers<Op>(PointLayout::Ppt2x2), TileFootprint<2, 2, 0>),
      PointCuda("ppt4x4",
                "Sixteen pixels per thread in a 4x4 pattern, a block width and height apart like ppt2x2.",
                "Gains stop once enough loads are in flight to hide memory latency; on small images the grid "
                "has too few blocks to fill every SM, so it can be slower than ppt2x2: more work per thread is "
                "not always better.",
                cuda::PointOpLaunchers<Op>(PointLayout::Ppt4x4), TileFootprint<4, 4, 0>),
      PointCuda("vec4",
                "16 bytes of a row per thread (16 gray or 4 RGBA pixels): one 128-bit load per input and one "
                "128-bit store; the pitched rows start 512-byte aligned, and the row's last partial group goes "
                "byte by byte. Each 32-bit word goes through the operation at once where it has a word form "
                "(cuda/filters/point_words.cuh): packed byte instructions for threshold, add, sub and absdiff; "
                "for brightness a byte permute instead of the byte-to-float conversion, and the clamp on two "
                "pixels' 16-bit lanes per instruction.",
                "The widest transactions a thread can issue and the fewest instructions per byte: expect the "
                "best bandwidth of the four, close to a device-to-device copy.",
                cuda::PointOpLaunchers<Op>(PointLayout::Vec4), RowBytesFootprint<16>),
  };
}

ParamSpec WithParam() {
  ParamSpec p;
  p.name = "with";
  p.type = ParamType::Choice;
  p.choices = {"source", "stage:N"};
  p.def_choice = "source";
  p.help = "the second image: the pipeline's input (source) or the output of an earlier stage N";
  return p;
}

template <typename Op>
FilterSpec PointOpFilter(std::string name, std::string teaching, std::vector<ParamSpec> params,
                         std::vector<std::string> test_cases) {
  FilterSpec f;
  f.id = Op::kId;
  f.name = std::move(name);
  f.teaching = std::move(teaching) + kPointTeaching;
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};
  f.params = std::move(params);
  if constexpr (Op::kInputs == 2) {
    f.inputs = 2;
    f.params.push_back(WithParam());
  }
  f.variants = PointVariants<Op>();
  f.test_cases = std::move(test_cases);
  SetSources(f, {{"naive", {"point_ops.cu", {"PointNaive"}}},
                 {"ppt2x2", {"point_ops.cu", {"PointTile"}}},
                 {"ppt4x4", {"point_ops.cu", {"PointTile"}}},
                 {"vec4", {"point_ops.cu", {"WordOf", "PointVec4"}}}});
  return f;
}

ParamSpec NumberParam(std::string name, ParamType type, double min, double max, double def, std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.type = type;
  p.min = min;
  p.max = max;
  p.def = def;
  p.help = std::move(help);
  return p;
}

}  // namespace

static FilterSpec DeclareBrightnessContrast() {
  return PointOpFilter<point::BrightnessContrast>(
      "Brightness and contrast",
      "out = clamp(rint(alpha * in + beta), 0, 255) on every channel, alpha included. The float arithmetic is "
      "one fused multiply-add (fmaf) on both CPU and GPU: if one compiler contracted alpha*in+beta into an FMA "
      "and the other did not, the two would round differently and the GPU would no longer be bit-exact. The "
      "rounding is one float addition, not rintf and a float-to-int conversion: the clamped value plus 2^23 "
      "lands where floats are the integers, rounds there (halves to even, as rint) and leaves the byte in the "
      "low bits. rintf and the conversion run at a quarter of the GPU's rate and set the kernel's time.",
      {NumberParam("alpha", ParamType::Float, 0, 8, 1.2, "contrast: the gain applied to every channel"),
       NumberParam("beta", ParamType::Float, -255, 255, 10, "brightness: the offset added after the gain")},
      // Saturation at both ends, exact halves (rint rounds them to even), and the identity.
      {"alpha=2.5:beta=-40", "alpha=0:beta=255", "alpha=8:beta=-255", "alpha=0.5:beta=0.5", "alpha=1:beta=0"});
}

static FilterSpec DeclareInvert() {
  return PointOpFilter<point::Invert>("Invert", "out = 255 - in on every channel, alpha included.", {}, {});
}

static FilterSpec DeclareThreshold() {
  return PointOpFilter<point::Threshold>(
      "Threshold", "out = in > t ? 255 : 0 on every channel, alpha included.",
      {NumberParam("t", ParamType::Int, 0, 255, 128, "channels above t become 255, the others 0")},
      {"t=0", "t=255", "t=127"});
}

static FilterSpec DeclareAdd() {
  return PointOpFilter<point::Add>(
      "Add (saturating)",
      "out = min(in + with, 255) on every channel: the stage's input plus a second image (param with).", {}, {});
}

static FilterSpec DeclareSub() {
  return PointOpFilter<point::Sub>(
      "Subtract (saturating)",
      "out = max(in - with, 0) on every channel: the stage's input minus a second image (param with).", {}, {});
}

static FilterSpec DeclareAbsdiff() {
  return PointOpFilter<point::Absdiff>(
      "Absolute difference",
      "out = |in - with| on every channel: where two images differ, e.g. a stage's output against the source.",
      {}, {});
}

FL_REGISTER_FILTER(50, DeclareBrightnessContrast);
FL_REGISTER_FILTER(51, DeclareInvert);
FL_REGISTER_FILTER(52, DeclareThreshold);
FL_REGISTER_FILTER(60, DeclareAdd);
FL_REGISTER_FILTER(61, DeclareSub);
FL_REGISTER_FILTER(62, DeclareAbsdiff);

}  // namespace fl::filters
