#pragma once
// Device memory that OpenGL can import (GL_EXT_memory_object_fd), and a CUDA mipmapped array over the same memory:
// how the display texture's storage is shared by CUDA and GL with no per-write map (render/shared_texture.hpp).
// No GL here. The allocation comes from the driver's virtual memory API (cuMemCreate, exportable as a POSIX file
// descriptor), reached through cudaGetDriverEntryPointByVersion: the program does not link libcuda, which a
// machine without a driver (CI) lacks.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace fl::cuda {

// A file descriptor, closed when dropped unless released to a new owner (importers take ownership of theirs).
class OwnedFd {
 public:
  OwnedFd() = default;
  explicit OwnedFd(int fd) : fd_(fd) {}
  OwnedFd(const OwnedFd&) = delete;
  OwnedFd& operator=(const OwnedFd&) = delete;
  OwnedFd(OwnedFd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  OwnedFd& operator=(OwnedFd&& o) noexcept;
  ~OwnedFd();
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }

 private:
  int fd_ = -1;
};

// Device memory on the current device that other APIs can import through a POSIX file descriptor.
class ExportableMemory {
 public:
  ExportableMemory() = default;
  // At least `bytes` (rounded up to the allocation granularity). Throws RuntimeError saying which driver step
  // failed (no driver, no VMM support, out of memory).
  static ExportableMemory Allocate(std::size_t bytes);
  ExportableMemory(const ExportableMemory&) = delete;
  ExportableMemory& operator=(const ExportableMemory&) = delete;
  ExportableMemory(ExportableMemory&& o) noexcept
      : handle_(std::exchange(o.handle_, 0)), size_(std::exchange(o.size_, 0)) {}
  ExportableMemory& operator=(ExportableMemory&& o) noexcept;
  ~ExportableMemory() { Reset(); }
  void Reset() noexcept;
  // A new descriptor for the memory; each importer needs its own.
  OwnedFd Export() const;
  std::size_t size() const { return size_; }
  explicit operator bool() const { return handle_ != 0; }

 private:
  std::uint64_t handle_ = 0;  // CUmemGenericAllocationHandle
  std::size_t size_ = 0;
};

// An RGBA8 mipmapped array (surface load/store) laid over imported memory: the layout is the driver's for that
// description, the same one OpenGL gives an optimally tiled texture of the same size and levels on the same
// device (render/shared_texture.cpp checks that before trusting it).
class ImportedMipmappedArray {
 public:
  ImportedMipmappedArray() = default;
  // Takes ownership of `fd` on success and on failure. Throws RuntimeError.
  static ImportedMipmappedArray Import(OwnedFd fd, std::size_t size, int width, int height, int levels);
  ImportedMipmappedArray(const ImportedMipmappedArray&) = delete;
  ImportedMipmappedArray& operator=(const ImportedMipmappedArray&) = delete;
  ImportedMipmappedArray(ImportedMipmappedArray&& o) noexcept
      : memory_(std::exchange(o.memory_, nullptr)), array_(std::exchange(o.array_, nullptr)) {}
  ImportedMipmappedArray& operator=(ImportedMipmappedArray&& o) noexcept;
  ~ImportedMipmappedArray() { Reset(); }
  void Reset() noexcept;
  cudaArray_t level(int l) const;
  explicit operator bool() const { return array_ != nullptr; }

 private:
  cudaExternalMemory_t memory_ = nullptr;
  cudaMipmappedArray_t array_ = nullptr;
};

}  // namespace fl::cuda
