#include <cub/device/device_radix_sort.cuh>

#include "core/error.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/kernel_util.cuh"
#include "cuda/labs/keypoints_device.hpp"

namespace fl::cuda {
namespace {

using labs::KeyBox;

// One thread per pixel: the 5x5 and 13x13 sums straight from global memory (the caches serve the overlap).
__global__ void ResponseKernel(const std::uint8_t* gray, int w, int h, std::int32_t* score) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  std::int32_t outer = 0, inner = 0;
  for (int dy = -labs::kOuterRadius; dy <= labs::kOuterRadius; ++dy) {
    const std::uint8_t* row = gray + static_cast<std::size_t>(labs::ClampIndex(y + dy, h)) * w;
    for (int dx = -labs::kOuterRadius; dx <= labs::kOuterRadius; ++dx) {
      const std::int32_t v = row[labs::ClampIndex(x + dx, w)];
      outer += v;
      if (abs(dx) <= labs::kInnerRadius && abs(dy) <= labs::kInnerRadius) inner += v;
    }
  }
  score[static_cast<std::size_t>(y) * w + x] = labs::BlobScore(inner, outer);
}

// Atomic compaction: a candidate takes the next slot; past `capacity` it only counts.
__global__ void CompactKernel(const std::int32_t* score, int w, int h, int threshold, int capacity,
                              std::uint64_t* list, unsigned long long* counter) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h || !labs::IsLocalMax(score, w, h, x, y, threshold)) return;
  const unsigned long long slot = atomicAdd(counter, 1ull);
  const int index = y * w + x;
  if (slot < static_cast<unsigned long long>(capacity)) list[slot] = labs::CandidateKey(score[index], index);
}

// Bitmask NMS, step 1: block (col, row) of 64 threads; thread t makes the word of box row*64+t over the boxes
// col*64 .. col*64+63 (only those after it: they are the ones it can suppress).
__global__ void MaskKernel(const std::uint64_t* sorted, int n, int width, int side, double iou, int words,
                           std::uint64_t* mask) {
  const int row = blockIdx.y, col = blockIdx.x;
  if (col < row) return;  // every box of this column block comes before every box of the row block
  __shared__ KeyBox cols[64];
  const int j0 = col * 64;
  if (j0 + threadIdx.x < n) cols[threadIdx.x] = labs::BoxOfKey(sorted[j0 + threadIdx.x], width, side);
  __syncthreads();
  const int i = row * 64 + threadIdx.x;
  if (i >= n) return;
  const KeyBox box = labs::BoxOfKey(sorted[i], width, side);
  std::uint64_t bits = 0;
  const int count = min(64, n - j0);
  for (int t = (col == row ? threadIdx.x + 1 : 0); t < count; ++t)
    if (labs::IouAbove(box, cols[t], iou)) bits |= 1ull << t;
  mask[static_cast<std::size_t>(i) * words + col] = bits;
}

// Bitmask NMS, step 2: one block walks the boxes in order; a box not yet removed is kept and removes its row.
__global__ void MaskScanKernel(const std::uint64_t* mask, int n, int words, int* kept, int* kept_count) {
  extern __shared__ std::uint64_t removed[];
  for (int w = threadIdx.x; w < words; w += blockDim.x) removed[w] = 0;
  int count = 0;
  for (int i = 0; i < n; ++i) {
    __syncthreads();  // the previous box's ORs are visible
    const bool keep = !((removed[i >> 6] >> (i & 63)) & 1ull);
    __syncthreads();  // everyone has read bit i before anyone ORs this row
    if (!keep) continue;
    if (threadIdx.x == 0) kept[count] = i;
    ++count;
    const std::uint64_t* row = mask + static_cast<std::size_t>(i) * words;
    for (int w = (i >> 6) + threadIdx.x; w < words; w += blockDim.x) removed[w] |= row[w];
  }
  if (threadIdx.x == 0) *kept_count = count;
}

// Rounds NMS: state 0 undecided, 1 kept, 2 suppressed. Decided states are final and true, so a value seen
// early or late from another thread of the same round never misleads; at least the first undecided box
// decides every round, so n rounds suffice.
__global__ void RoundKernel(const std::uint64_t* sorted, int n, int width, int side, double iou,
                            volatile std::int8_t* state, int* changed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || state[i] != 0) return;
  const KeyBox box = labs::BoxOfKey(sorted[i], width, side);
  bool waiting = false;
  for (int j = 0; j < i; ++j) {
    if (!labs::IouAbove(labs::BoxOfKey(sorted[j], width, side), box, iou)) continue;
    const std::int8_t s = state[j];
    if (s == 1) {
      state[i] = 2;
      *changed = 1;
      return;
    }
    waiting |= s == 0;
  }
  if (!waiting) {
    state[i] = 1;
    *changed = 1;
  }
}

