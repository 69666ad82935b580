#pragma once
// A variant's launch policy as a plain printable value, and the device limits it is validated against.
#include <cstddef>
#include <optional>
#include <string>

namespace fl {

struct LaunchConfig {
  int block_x = 32;
  int block_y = 8;
  int ppt = 1;        // pixels (or results) per thread
  bool smem = true;   // use shared memory, where the variant offers the choice
  int halo = 1;       // halo steps: apron width in blocks (separable convolution), where it applies
  bool operator==(const LaunchConfig&) const = default;
};

// Which launch fields a variant reads; the others are ignored and not shown.
struct LaunchUse {
  bool block = false;
  bool ppt = false;
  bool smem = false;
  bool halo = false;
  int ppt_min = 1;
  int ppt_max = 1;
  int halo_min = 1;
  int halo_max = 1;
};

// The name of the limits used when no device is at hand (PortableCudaLimits in core/plan.hpp).
inline constexpr const char* kAnyCudaDevice = "any CUDA device";

// What the device allows, read once from the CUDA runtime (cuda/device_info) and kept as plain data so that the
// validation below is testable without a GPU.
struct DeviceLimits {
  std::string name;
  int max_threads_per_block = 1024;
  int max_block_x = 1024;
  int max_block_y = 1024;
  std::size_t max_smem_per_block = 48 * 1024;        // without opting in
  std::size_t max_smem_per_block_optin = 48 * 1024;  // with cudaFuncAttributeMaxDynamicSharedMemorySize
  int warp_size = 32;
  int sm_count = 0;
  int max_threads_per_sm = 2048;
  std::size_t smem_per_sm = 0;
  int regs_per_sm = 65536;
  int compute_major = 0;
  int compute_minor = 0;
  std::size_t global_mem = 0;
  // For the occupancy explanation (core/occupancy.hpp); defaults are compute capability 9.0's.
  int max_blocks_per_sm = 32;
  int regs_per_block = 65536;
  std::size_t reserved_smem_per_block = 1024;  // the driver's, per block, from compute capability 8.0
};

// Which launch fields a person chose (stage spec, preset, editor, tuner), as bits of a stage's `launch_set`:
// those keep their value, the others follow the variant's default for the stage's parameters and input.
enum LaunchBits : unsigned { kSetBlock = 1u, kSetPpt = 2u, kSetHalo = 4u, kSetSmem = 8u, kSetAll = 15u };
// `defaults` with the fields of `set` taken from `chosen`.
LaunchConfig MergeLaunch(const LaunchConfig& defaults, const LaunchConfig& chosen, unsigned set);
// The bits of the fields in which a and b differ.
unsigned ChangedFields(const LaunchConfig& a, const LaunchConfig& b);
// The bits of the fields a variant reads: a field it ignores is never recorded as set, so a preset or spec
// saved and loaded again is the same.
unsigned UsedFields(const LaunchUse& use);
// The names of the fields in a set of kSet... bits, in declaration order: "block, ppt".
std::string LaunchFieldNames(unsigned fields);

std::string FormatBlock(const LaunchConfig& c);  // "32x8"
// Parses "32x8"; throws InputError naming the text.
void ParseBlock(const std::string& text, LaunchConfig& c);
std::string Describe(const LaunchConfig& c, const LaunchUse& use);  // "block 32x8, ppt 4, smem on"

// Returns a reason a person can read when the configuration cannot run on the device, else nullopt.
// smem_bytes is the shared memory the variant needs for this configuration.
std::optional<std::string> CheckLaunch(const DeviceLimits& limits, const LaunchConfig& c, const LaunchUse& use,
                                       std::size_t smem_bytes);

}  // namespace fl
