#pragma once
// A per-thread prefetch ring of input rows in shared memory, filled by cp.async (Ampere and later): a thread
// asks for the 16-byte chunk of a row D - 1 rows before it needs it, and the copy travels while the thread
// computes, holding no registers. This keeps D - 1 loads per thread in flight whatever the occupancy, which
// is what a strip kernel needs: its registers (a window of rows) limit it to a few warps per SM, too few to
// hide DRAM latency with one load each.
//
// Each thread owns D slots (and, with kEdges, D more for the chunk beyond its warp's end: lane 0 fetches the
// chunk to its left, lane 31 the one to its right). A slot is refilled only after the thread has used its
// previous contents (the ring is read one slot ahead of where it is written), so no barrier is needed: each
// thread reads only what it copied itself, after cp.async.wait_group.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/filters/chunk_strip.cuh"

namespace fl::cuda::strip {

// 16 bytes from global memory to the shared-memory slot at a 32-bit address, or at a generic pointer.
__device__ __forceinline__ void CpAsync16To(unsigned slot, const void* gmem) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(slot), "l"(gmem) : "memory");
}
__device__ __forceinline__ void CpAsync16(void* smem, const void* gmem) {
  CpAsync16To(static_cast<unsigned>(__cvta_generic_to_shared(smem)), gmem);
}
__device__ __forceinline__ void CpAsyncCommit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N>
__device__ __forceinline__ void CpAsyncWait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}
// CpAsyncWait<n> for a count n <= kMax known only once a loop is unrolled (the instruction takes an immediate):
// with n a constant, the chain of tests folds to the one wait.
template <int kMax>
__device__ __forceinline__ void CpAsyncWaitAtMost(int n) {
  if constexpr (kMax > 0) {
    if (n < kMax) return CpAsyncWaitAtMost<kMax - 1>(n);
  }
  CpAsyncWait<kMax>();
}

// Starts fetching the 16-byte chunk at byte x of `row` into a shared-memory slot; a chunk that reaches past
// the row is made of clamped pixels at once (LoadChunk).
template <int Bpp>
__device__ void FetchChunk(uint4* slot, const std::uint8_t* row, int x, int row_bytes) {
  if (x >= 0 && x + kChunkBytes <= row_bytes) {
    CpAsync16(slot, row + x);
    return;
  }
  const Chunk c = LoadChunk<Bpp>(row, x, row_bytes);
  *slot = make_uint4(c.w[0], c.w[1], c.w[2], c.w[3]);
}

template <bool kEdges>
class RowPipe {
 public:
  // `smem` is the block's dynamic shared memory (PipeBytes(threads, kEdges), strip_launch.hpp).
  __device__ explicit RowPipe(uint4* smem)
      : stride_(static_cast<int>(blockDim.x * blockDim.y)),
        own_(smem + threadIdx.y * blockDim.x + threadIdx.x),
        edge_(own_ + kPipeDepth * stride_) {}

  // Starts fetching the chunk at byte x of `row` into slot i % D (and the neighbouring chunk on a warp's end
  // lanes). Chunks that reach past the row are made of clamped pixels at once. Commit() closes the
  // row's group: one group per row, whatever the number of rings a kernel fills for it.
  template <int Bpp>
  __device__ void Issue(const std::uint8_t* row, int x, int row_bytes, int i) {
    const int s = (i & (kPipeDepth - 1)) * stride_;
    FetchChunk<Bpp>(own_ + s, row, x, row_bytes);
    if constexpr (kEdges) {
      // One divergent branch for both end lanes rather than one each: sobel 0.067 -> 0.064 ms, dilate5 0.062
      // -> 0.060 at 8192x8192 gray8 on an H100. An edge chunk wholly outside the row is not fetched: the kernel
      // makes it (EdgePixelChunk).
      const int lane = static_cast<int>(threadIdx.x) & 31;
      const int ex = lane == 0 ? x - kChunkBytes : x + kChunkBytes;
      if ((lane == 0 || lane == 31) && ex + kChunkBytes > 0 && ex < row_bytes)
        FetchChunk<Bpp>(edge_ + s, row, ex, row_bytes);
    }
  }
  // Closes the group of one row's fetches (also when there were none, past the strip's last row, so that the
  // group count stays one per row).
  __device__ static void Commit() { CpAsyncCommit(); }

  // Waits for row i (issued D - 1 rows ago) and returns its chunk (and the neighbouring chunk, with kEdges).
  __device__ Chunk Take(int i, Chunk* edge = nullptr) {
    CpAsyncWait<kPipeDepth - 2>();
    const int s = (i & (kPipeDepth - 1)) * stride_;
    const uint4 v = own_[s];
    if constexpr (kEdges) {
      const uint4 e = edge_[s];
      *edge = {{e.x, e.y, e.z, e.w}};
    }
    return {{v.x, v.y, v.z, v.w}};
  }

 private:
  int stride_;
  uint4* own_;
  uint4* edge_;
};

// A 16-byte chunk fetched into the shared-memory slot at a 32-bit address (made of clamped pixels at once when it
// reaches past the row, strip::LoadChunk).
template <int Bpp = 1>
__device__ __forceinline__ void FetchChunkTo(unsigned slot, const std::uint8_t* row, int x, int row_bytes) {
  if (x >= 0 && x + kChunkBytes <= row_bytes) {
    CpAsync16To(slot, row + x);
    return;
  }
  const Chunk c = LoadChunk<Bpp>(row, x, row_bytes);
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(slot), "r"(c.w[0]), "r"(c.w[1]), "r"(c.w[2]),
               "r"(c.w[3])
               : "memory");
}

