#pragma once
// The staged `tensor` gauss kernel's own pieces (gauss_tensor.cu, shared memory on): its ring of slots, how a thread
// fills its share of a slot (SlotFetch), and the shared tile through which gray8 stores whole sectors (TileStores).
// The pieces both kernels share are in gauss_tensor.cuh.
#include <cstddef>
#include <cstdint>

#include "cuda/filters/gauss_tensor.cuh"
#include "cuda/filters/row_pipe.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda::tensor {

// The staged kernel (shared memory on): a block's rows pass through a ring of kStagedSlots slots in shared
// memory, each 16 rows of the 16 warps bytes of the block's strips and kMargin bytes on each side (a row's
// stride: GaussTensorStagedStride); one barrier serves
// kBarrierSteps steps of 16 output rows. Between two barriers the ring holds the kBarrierSteps slots being read,
// the kBarrierSteps the barrier freed (being refilled) and kStagedSlots - 2 kBarrierSteps in flight: with 4
// kBarrierSteps, the next group's slots are on their way while this one is read. With more column blocks a step
// reads slots kColumnBlocks - 2 further on (the slots between were row-passed by earlier steps), so that many fewer
// are in flight: 1 of the 4 at gray8 radius 25..32.
constexpr int kBarrierSteps = 2;
constexpr int kStagedSlots = 8;
static_assert(kStagedSlots >= 4 * kBarrierSteps, "a whole group of slots in flight while one is read");

// A thread's share of filling a slot: kFetches chunks at fixed rows of the slot and bytes of the row, so that a
// step only moves the row. A slot holds 16 (warps + 2 kMargin / 16) chunks, at most 32 warps: one per thread
// with a 16-byte margin (from 2 warps) and in wide blocks; two in narrow blocks with a 32-byte margin (the second
// used only by 2..3 warps).
template <class S, bool kWide>
class SlotFetch {
 public:
  static constexpr int kFetches = S::kMargin <= 16 || kWide ? 1 : 2;

  __device__ SlotFetch(const TensorArgs& a, int tid, int threads, int chunks, int stride, int xb) {
#pragma unroll
    for (int i = 0; i < kFetches; ++i) {
      const int n = tid + i * threads, r = n / chunks, c = n - r * chunks;
      used_[i] = n < kStepRows * chunks;
      row_[i] = r;
      x_[i] = xb - S::kMargin + 16 * c;
      inside_[i] = x_[i] >= 0 && x_[i] + 16 <= a.row_bytes;
      at_[i] = static_cast<unsigned>(r * stride + 16 * c);
    }
  }
  // Fills this thread's chunks of the slot at `slot` from rows y_first + row (clamped to the image).
  __device__ void Issue(std::uint8_t* slot, const TensorArgs& a, int y_first) const {
#pragma unroll
    for (int i = 0; i < kFetches; ++i) {
      if (!used_[i]) continue;
      const unsigned y = static_cast<unsigned>(ClampInt(y_first + row_[i], 0, a.h - 1));
      const std::uint8_t* row = a.in + static_cast<std::uint64_t>(y) * a.in_pitch32;  // one wide multiply-add
      if (inside_[i])
        strip::CpAsync16(slot + at_[i], row + x_[i]);
      else
        strip::FetchChunk<S::kChannels>(reinterpret_cast<uint4*>(slot + at_[i]), row, x_[i], a.row_bytes);
    }
  }

 private:
  bool used_[kFetches], inside_[kFetches];
  int row_[kFetches], x_[kFetches];
  unsigned at_[kFetches];
};

