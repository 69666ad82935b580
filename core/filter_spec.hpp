#pragma once
// One declaration per filter: what it is, what it accepts and produces, its parameters and its variants.
// Everything else (CLI, presets, UI, tests, benchmarks) enumerates these declarations.
//
// This header is plain C++: CUDA launchers are referenced through function pointers whose arguments carry no
// CUDA types (the stream travels as void*), so core/ stays free of the CUDA runtime while a declaration still
// names the function that launches each variant.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/image.hpp"
#include "core/launch_config.hpp"
#include "core/params.hpp"
#include "core/strip_tiers.hpp"

namespace fl {

enum class Backend { Cpu, Cuda };
std::string_view ToString(Backend b);

// Arguments of a CPU variant. `second` is the other input of two-input filters (add, sub, absdiff).
struct CpuCall {
  ImageView in;
  MutableImageView out;
  const ParamValues& params;
  const ImageView* second = nullptr;
};
using CpuFilterFn = void (*)(const CpuCall&);

// A pitched image in device memory.
struct DeviceView {
  std::uint8_t* data = nullptr;
  ImageShape shape;
  std::size_t pitch = 0;
};

// Arguments of a CUDA variant. The launcher enqueues its kernels on `stream` (a cudaStream_t) and checks every
// launch, throwing RuntimeError with the CUDA error text on failure.
struct CudaCall {
  DeviceView in;
  DeviceView out;
  const ParamValues& params;
  LaunchConfig launch;
  void* stream = nullptr;
  const DeviceView* second = nullptr;
  void* scratch = nullptr;  // scratch_bytes() bytes of device memory, when the variant asks for it
  std::size_t scratch_bytes = 0;
  // The grid of the variant's (main) kernel, computed by the plan from the footprint the variant declares
  // (VariantSpec::footprint: the output tile one block covers), so the launch and the viewer's launch-grid
  // overlay read one declaration. With a tail (the plan's, PlannedStage::tail) the launcher adds rows of blocks for
  // the last wave's shorter strips (core/strip_tiers.hpp), which the overlay draws from the same rule.
  unsigned grid_x = 0, grid_y = 0;
  TailRule tail;
};
using CudaLaunchFn = void (*)(const CudaCall&);
// Dynamic shared memory one block needs; used to validate the configuration before launch.
using SmemBytesFn = std::size_t (*)(const LaunchConfig&, const ParamValues&, PixelFormat);
// Device scratch memory the variant needs (e.g. the intermediate of a two-pass filter).
using ScratchBytesFn = std::size_t (*)(const ImageShape& in, const ParamValues&);
// The main kernel's function pointer (as `const void*`), for cudaFuncGetAttributes and the occupancy API.
using KernelFn = const void* (*)(PixelFormat, const LaunchConfig&, const ParamValues&);
// A variant's own launch rule beyond the device limits (e.g. an apron that must cover the radius): why this
// configuration cannot serve these parameters, or nullopt. The executor calls it before launching anything.
using LaunchCheckFn = std::optional<std::string> (*)(const LaunchConfig&, const ParamValues&);
// A variant's default launch for these parameters and this input (its format and size), where one launch does not
// suit them all (box `fast` at large radii wants longer strips, gauss `tensor` narrower blocks on small gray8
// images): `defaults` adjusted. Measured rules only.
using LaunchDefaultsFn = LaunchConfig (*)(const LaunchConfig& defaults, const ParamValues&, const ImageShape& in);
// The fallback variant's id for these parameters and this input (its format, and its size where the faster code
// changes with it; see VariantSpec::fallback).
using FallbackFn = std::string (*)(const ParamValues&, const ImageShape& in);
// Why a variant has no code for these parameters in this input format, or nullopt (VariantSpec::format_limit).
using FormatLimitFn = std::optional<std::string> (*)(const ParamValues&, PixelFormat in);

// What one block of a CUDA variant computes and reads, for the viewer's launch-grid overlay: the output tile
// (in pixels) one block writes, and the halo (in pixels, on every side) it reads beyond that tile.
struct BlockFootprint {
  int tile_w = 0, tile_h = 0;
  int halo = 0;
};
// A variant's footprint for this configuration, parameters and input format (the format matters to variants
// that move a fixed number of bytes per thread).
using FootprintFn = BlockFootprint (*)(const LaunchConfig&, const ParamValues&, PixelFormat in);
// Whether a variant's launcher takes the tail strips for these parameters and input format, how much shorter they
// are (the divisor of TailRowsFor, 0 for none) and how many rows they cover (core/strip_tiers.hpp; VariantSpec::tail).
using TailRuleFn = TailRule (*)(const ParamValues&, PixelFormat in);

// How a variant's output relates to the CPU reference; the tests read this.
enum class Agreement {
  Exact,        // bit-identical (integer filters)
  Tolerance,    // within FilterSpec::tolerance (float arithmetic in a different order)
  KnownWrong,   // deliberately wrong, to teach something (e.g. a tile without its halo)
};

// Where a CUDA variant's code is, for the kernel source view: a file of cuda/filters/ (embedded in the binary at
// build time, so the view shows what was compiled) and the functions to show, the main kernel first (a CUDA kernel
// function, or the stencil struct a strip kernel is instantiated with; it must be in `file`), then helpers or a
// second pass (looked up in `file` first, then in the other embedded sources, cuda/*.cuh included).
struct KernelSource {
  std::string file;                    // "gauss3.cu"
  std::vector<std::string> functions;  // {"Gauss3Naive"}
};

struct VariantSpec {
  std::string id;
  Backend backend = Backend::Cpu;
  std::string technique;    // what the variant does, in one or two sentences
  std::string expectation;  // what to expect from it and why
  LaunchUse uses;           // which launch fields apply
  LaunchConfig defaults;
  // nullptr: `defaults` serves every parameter set. Otherwise the launch a stage gets until a person sets one
  // (DefaultLaunch); `defaults_rule` says in a few words what changes and why, for the list and the editor.
  LaunchDefaultsFn defaults_for = nullptr;
  std::string defaults_rule;
  Agreement agreement = Agreement::Exact;
  std::vector<PixelFormat> formats;      // input formats it has code for; empty: all the filter accepts
  std::vector<PixelFormat> out_formats;  // output formats it can write; empty: whatever the filter produces
  // In a pipeline, the variant that runs instead for a format this one has no code for (with a note saying so),
  // so that a new stage's default variant works on every format the filter accepts. Empty: refused instead.
  std::string fallback;
  // nullptr: `fallback` serves every parameter set. Otherwise it picks the fallback instead of `fallback` (e.g. by
  // radius and image size, where the fastest code for the format changes with them); `fallback_rule` says how, for
  // the docs.
  FallbackFn fallback_for = nullptr;
  std::string fallback_rule;
  // nullptr: it has code for every parameter set in each of `formats`. Otherwise the parameters it has no code for
  // in a format (box `fast` beyond radius 16, gauss `tensor` beyond 8), treated as a format it lacks: its fallback
  // runs in a pipeline.
  FormatLimitFn format_limit = nullptr;
  CpuFilterFn cpu = nullptr;
  CudaLaunchFn cuda = nullptr;
  SmemBytesFn smem_bytes = nullptr;
  ScratchBytesFn scratch_bytes = nullptr;
  KernelFn kernel = nullptr;
  LaunchCheckFn check_launch = nullptr;  // nullptr: the device limits are the only rule
  FootprintFn footprint = nullptr;       // nullptr: one pixel per thread, no halo (see FootprintOf)
  // Its launcher puts the rows of the grid's last wave in shorter strips (a quarter or half as tall:
  // core/strip_tiers.hpp), so the viewer draws those bands shorter. The footprint is then one main-tier block. It
  // says for which parameters (nullptr: none), how much shorter and how many rows; the plan decides once per stage
  // (PlannedStage::tail).
  TailRuleFn tail = nullptr;
  KernelSource source;                   // CUDA variants: where the kernel is (filters/kernel_sources.hpp)
};

// The launch a stage of v runs with until a person sets one: v.defaults_for's choice for these parameters and
// this input (its format, and for some rules its size), or v.defaults.
LaunchConfig DefaultLaunch(const VariantSpec& v, const ParamValues& p, const ImageShape& in);

// The footprint the viewer draws: the variant's own, or, when it declares none, one pixel per thread
// (block_x x block_y pixels per block, no halo).
BlockFootprint FootprintOf(const VariantSpec& v, const LaunchConfig& c, const ParamValues& p, PixelFormat in);

struct Tolerance {
  int max_abs_u8 = 0;           // integer outputs
  float max_abs_f32 = 0.0f;     // float outputs, absolute
};

// Output shape for an input shape; throws InputError when the parameters make no sense for that input.
using OutputShapeFn = ImageShape (*)(const ImageShape& in, const ParamValues&);

struct FilterSpec {
  std::string id;
  std::string name;
  std::string teaching;  // what the filter is and what its variants teach
  std::vector<PixelFormat> accepts;
  OutputShapeFn output = nullptr;  // nullptr: same shape as the input
  std::vector<ParamSpec> params;
  std::vector<VariantSpec> variants;  // includes the CPU `reference` (the oracle) and `openmp`
  Tolerance tolerance;
  int inputs = 1;  // 2 for filters that read a second image (param `with`)
  // A format conversion (gray): what the lab offers to put before a stage that refuses its input's format.
  bool converts_format = false;
  // Parameter sets the tests run besides the defaults, in the CLI's key=value form joined by ':'
  // (e.g. "radius=1:sigma=0.5"). Declaring them here is how a filter's edge cases get tested.
  std::vector<std::string> test_cases;
  // Parameter sets `filterlab bench --suite` measures besides the defaults (same form), e.g. a larger radius.
  std::vector<std::string> bench_cases;

  const VariantSpec* FindVariant(std::string_view id) const;
  const VariantSpec& Reference() const;  // the `reference` variant; every filter has one
  // The CPU backend's default: `openmp` (the reference's code on every core, bit-identical) where declared.
  const VariantSpec& CpuDefault() const;
  bool Accepts(PixelFormat f) const;
  bool VariantAccepts(const VariantSpec& v, PixelFormat f) const;
  // Whether v has code for this input format with these parameters (VariantAccepts and its format_limit).
  bool VariantRuns(const VariantSpec& v, const ParamValues& p, PixelFormat f) const;
  // Whether v has code for this input format and writes this output format.
  bool VariantServes(const VariantSpec& v, PixelFormat in, PixelFormat out) const;
  ImageShape OutputShape(const ImageShape& in, const ParamValues& p) const;
  const ParamSpec* FindParam(std::string_view name) const;
};

std::string FormatList(const std::vector<PixelFormat>& formats);  // "gray8, rgba8"

}  // namespace fl