// Serial NMS: the CPU's greedy loop on one thread.
__global__ void SerialNmsKernel(const std::uint64_t* sorted, int n, int width, int side, double iou,
                                int* kept, int* kept_count) {
  int count = 0;
  for (int i = 0; i < n; ++i) {
    const KeyBox box = labs::BoxOfKey(sorted[i], width, side);
    bool suppressed = false;
    for (int k = 0; k < count && !suppressed; ++k)
      suppressed = labs::IouAbove(labs::BoxOfKey(sorted[kept[k]], width, side), box, iou);
    if (!suppressed) kept[count++] = i;
  }
  *kept_count = count;
}

int Words(int n) { return (n + 63) / 64; }

}  // namespace

NmsForm ParseNmsForm(const std::string& id) {
  if (id == "nms_bitmask") return NmsForm::Bitmask;
  if (id == "nms_rounds") return NmsForm::Rounds;
  if (id == "nms_serial") return NmsForm::Serial;
  throw RuntimeError("keypoints: no CUDA variant '" + id + "'");
}

KeypointsDevice::KeypointsDevice(const Image& gray, int capacity, int guard_slots)
    : width_(gray.width()),
      height_(gray.height()),
      capacity_(capacity),
      guard_(guard_slots),
      stream_(Stream::Create()) {
  const std::size_t pixels = gray.shape().Pixels();
  gray_ = DeviceBuffer::Allocate(pixels);
  score_ = DeviceBuffer::Allocate(pixels * sizeof(std::int32_t));
  list_ = DeviceBuffer::Allocate((capacity + guard_slots) * sizeof(std::uint64_t));
  sorted_ = DeviceBuffer::Allocate(capacity * sizeof(std::uint64_t));
  counter_ = DeviceBuffer::Allocate(sizeof(unsigned long long));
  kept_ = DeviceBuffer::Allocate((capacity + 1) * sizeof(int));  // the kept positions, then their count
  state_ = DeviceBuffer::Allocate(capacity);
  flag_ = DeviceBuffer::Allocate(sizeof(int));
  std::size_t temp = 0;
  FL_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, temp, list_.as<std::uint64_t>(),
                                               sorted_.as<std::uint64_t>(), capacity));
  sort_temp_ = DeviceBuffer::Allocate(std::max<std::size_t>(temp, 1));
  FL_CUDA_CHECK(cudaMemcpy(gray_.get(), gray.data(), pixels, cudaMemcpyHostToDevice));
  for (auto& e : marks_) e = Event::Create();
}

void KeypointsDevice::Candidates(int threshold) {
  const dim3 block(32, 8), grid(DivUp(width_, 32), DivUp(height_, 8));
  marks_[0].Record(stream_.get());
  ResponseKernel<<<grid, block, 0, stream_.get()>>>(gray_.as<std::uint8_t>(), width_, height_,
                                                    score_.as<std::int32_t>());
  FL_CUDA_CHECK_LAUNCH("ResponseKernel");
  FL_CUDA_CHECK(cudaMemsetAsync(counter_.get(), 0, sizeof(unsigned long long), stream_.get()));
  CompactKernel<<<grid, block, 0, stream_.get()>>>(score_.as<std::int32_t>(), width_, height_, threshold,
                                                   capacity_, list_.as<std::uint64_t>(),
                                                   counter_.as<unsigned long long>());
  FL_CUDA_CHECK_LAUNCH("CompactKernel");
  marks_[1].Record(stream_.get());
  unsigned long long found = 0;
  FL_CUDA_CHECK(cudaMemcpyAsync(&found, counter_.get(), sizeof found, cudaMemcpyDeviceToHost, stream_.get()));
  stream_.Synchronize();  // the host needs the count to size the sort and the NMS launches
  found_ = static_cast<long long>(found);
  listed_ = static_cast<int>(std::min<long long>(found_, capacity_));
}

void KeypointsDevice::Run(const labs::KeypointsParams& p, NmsForm form) {
  Candidates(p.threshold);
  std::size_t temp = sort_temp_.size();
  if (listed_ > 0)
    FL_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(sort_temp_.get(), temp, list_.as<std::uint64_t>(),
                                                 sorted_.as<std::uint64_t>(), listed_, 0, 64, stream_.get()));
  marks_[2].Record(stream_.get());
  Nms(p, form);
  marks_[3].Record(stream_.get());
  marks_[3].Synchronize();
}

KeypointsDevice::StageMs KeypointsDevice::LastStages() const {
  return {marks_[1].ElapsedMsSince(marks_[0]), marks_[2].ElapsedMsSince(marks_[1]),
          marks_[3].ElapsedMsSince(marks_[2])};
}

