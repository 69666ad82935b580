#pragma once
// A plain read of a buffer, 16 bytes per load with several loads in flight per thread (the byte labs' loop,
// cuda/labs/byte_stream.cuh, with no arithmetic). Two uses:
// - evicting the L2 before a timed run (L2Flusher). Reading, not writing, matters: a write (cudaMemset) leaves
//   the L2 full of dirty lines that the next timed kernel must write back to DRAM inside its own timing,
//   which adds up to one L2 of write traffic to every short measurement. After a read the L2 holds only clean
//   lines, and the dirty lines of the previous repeat were written back before the timed window;
// - the read ceiling of the byte labs: the fastest this device reads those bytes, timed in the same call.
#include <cuda_runtime.h>

#include <cstddef>

namespace fl::cuda {

// Reads bytes / 16 words of `data` (16-byte aligned) on `stream`. `sink` (device memory) is written only if
// the xor of every word is 0xdeadbeef, a guard that keeps the loads alive.
void ReadEveryWord(const void* data, std::size_t bytes, unsigned* sink, cudaStream_t stream);

}  // namespace fl::cuda
