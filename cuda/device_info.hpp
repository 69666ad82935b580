#pragma once
// What the CUDA runtime says about the device, as plain data.
#include <optional>
#include <string>

#include "core/launch_config.hpp"

namespace fl::cuda {

// The number of CUDA devices, or 0 when there is none or no driver (never throws).
int DeviceCount() noexcept;
// Why no device is usable ("no CUDA driver", "no CUDA device"), or empty when one is.
std::string NoDeviceReason();
// Limits of the current device; throws RuntimeError on failure.
DeviceLimits QueryDeviceLimits();

}  // namespace fl::cuda