void KeypointsDevice::Nms(const labs::KeypointsParams& p, NmsForm form) {
  const int n = listed_;
  kept_positions_.clear();
  if (n == 0) return;
  const auto* sorted = sorted_.as<std::uint64_t>();
  int* kept = kept_.as<int>();
  std::vector<std::int8_t> states;
  if (form == NmsForm::Bitmask) {
    const int words = Words(n);
    const std::size_t bytes = static_cast<std::size_t>(n) * words * sizeof(std::uint64_t);
    if (mask_.size() < bytes) mask_ = DeviceBuffer::Allocate(bytes);
    MaskKernel<<<dim3(words, words), 64, 0, stream_.get()>>>(sorted, n, width_, p.box, p.iou, words,
                                                             mask_.as<std::uint64_t>());
    FL_CUDA_CHECK_LAUNCH("MaskKernel");
    MaskScanKernel<<<1, 256, words * sizeof(std::uint64_t), stream_.get()>>>(mask_.as<std::uint64_t>(), n,
                                                                             words, kept, kept + capacity_);
    FL_CUDA_CHECK_LAUNCH("MaskScanKernel");
  } else if (form == NmsForm::Serial) {
    SerialNmsKernel<<<1, 1, 0, stream_.get()>>>(sorted, n, width_, p.box, p.iou, kept, kept + capacity_);
    FL_CUDA_CHECK_LAUNCH("SerialNmsKernel");
  } else {
    FL_CUDA_CHECK(cudaMemsetAsync(state_.get(), 0, n, stream_.get()));
    for (int round = 0; round <= n; ++round) {
      int changed = 0;
      FL_CUDA_CHECK(cudaMemsetAsync(flag_.get(), 0, sizeof(int), stream_.get()));
      RoundKernel<<<DivUp(n, 128), 128, 0, stream_.get()>>>(sorted, n, width_, p.box, p.iou,
                                                            state_.as<std::int8_t>(), flag_.as<int>());
      FL_CUDA_CHECK_LAUNCH("RoundKernel");
      FL_CUDA_CHECK(
          cudaMemcpyAsync(&changed, flag_.get(), sizeof(int), cudaMemcpyDeviceToHost, stream_.get()));
      stream_.Synchronize();
      if (!changed) break;
    }
    states.resize(n);
    FL_CUDA_CHECK(cudaMemcpyAsync(states.data(), state_.get(), n, cudaMemcpyDeviceToHost, stream_.get()));
    stream_.Synchronize();
    for (int i = 0; i < n; ++i) {
      if (states[i] == 0)
        throw RuntimeError("keypoints: nms_rounds left box " + std::to_string(i) + " undecided");
      if (states[i] == 1) kept_positions_.push_back(i);
    }
    return;
  }
  int count = 0;
  FL_CUDA_CHECK(
      cudaMemcpyAsync(&count, kept + capacity_, sizeof(int), cudaMemcpyDeviceToHost, stream_.get()));
  stream_.Synchronize();
  kept_positions_.resize(count);
  if (count > 0)
    FL_CUDA_CHECK(cudaMemcpyAsync(kept_positions_.data(), kept, count * sizeof(int), cudaMemcpyDeviceToHost,
                                  stream_.get()));
  stream_.Synchronize();
}

labs::KeypointsOutcome KeypointsDevice::Outcome(const labs::KeypointsParams& p) const {
  std::vector<std::uint64_t> keys(listed_);
  if (listed_ > 0)
    FL_CUDA_CHECK(
        cudaMemcpy(keys.data(), sorted_.get(), listed_ * sizeof(std::uint64_t), cudaMemcpyDeviceToHost));
  labs::KeypointsOutcome out{found_, found_ - listed_, {}};
  for (const int k : kept_positions_) out.kept.push_back(labs::BoxOfKey(keys.at(k), width_, p.box));
  return out;
}

std::vector<std::uint64_t> KeypointsDevice::CompactOnly(int threshold, long long* found) {
  Candidates(threshold);
  std::vector<std::uint64_t> slots(capacity_ + guard_);
  FL_CUDA_CHECK(
      cudaMemcpy(slots.data(), list_.get(), slots.size() * sizeof(std::uint64_t), cudaMemcpyDeviceToHost));
  if (found) *found = found_;
  return slots;
}

void KeypointsDevice::PoisonList(std::uint64_t poison) {
  const std::vector<std::uint64_t> host(capacity_ + guard_, poison);
  FL_CUDA_CHECK(
      cudaMemcpy(list_.get(), host.data(), host.size() * sizeof(std::uint64_t), cudaMemcpyHostToDevice));
}

}  // namespace fl::cuda
