#pragma once
// Move-only owners of CUDA handles. Destructors never throw: a failure while releasing is logged to stderr.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "core/filter_spec.hpp"

namespace fl::cuda {

void LogReleaseError(cudaError_t err, const char* what) noexcept;

template <typename Handle, typename Derived>
class UniqueHandle {
 public:
  UniqueHandle() = default;
  UniqueHandle(const UniqueHandle&) = delete;
  UniqueHandle& operator=(const UniqueHandle&) = delete;
  UniqueHandle(UniqueHandle&& o) noexcept : h_(std::exchange(o.h_, Handle{})) {}
  UniqueHandle& operator=(UniqueHandle&& o) noexcept {
    if (this != &o) {
      Reset();
      h_ = std::exchange(o.h_, Handle{});
    }
    return *this;
  }
  ~UniqueHandle() { Reset(); }
  void Reset() noexcept {
    if (h_) Derived::Release(h_);
    h_ = Handle{};
  }
  Handle get() const { return h_; }
  explicit operator bool() const { return h_ != Handle{}; }

 protected:
  explicit UniqueHandle(Handle h) : h_(h) {}
  Handle h_{};
};

class Stream : public UniqueHandle<cudaStream_t, Stream> {
 public:
  Stream() = default;
  static Stream Create();  // non-blocking with respect to the legacy default stream
  static void Release(cudaStream_t s) noexcept;
  void Synchronize() const;

 private:
  using UniqueHandle::UniqueHandle;
};

class Event : public UniqueHandle<cudaEvent_t, Event> {
 public:
  Event() = default;
  static Event Create();  // with timing
  static void Release(cudaEvent_t e) noexcept;
  void Record(cudaStream_t s) const;
  void Synchronize() const;
  float ElapsedMsSince(const Event& start) const;  // cudaEventElapsedTime(start, this)

 private:
  using UniqueHandle::UniqueHandle;
};

// Linear device memory.
class DeviceBuffer : public UniqueHandle<void*, DeviceBuffer> {
 public:
  DeviceBuffer() = default;
  static DeviceBuffer Allocate(std::size_t bytes);
  static void Release(void* p) noexcept;
  std::size_t size() const { return bytes_; }
  template <typename T>
  T* as() const { return static_cast<T*>(h_); }
  DeviceBuffer(DeviceBuffer&& o) noexcept : UniqueHandle(std::move(o)), bytes_(std::exchange(o.bytes_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    UniqueHandle::operator=(std::move(o));
    bytes_ = std::exchange(o.bytes_, 0);
    return *this;
  }

 private:
  DeviceBuffer(void* p, std::size_t bytes) : UniqueHandle(p), bytes_(bytes) {}
  std::size_t bytes_ = 0;
};

// Page-locked host memory, for asynchronous and faster transfers.
class PinnedBuffer : public UniqueHandle<void*, PinnedBuffer> {
 public:
  PinnedBuffer() = default;
  static PinnedBuffer Allocate(std::size_t bytes);
  static void Release(void* p) noexcept;
  std::size_t size() const { return bytes_; }
  template <typename T>
  T* as() const { return static_cast<T*>(h_); }
  PinnedBuffer(PinnedBuffer&& o) noexcept : UniqueHandle(std::move(o)), bytes_(std::exchange(o.bytes_, 0)) {}
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    UniqueHandle::operator=(std::move(o));
    bytes_ = std::exchange(o.bytes_, 0);
    return *this;
  }

 private:
  PinnedBuffer(void* p, std::size_t bytes) : UniqueHandle(p), bytes_(bytes) {}
  std::size_t bytes_ = 0;
};

// A pitched device image: rows aligned by cudaMallocPitch so that vector loads of a row start aligned.
class DeviceImage {
 public:
  DeviceImage() = default;
  explicit DeviceImage(const ImageShape& shape);
  const ImageShape& shape() const { return view_.shape; }
  DeviceView view() const { return view_; }
  std::size_t pitch() const { return view_.pitch; }
  bool empty() const { return !buffer_; }

 private:
  DeviceBuffer buffer_;
  DeviceView view_;
};

}  // namespace fl::cuda
