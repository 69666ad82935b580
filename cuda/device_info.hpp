#pragma once
// What the CUDA runtime says about the device, as plain data.
#include <optional>
#include <string>

#include "core/launch_config.hpp"

namespace fl::cuda {

// The oldest GPUs the kernels run on: compute capability 8.0 (cp.async, tensor-core mma m16n8k16). The build refuses
// older architectures (CMakeLists.txt); on such a GPU the app runs on its CPU backend and says why.
constexpr int kMinComputeMajor = 8;
// Why a device of this compute capability cannot run the kernels, or empty when it can.
std::string UnsupportedComputeReason(const std::string& name, int major, int minor);

// The number of CUDA devices, or 0 when there is none, no driver, or the device the app uses (device 0) is older
// than kMinComputeMajor (never throws). Callers ask whether it is above 0.
int DeviceCount() noexcept;
// Why no device is usable ("no CUDA driver", "no CUDA device", a device too old), or empty when one is.
std::string NoDeviceReason();
// Limits of the current device; throws RuntimeError on failure.
DeviceLimits QueryDeviceLimits();

}  // namespace fl::cuda