// The first N (1, 2 or 4) words at a 32-bit shared-memory address. Volatile, and a memory clobber, so that it stays
// after the cp.async wait before it.
template <int N>
__device__ __forceinline__ void ReadShared(unsigned at, unsigned (&w)[N]) {
  static_assert(N == 1 || N == 2 || N == 4);
  if constexpr (N == 1)
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(w[0]) : "r"(at) : "memory");
  else if constexpr (N == 2)
    asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(w[0]), "=r"(w[1]) : "r"(at) : "memory");
  else
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3])
                 : "r"(at)
                 : "memory");
}

// cp.async of 16 bytes that only a lane with `p` set issues: one predicated instruction instead of a branch.
__device__ __forceinline__ void CpAsync16ToIf(unsigned slot, const void* gmem, bool p) {
  asm volatile(
      "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %2, 0;\n\t@p cp.async.cg.shared.global [%0], [%1], 16;\n\t}\n" ::"r"(slot),
      "l"(gmem), "r"(static_cast<int>(p))
      : "memory");
}

// A 16-byte store that only a lane with `p` set makes: one predicated instruction. Box fast's steady loop is no
// longer with it than with a plain store (SASS, sm_90). Written as `if (p) store`, the strip kernels' steady loops grew
// by 7 to 24 instructions a turn of the ring, with this by 2 to 6, so they store unconditionally (SteadyStrip).
__device__ __forceinline__ void Store16If(void* gmem, const unsigned (&w)[4], bool p) {
  asm volatile(
      "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %5, 0;\n\t@p st.global.v4.u32 [%0], {%1, %2, %3, %4};\n\t}\n" ::"l"(gmem),
      "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]), "r"(static_cast<int>(p))
      : "memory");
}

// RowPipe<true> with its per-thread facts worked out once: the column's address, the slots' 32-bit shared
// address, and whether this lane's chunks lie inside the row, so that a row inside costs one cp.async and one
// predicated cp.async (the end lanes' edge chunk) instead of range tests and a branch. That holds more registers
// across the loop; a strip stencil takes it where that measured faster (kLeanPipe, chunk_strip.cuh).
class LeanEdgePipe {
 public:
  __device__ LeanEdgePipe(uint4* smem, const std::uint8_t* in, int x, int row_bytes) : x_(x) {
    const int threads = static_cast<int>(blockDim.x * blockDim.y);
    const int t = static_cast<int>(threadIdx.y * blockDim.x + threadIdx.x);
    const int lane = static_cast<int>(threadIdx.x) & 31;
    slot_bytes_ = static_cast<unsigned>(threads) * 16u;
    own_ = static_cast<unsigned>(__cvta_generic_to_shared(smem + t));
    column_ = in + x;
    edge_lane_ = lane == 0 || lane == 31;
    edge_dx_ = lane == 0 ? -kChunkBytes : kChunkBytes;
    edge_inside_ = edge_lane_ && x + edge_dx_ >= 0 && x + edge_dx_ + kChunkBytes <= row_bytes;
    clamped_ = x + kChunkBytes > row_bytes || (edge_lane_ && !edge_inside_);
    edge_fetched_ = edge_lane_ && x + edge_dx_ + kChunkBytes > 0 && x + edge_dx_ < row_bytes;  // else made
  }
  // Row y (already clamped to the image) into slot i % D, and its edge chunk on a warp's end lanes.
  template <int Bpp>
  __device__ void Issue(unsigned y, unsigned pitch, int i, int row_bytes) {
    const unsigned s = own_ + static_cast<unsigned>(i & (kPipeDepth - 1)) * slot_bytes_;
    const std::uint8_t* p = column_ + static_cast<std::size_t>(y) * pitch;
    if (!clamped_) {
      CpAsync16To(s, p);
      CpAsync16ToIf(s + kPipeDepth * slot_bytes_, p + edge_dx_, edge_inside_);
      return;
    }
    const std::uint8_t* row = p - x_;
    FetchChunkTo<Bpp>(s, row, x_, row_bytes);
    if (edge_fetched_) FetchChunkTo<Bpp>(s + kPipeDepth * slot_bytes_, row, x_ + edge_dx_, row_bytes);
  }
  __device__ static void Commit() { CpAsyncCommit(); }
  // Waits for row i (issued D - 1 rows ago); returns its chunk and the edge slot's (meaningful on the end lanes).
  __device__ Chunk Take(int i, Chunk* edge) const {
    CpAsyncWait<kPipeDepth - 2>();
    const unsigned s = own_ + static_cast<unsigned>(i & (kPipeDepth - 1)) * slot_bytes_;
    Chunk v;
    ReadShared(s, v.w);
    ReadShared(s + kPipeDepth * slot_bytes_, edge->w);
    return v;
  }

 private:
  const std::uint8_t* column_;  // byte x of row 0
  unsigned own_, slot_bytes_;
  int x_, edge_dx_;
  // clamped_: a chunk of this lane reaches past the row; edge_fetched_: an edge lane whose edge chunk is not wholly
  // outside it (the kernel makes one that is: EdgePixelChunk).
  bool edge_lane_, edge_inside_, clamped_, edge_fetched_;
};

}  // namespace fl::cuda::strip
