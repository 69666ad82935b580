#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "cuda/device_info.hpp"

namespace fl::cli {

Backend ChooseBackend(const std::string& requested) {
  if (requested == "cpu") return Backend::Cpu;
  if (requested == "cuda") {
    if (cuda::DeviceCount() == 0) throw RuntimeError("--backend cuda: " + cuda::NoDeviceReason());
    return Backend::Cuda;
  }
  if (!requested.empty()) throw InputError("--backend '" + requested + "' is not cuda or cpu");
  return cuda::DeviceCount() > 0 ? Backend::Cuda : Backend::Cpu;
}

}  // namespace fl::cli
