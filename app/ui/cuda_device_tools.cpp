// DeviceTools on the CUDA backend: the display converter, the comparer and the difference image, each kept
// across frames so that their buffers are allocated once. The streams come with the outputs (StageOutput).
#include "app/ui/device_tools.hpp"

#include <array>
#include <chrono>
#include <optional>

#include "core/error.hpp"
#include "cuda/compare/device_metrics.hpp"
#include "cuda/compare/difference_map.hpp"
#include "cuda/display/display_convert.hpp"
#include "cuda/display/display_mips.hpp"
#include "cuda/owners.hpp"
#include "cuda/tune_timer.hpp"
#include "render/display_texture.hpp"

namespace fl::ui {
namespace {

// Surfaces over the mip levels of the texture being written, on the stack: a display write happens every frame
// while a person drags a parameter, and allocates nothing. Shared storage keeps its own surfaces (`handle` then
// points at them); a mapped texture gets new ones per write (`level`). 32 levels cover any int side.
struct LevelSurfaces {
  std::array<std::optional<render::ScopedSurface>, 32> level;
  std::array<cudaSurfaceObject_t, 32> handle{};
  int count = 0;
};
static_assert(cuda::MipLevelCount(0x7fffffff, 1) <= 32);

// A surface over every mip level of the texture being written (level 0 is w x h).
void MakeLevelSurfaces(const render::TextureCudaWrite& write, int w, int h, LevelSurfaces& out) {
  out.count = cuda::MipLevelCount(w, h);
  for (int l = 0; l < out.count; ++l) {
    const auto i = static_cast<std::size_t>(l);
    out.handle[i] = write.kept_surface(l);
    if (out.handle[i] == 0) out.handle[i] = out.level[i].emplace(write.level(l)).get();
  }
}

// Level 0 and, where the texture has one, level 1 (written beside it by the conversion).
void Convert(cuda::DisplayConverter& converter, const DeviceView& out, int step, cuda::ValueRange range,
             const LevelSurfaces& s, cudaStream_t stream) {
  if (s.count > 1)
    converter.ToSurfaceAndLevel1(out, step, range, s.handle[0], s.handle[1], stream);
  else
    converter.ToSurface(out, step, range, s.handle[0], stream);
}

// Levels 2 .. from level 1 (written with level 0), each from the one above: OpenGL then has no mipmaps to
// rebuild.
void WriteMipLevels(const LevelSurfaces& s, int w, int h, cudaStream_t stream) {
  if (s.count > 2)
    cuda::WriteMipChainRgba8(s.handle.data() + 1, s.count - 1, cuda::MipSide(w, 1), cuda::MipSide(h, 1), stream);
}

const DeviceView& DeviceOf(const StageOutput& out) {
  if (!out.device) throw RuntimeError("the output is not on the device");
  return *out.device;
}

cudaStream_t StreamOf(const StageOutput& out) { return static_cast<cudaStream_t>(out.stream); }

cuda::ValueRange ToCuda(HostRange r) { return {r.lo, r.hi, r.finite}; }

class CudaDeviceTools final : public DeviceTools {
 public:
  HostRange MinMax(const StageOutput& out) override {
    const cuda::ValueRange r = converter_.MinMax(DeviceOf(out), StreamOf(out));
    return {r.lo, r.hi, r.finite};
  }

  DisplayCost ToTexture(const StageOutput& out, int step, HostRange range,
                        const render::DisplayTexture& texture) override {
    const auto t0 = std::chrono::steady_clock::now();
    const int w = cuda::DisplaySide(DeviceOf(out).shape.width, step),
              h = cuda::DisplaySide(DeviceOf(out).shape.height, step);
    // Surfaces are made before the timed kernels (so that host work does not count as their time) and
    // released only after the stream has finished with them.
    LevelSurfaces levels;
    start_.Record(StreamOf(out));
    {
      render::TextureCudaWrite write(texture, StreamOf(out));
      MakeLevelSurfaces(write, w, h, levels);
      mapped_.Record(StreamOf(out));  // the conversion alone lies between these two
      Convert(converter_, DeviceOf(out), step, ToCuda(range), levels, StreamOf(out));
      converted_.Record(StreamOf(out));
      WriteMipLevels(levels, w, h, StreamOf(out));
      mipmapped_.Record(StreamOf(out));
      write.Finish();
    }
    stop_.Record(StreamOf(out));
    // The texture is drawn this frame anyway: waiting here costs nothing GL would not wait for, and makes the
    // wall time the whole cost of the display (the goal is <= 0.1 ms a frame).
    stop_.Synchronize();
    const auto t1 = std::chrono::steady_clock::now();
    return {std::chrono::duration<double, std::milli>(t1 - t0).count(), stop_.ElapsedMsSince(start_),
            converted_.ElapsedMsSince(mapped_), mipmapped_.ElapsedMsSince(converted_)};
  }

  Image ToHost(const StageOutput& out, int step, HostRange range) override {
    return converter_.ToHost(DeviceOf(out), step, ToCuda(range), StreamOf(out));
  }

  ImageMetrics Compare(const StageOutput& a, const StageOutput& b, double tolerance) override {
    return comparer_.Compare(DeviceOf(a), DeviceOf(b), tolerance, StreamOf(a));
  }

  StageOutput DifferenceMap(const StageOutput& out_a, const StageOutput& out_b, const DiffSettings& s) override {
    const DeviceView& a = DeviceOf(out_a);
    const ImageShape shape{a.shape.width, a.shape.height, PixelFormat::Rgba8};
    if (diff_.shape() != shape) diff_ = cuda::DeviceImage(shape);
    cuda::DiffMapSettings settings;
    settings.mode = s.kind == DiffKind::HeatMap ? cuda::DiffMode::HeatMap : cuda::DiffMode::MismatchMask;
    settings.gain = s.gain;
    settings.tolerance = s.tolerance;
    // The span the heat map scales by comes from a comparison of this same A.
    comparer_.Compare(a, DeviceOf(out_b), s.tolerance, StreamOf(out_a));
    settings.span_of_a = comparer_.span_of_a();
    cuda::WriteDifferenceMap(a, DeviceOf(out_b), diff_.view(), settings, StreamOf(out_a));
    return StageOutput{nullptr, diff_.view(), out_a.stream};
  }

  std::unique_ptr<TuneTimer> MakeTuneTimer(const StageOutput& in, const StageOutput* second) override {
    // On the input's stream, on this (the main) thread: the interop and the lab's runs stay untouched.
    const DeviceView second_view = second ? DeviceOf(*second) : DeviceView{};
    return std::make_unique<cuda::CudaTuneTimer>(DeviceOf(in), second ? &second_view : nullptr, StreamOf(in), true);
  }

 private:
  cuda::DisplayConverter converter_;
  // Around each display write, and around its conversion kernel and its mip levels inside the map.
  cuda::Event start_ = cuda::Event::Create(), stop_ = cuda::Event::Create();
  cuda::Event mapped_ = cuda::Event::Create(), converted_ = cuda::Event::Create();
  cuda::Event mipmapped_ = cuda::Event::Create();
  cuda::DeviceComparer comparer_;
  cuda::DeviceImage diff_;  // rgba8, A's size
};

}  // namespace

std::unique_ptr<DeviceTools> MakeCudaDeviceTools() { return std::make_unique<CudaDeviceTools>(); }

}  // namespace fl::ui
