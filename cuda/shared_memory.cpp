#include "cuda/shared_memory.hpp"

#include <cuda.h>
#include <unistd.h>

#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {
namespace {

// The driver API functions this file uses, looked up once (their ABI as of CUDA 12.0).
struct DriverVmm {
  decltype(&::cuMemGetAllocationGranularity) granularity = nullptr;
  decltype(&::cuMemCreate) create = nullptr;
  decltype(&::cuMemRelease) release = nullptr;
  decltype(&::cuMemExportToShareableHandle) export_handle = nullptr;
  std::string missing;  // why the lookup failed, empty when every function was found
};

const DriverVmm& Vmm() {
  static const DriverVmm vmm = [] {
    DriverVmm d;
    auto find = [&d](const char* name, auto& fn) {
      void* p = nullptr;
      cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
      const cudaError_t err = cudaGetDriverEntryPointByVersion(name, &p, 12000, cudaEnableDefault, &found);
      if (err != cudaSuccess || found != cudaDriverEntryPointSuccess || !p) {
        cudaGetLastError();  // a failed lookup must not poison the next checked call
        if (d.missing.empty()) d.missing = std::string("the driver offers no ") + name;
        return;
      }
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(p);
    };
    find("cuMemGetAllocationGranularity", d.granularity);
    find("cuMemCreate", d.create);
    find("cuMemRelease", d.release);
    find("cuMemExportToShareableHandle", d.export_handle);
    return d;
  }();
  if (!vmm.missing.empty()) throw RuntimeError("shared display memory: " + vmm.missing);
  return vmm;
}

void CheckDriver(CUresult r, const char* what) {
  if (r != CUDA_SUCCESS) throw RuntimeError(std::string("shared display memory: ") + what + " failed (CUresult " +
                                            std::to_string(static_cast<int>(r)) + ")");
}

CUmemAllocationProp ExportableProp() {
  int device = 0;
  FL_CUDA_CHECK(cudaGetDevice(&device));
  CUmemAllocationProp prop{};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  return prop;
}

}  // namespace

OwnedFd& OwnedFd::operator=(OwnedFd&& o) noexcept {
  if (this != &o) {
    if (fd_ >= 0) close(fd_);
    fd_ = std::exchange(o.fd_, -1);
  }
  return *this;
}

OwnedFd::~OwnedFd() {
  if (fd_ >= 0) close(fd_);
}

ExportableMemory ExportableMemory::Allocate(std::size_t bytes) {
  const DriverVmm& vmm = Vmm();
  const CUmemAllocationProp prop = ExportableProp();
  std::size_t granularity = 0;
  CheckDriver(vmm.granularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM), "cuMemGetAllocationGranularity");
  if (granularity == 0) granularity = 1;
  if (bytes == 0 || bytes > (std::size_t{1} << 40)) throw RuntimeError("shared display memory: no such size");
  ExportableMemory m;
  m.size_ = (bytes + granularity - 1) / granularity * granularity;
  CUmemGenericAllocationHandle handle = 0;
  CheckDriver(vmm.create(&handle, m.size_, &prop, 0), "cuMemCreate");
  m.handle_ = handle;
  return m;
}

ExportableMemory& ExportableMemory::operator=(ExportableMemory&& o) noexcept {
  if (this != &o) {
    Reset();
    handle_ = std::exchange(o.handle_, 0);
    size_ = std::exchange(o.size_, 0);
  }
  return *this;
}

void ExportableMemory::Reset() noexcept {
  // A handle exists only after Vmm() succeeded, so the lookup cannot throw here.
  if (handle_ != 0 && Vmm().release(handle_) != CUDA_SUCCESS)
    LogReleaseError(cudaErrorUnknown, "cuMemRelease of the shared display memory");
  handle_ = 0;
  size_ = 0;
}

OwnedFd ExportableMemory::Export() const {
  if (handle_ == 0) throw RuntimeError("shared display memory: nothing to export");
  int fd = -1;
  CheckDriver(Vmm().export_handle(&fd, handle_, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
              "cuMemExportToShareableHandle");
  return OwnedFd(fd);
}

ImportedMipmappedArray ImportedMipmappedArray::Import(OwnedFd fd, std::size_t size, int width, int height,
                                                      int levels) {
  ImportedMipmappedArray a;
  cudaExternalMemoryHandleDesc handle{};
  handle.type = cudaExternalMemoryHandleTypeOpaqueFd;
  handle.handle.fd = fd.get();
  handle.size = size;
  handle.flags = cudaExternalMemoryDedicated;
  FL_CUDA_CHECK(cudaImportExternalMemory(&a.memory_, &handle));
  fd.release();  // the driver owns it now
  cudaExternalMemoryMipmappedArrayDesc desc{};
  desc.offset = 0;
  desc.formatDesc = cudaCreateChannelDesc<uchar4>();
  desc.extent = make_cudaExtent(static_cast<std::size_t>(width), static_cast<std::size_t>(height), 0);
  desc.flags = cudaArraySurfaceLoadStore;
  desc.numLevels = static_cast<unsigned>(levels);
  FL_CUDA_CHECK(cudaExternalMemoryGetMappedMipmappedArray(&a.array_, a.memory_, &desc));
  return a;
}

ImportedMipmappedArray& ImportedMipmappedArray::operator=(ImportedMipmappedArray&& o) noexcept {
  if (this != &o) {
    Reset();
    memory_ = std::exchange(o.memory_, nullptr);
    array_ = std::exchange(o.array_, nullptr);
  }
  return *this;
}

void ImportedMipmappedArray::Reset() noexcept {
  if (array_) LogReleaseError(cudaFreeMipmappedArray(array_), "cudaFreeMipmappedArray");
  if (memory_) LogReleaseError(cudaDestroyExternalMemory(memory_), "cudaDestroyExternalMemory");
  array_ = nullptr;
  memory_ = nullptr;
}

cudaArray_t ImportedMipmappedArray::level(int l) const {
  cudaArray_t a = nullptr;
  FL_CUDA_CHECK(cudaGetMipmappedArrayLevel(&a, array_, static_cast<unsigned>(l)));
  return a;
}

}  // namespace fl::cuda
