#pragma once
// A per-warp prefetch ring of input rows in shared memory, filled by the bulk copy engine (cp.async.bulk, sm_90):
// one lane asks for the warp's 512 bytes of a row and the 16 bytes on each side with one instruction, and an
// mbarrier per slot says when they have landed. Each lane then reads its own chunk and its neighbours' words
// from the slot, so the per-lane cp.async, the end lanes' edge fetches and the shuffles of the cp.async ring
// (row_pipe.cuh) all go.
//
// Slot s of a warp holds bytes [x_warp - 16, x_warp + 528) of a row at offsets 0 .. 543 (x_warp: the first
// byte of the warp's chunks). Bytes outside the row are not fetched: lanes whose window reaches outside it
// assemble their chunk from global memory with the clamping loads (LoadChunk).
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/filters/chunk_strip.cuh"
#include "cuda/filters/strip_launch.hpp"

namespace fl::cuda::strip {

constexpr int kBulkSlotBytes = 32 * kChunkBytes + 2 * kChunkBytes;

// Bytes of shared memory the bulk ring needs per block of `threads` threads (a multiple of 32).
constexpr std::size_t BulkPipeBytes(long threads) {
  const long warps = threads / 32;
  return static_cast<std::size_t>((warps * kPipeDepth * 8 + 15) / 16 * 16 + warps * kPipeDepth * kBulkSlotBytes);
}

__device__ __forceinline__ unsigned SharedAddress(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

class BulkRowPipe {
 public:
  __device__ explicit BulkRowPipe(uint4* smem) {
    const int threads = static_cast<int>(blockDim.x * blockDim.y);
    const int t = static_cast<int>(threadIdx.y * blockDim.x + threadIdx.x);
    lane_ = t & 31;
    const int warp = t >> 5, warps = threads >> 5;
    auto* base = reinterpret_cast<unsigned char*>(smem);
    bars_ = SharedAddress(base) + static_cast<unsigned>(warp * kPipeDepth * 8);
    slots_ = base + (warps * kPipeDepth * 8 + 15) / 16 * 16 + warp * kPipeDepth * kBulkSlotBytes;
    if (lane_ == 0) {
#pragma unroll
      for (int d = 0; d < kPipeDepth; ++d)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bars_ + 8 * d) : "memory");
      asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncwarp();
  }

  // Lane 0 starts fetching the warp's part of `row` (x_warp: the byte offset of lane 0's chunk) into slot
  // i % D. The other lanes must be done with that slot's previous row (the caller has used it: __syncwarp).
  template <typename RowOf>
  __device__ void Issue(RowOf row_of, int x_warp, int row_bytes, int i) {
    __syncwarp();
    if (lane_ != 0) return;
    const std::uint8_t* row = row_of(i);
    const int s = i & (kPipeDepth - 1);
    const unsigned bar = bars_ + 8 * s;
    const int row_end = (row_bytes + kChunkBytes - 1) & ~(kChunkBytes - 1);  // rows start 16-byte aligned
    const int lo = max(x_warp - kChunkBytes, 0), hi = min(x_warp + 32 * kChunkBytes + kChunkBytes, row_end);
    if (hi <= lo) {
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
      return;
    }
    const unsigned dst = SharedAddress(slots_ + s * kBulkSlotBytes + (lo - (x_warp - kChunkBytes)));
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(hi - lo) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(dst),
                 "l"(row + lo), "r"(hi - lo), "r"(bar)
                 : "memory");
  }

  // Waits for row i and returns this lane's chunk with kNbr words of each neighbour (ext as Extend fills it).
  // Lanes whose words reach outside the row take them from global memory, clamped.
  template <int Bpp, int kNbr, typename RowOf>
  __device__ void Take(int i, RowOf row_of, int x, int row_bytes, unsigned (&ext)[4 + 2 * kNbr]) {
    const int s = i & (kPipeDepth - 1);
    const unsigned bar = bars_ + 8 * s;
    const unsigned parity = static_cast<unsigned>(i / kPipeDepth) & 1u;
    asm volatile(
        "{\n"
        ".reg .pred ready;\n"
        "WAIT:\n"
        "mbarrier.try_wait.parity.shared::cta.b64 ready, [%0], %1;\n"
        "@!ready bra WAIT;\n"
        "}\n" ::"r"(bar),
        "r"(parity)
        : "memory");
    if (x - 4 * kNbr < 0 || x + kChunkBytes + 4 * kNbr > row_bytes) {
      const std::uint8_t* row = row_of(i);
      const Chunk m = LoadChunk<Bpp>(row, x, row_bytes);
      const Chunk l = LoadChunk<Bpp>(row, x - kChunkBytes, row_bytes);
      const Chunk r = LoadChunk<Bpp>(row, x + kChunkBytes, row_bytes);
#pragma unroll
      for (int j = 0; j < 4; ++j) ext[kNbr + j] = m.w[j];
#pragma unroll
      for (int j = 0; j < kNbr; ++j) ext[j] = l.w[4 - kNbr + j], ext[kNbr + 4 + j] = r.w[j];
      return;
    }
    const unsigned char* at = slots_ + s * kBulkSlotBytes + kChunkBytes + lane_ * kChunkBytes;
    const uint4 v = *reinterpret_cast<const uint4*>(at);
    ext[kNbr] = v.x, ext[kNbr + 1] = v.y, ext[kNbr + 2] = v.z, ext[kNbr + 3] = v.w;
#pragma unroll
    for (int j = 0; j < kNbr; ++j) {
      ext[j] = *reinterpret_cast<const unsigned*>(at - 4 * (kNbr - j));
      ext[kNbr + 4 + j] = *reinterpret_cast<const unsigned*>(at + kChunkBytes + 4 * j);
    }
  }

 private:
  int lane_;
  unsigned bars_;          // shared address of this warp's kPipeDepth barriers
  unsigned char* slots_;   // this warp's kPipeDepth slots
};

}  // namespace fl::cuda::strip
