#pragma once
// A gate that holds a stream while the host enqueues a batch of work, so that the GPU runs the batch back to
// back: the launch overhead and any host work between launches (a launcher computing weights, say) never lands
// between two events recorded on the stream. The executor closes the gate before recording a run's first event
// and opens it once every stage is enqueued.
//
// The gate is a one-thread kernel spinning on a flag in page-locked host memory; it gives up by itself after a
// timeout, so a host that never opens it (an exception between Close and Open is handled by the guard, but a
// killed thread is not) cannot hang the device.
#include <cuda_runtime.h>

#include "cuda/owners.hpp"

namespace fl::cuda {

class StreamGate {
 public:
  StreamGate();  // allocates the flag
  // Enqueues the spinning kernel on `stream`: work enqueued after it waits until Open().
  void Close(cudaStream_t stream);
  void Open();

 private:
  PinnedBuffer flag_;
  volatile unsigned* host_flag_ = nullptr;
  unsigned* device_flag_ = nullptr;
  unsigned generation_ = 0;
};

// Opens the gate when it goes out of scope, whatever happens between.
class GateGuard {
 public:
  GateGuard(StreamGate& gate, cudaStream_t stream) : gate_(gate) { gate_.Close(stream); }
  ~GateGuard() { gate_.Open(); }
  GateGuard(const GateGuard&) = delete;
  GateGuard& operator=(const GateGuard&) = delete;

 private:
  StreamGate& gate_;
};

}  // namespace fl::cuda
