#pragma once
// Evicts the L2 by reading a zeroed buffer larger than it. Reading, not writing, matters: a write
// (cudaMemset) leaves the L2 full of dirty lines that the next timed kernel must write back to DRAM inside
// its own timing, which adds up to one L2 of write traffic to every short measurement. After a read, the L2
// holds only clean lines, and the dirty lines of the previous repeat were written back before the timed
// window.
#include <cuda_runtime.h>

#include <cstddef>

namespace fl::cuda {

// `zeroed` must hold `bytes` of zeros (the kernel relies on it to never write). Enqueued on `stream`.
void EvictL2ByReading(const void* zeroed, std::size_t bytes, cudaStream_t stream);

}  // namespace fl::cuda
