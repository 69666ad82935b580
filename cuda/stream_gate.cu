#include "cuda/stream_gate.hpp"

#include "cuda/cuda_check.hpp"

namespace fl::cuda {
namespace {

constexpr unsigned long long kTimeoutNs = 2'000'000'000ull;  // 2 s: far beyond any enqueue, short for a hang

// Waits until *flag reaches `generation` (written by the host), or the timeout passes.
__global__ void HoldUntil(const volatile unsigned* flag, unsigned generation) {
  unsigned long long start;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  for (;;) {
    if (static_cast<int>(*flag - generation) >= 0) return;
    unsigned long long now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    if (now - start > kTimeoutNs) return;
    __nanosleep(200);
  }
}

}  // namespace

StreamGate::StreamGate() : flag_(PinnedBuffer::Allocate(sizeof(unsigned))) {
  host_flag_ = flag_.as<unsigned>();
  *host_flag_ = 0;
  FL_CUDA_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_flag_), flag_.get(), 0));
}

void StreamGate::Close(cudaStream_t stream) {
  ++generation_;
  HoldUntil<<<1, 1, 0, stream>>>(device_flag_, generation_);
  FL_CUDA_CHECK_LAUNCH("HoldUntil");
}

void StreamGate::Open() {
  // A release store: everything the host wrote before is visible before the flag changes.
  __atomic_store_n(const_cast<unsigned*>(host_flag_), generation_, __ATOMIC_RELEASE);
}

}  // namespace fl::cuda