// The staged kernel's stores. A warp's 4-byte stores (StripStores) write 16 bytes of each of 8 rows: half of each
// 32-byte sector, whose other half the next warp writes, so the L2 takes two partial writes per sector (ncu, H100,
// gray8 8192x8192 radius 4: 4.38 M sectors stored for 2.19 M). Instead each step's outputs go to a tile in shared
// memory, and after the next barrier every thread stores one 16-byte chunk of it: whole sectors. The tile holds the
// kBarrierSteps steps between two barriers, and a second one the steps after them, so that the chunks of one are
// stored while the other fills.
static_assert(kBarrierSteps == 2, "a tile holds the two steps between barriers");
// A tile row is the block's 16 warps bytes and 16 more: rows g and g + 8 of a warp's 4-byte stores then fall in 32
// distinct banks (36 words a row), and, in blocks of 8 warps, a quarter warp's 16-byte reads of one row too (with
// fewer warps a quarter warp reads two rows or more, and some of its reads share banks).
constexpr int kTileStride = 8 * kStripWidth + 16;
using OutTile = std::uint8_t[kBarrierSteps * kStepRows][kTileStride];

class TileStores {
 public:
  // Thread tid of the block's 32 warps threads stores row tid / warps, chunk tid % warps of each tile: one chunk each.
  __device__ TileStores(const TensorArgs& a, int xb, int ys, int yend, int tid, int warps, int g, int t) {
    const int row = tid / warps, chunk = tid - row * warps;
    x_ = xb + kStripWidth * chunk;
    const bool aligned = reinterpret_cast<std::uintptr_t>(a.out) % 16 == 0 && a.out_pitch % 16 == 0;
    kind_ = x_ >= a.row_bytes ? kNone : (aligned && x_ + kStripWidth <= a.row_bytes ? kWhole : kBytes);
    rows_left_ = kind_ == kNone ? 0 : yend - ys - row;
    dst_ = a.out + static_cast<std::size_t>(ys + row) * a.out_pitch + x_;
    chunk_at_ = static_cast<unsigned>(row * kTileStride + kStripWidth * chunk);
    word_at_ = static_cast<unsigned>(g * kTileStride + kStripWidth * static_cast<int>(threadIdx.y) + 4 * t);
  }
  // Step `step` (0 or 1) of the tile by ColumnPass: rows 16 step + g and + 8, bytes 16 warp + 4t .. + 3.
  template <int kC>
  __device__ void Step(const uint4 (&col)[kC], TileRows t0, TileRows t1, TileRows t2, TileRows t3, TileRows t4,
                       TileRows t5, TileRows t6, TileRows t7, TileRows bottom, TileRows below, OutTile& tile,
                       int step) const {
    float o0[4], o1[4];
    ColumnPass(col, t0, t1, t2, t3, t4, t5, t6, t7, bottom, below, o0, o1);
    std::uint8_t* p = &tile[kStepRows * step][0] + word_at_;
    *reinterpret_cast<unsigned*>(p) = PackBytes(o0[0], o0[1], o1[0], o1[1]);
    *reinterpret_cast<unsigned*>(p + 8 * kTileStride) = PackBytes(o0[2], o0[3], o1[2], o1[3]);
  }
  // This thread's chunk of the next tile (in the order the steps wrote them), after a barrier; the rows past the
  // strips' end stay unwritten.
  __device__ void Store(const OutTile& tile, const TensorArgs& a) {
    if (rows_left_ > 0) {
      const std::uint8_t* src = &tile[0][0] + chunk_at_;
      if (kind_ == kWhole) {
        *reinterpret_cast<uint4*>(dst_) = *reinterpret_cast<const uint4*>(src);
      } else {
        for (int i = 0; i < kStripWidth && x_ + i < a.row_bytes; ++i) dst_[i] = src[i];
      }
    }
    rows_left_ -= kBarrierSteps * kStepRows;
    dst_ += kBarrierSteps * kStepRows * a.out_pitch;
  }

 private:
  enum Kind { kNone, kBytes, kWhole };
  int x_, kind_, rows_left_;
  std::uint8_t* dst_;
  unsigned chunk_at_, word_at_;
};

}  // namespace fl::cuda::tensor
