// Probe (not part of the app): how fast can the strip kernels' memory structure alone go, with almost no
// arithmetic? A warp owns a 512-byte strip (32 lanes x 16 bytes) of ppt output rows, reads ppt + 2R input rows
// through a cp.async ring of 4 slots (3 rows in flight, as cuda/filters/row_pipe.cuh), and writes the vertical
// max of each 2R + 1 rows. Timed against a device-to-device copy of the same bytes, L2 flushed before every run.
//   strip_probe [W H]   prints: R ppt alt warps_per_sm ms pct_of_copy
// alt: odd strips walk bottom-up, so that a strip's last rows are read when its neighbour reads its first ones.
// pad: extra dynamic shared memory per block to cap the blocks per SM (emulating a register-limited kernel).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                     \
  do {                                                                            \
    cudaError_t e_ = (x);                                                         \
    if (e_ != cudaSuccess) {                                                      \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
      std::exit(1);                                                               \
    }                                                                             \
  } while (0)

__device__ __forceinline__ void Cp16(void* s, const void* g) {
  const unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(s));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(a), "l"(g) : "memory");
}
__device__ __forceinline__ void Commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void Wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__device__ __forceinline__ uint4 Max4(uint4 a, uint4 b) {
  return make_uint4(__vmaxu4(a.x, b.x), __vmaxu4(a.y, b.y), __vmaxu4(a.z, b.z), __vmaxu4(a.w, b.w));
}

template <int R, bool kAlt, bool kEdge = false, bool kShfl = false>
__global__ void __launch_bounds__(256) StripMax(const std::uint8_t* in, std::uint8_t* out, int pitch, int h, int ppt) {
  extern __shared__ uint4 ring[];
  const int threads = static_cast<int>(blockDim.x * blockDim.y);
  uint4* own = ring + threadIdx.y * blockDim.x + threadIdx.x;
  uint4* edge = own + 4 * threads;
  const int lane = threadIdx.x & 31;
  const int w = pitch;
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x) * 16;
  const int strip = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  const int y0 = strip * ppt;
  if (y0 >= h) return;
  const int end = min(ppt, h - y0);
  const bool up = kAlt && (strip & 1);
  const int in_rows = end + 2 * R;
  auto in_row = [&](int i) { return min(max(up ? y0 + end - 1 + R - i : y0 - R + i, 0), h - 1); };
  auto issue = [&](int i) {
    if (i < in_rows) {
      const std::uint8_t* row = in + static_cast<size_t>(in_row(i)) * pitch;
      Cp16(own + (i & 3) * threads, row + x);
      if (kEdge && (lane == 0 || lane == 31)) {
        const int ex = lane == 0 ? x - 16 : x + 16;
        if (ex >= 0 && ex + 16 <= w) Cp16(edge + (i & 3) * threads, row + ex);
        else edge[(i & 3) * threads] = make_uint4(0, 0, 0, 0);
      }
    }
    Commit();
  };
  auto take = [&](int i) {
    Wait2();
    uint4 v = own[(i & 3) * threads];
    if (kEdge) {
      const uint4 e = edge[(i & 3) * threads];
      if (lane == 0 || lane == 31) v.x = __vmaxu4(v.x, e.w);
    }
    if (kShfl) {
      v.x = __vmaxu4(v.x, __shfl_up_sync(0xffffffffu, v.w, 1));
      v.w = __vmaxu4(v.w, __shfl_down_sync(0xffffffffu, v.x, 1));
    }
    issue(i + 3);
    return v;
  };
  for (int i = 0; i < 3; ++i) issue(i);
  uint4 win[2 * R + 1];
#pragma unroll
  for (int i = 0; i < 2 * R; ++i) win[i] = take(i);
  for (int j = 0; j < end; ++j) {
    win[2 * R] = take(j + 2 * R);
    uint4 m = win[0];
#pragma unroll
    for (int i = 1; i <= 2 * R; ++i) m = Max4(m, win[i]);
    const int y = up ? y0 + end - 1 - j : y0 + j;
    *reinterpret_cast<uint4*>(out + static_cast<size_t>(y) * pitch + x) = m;
#pragma unroll
    for (int i = 0; i < 2 * R; ++i) win[i] = win[i + 1];
  }
}

using Kernel = void (*)(const std::uint8_t*, std::uint8_t*, int, int, int);

template <int R>
Kernel Pick(bool alt) { return alt ? StripMax<R, true> : StripMax<R, false>; }
Kernel PickMode(int mode) {
  switch (mode) {
    case 1: return StripMax<2, true, false, true>;
    case 2: return StripMax<2, true, true, false>;
    case 3: return StripMax<2, true, true, true>;
    default: return StripMax<2, true, false, false>;
  }
}

int main(int argc, char** argv) {
  const int w = argc > 2 ? std::atoi(argv[1]) : 8192, h = argc > 2 ? std::atoi(argv[2]) : 8192;
  const size_t bytes = static_cast<size_t>(w) * h;
  std::uint8_t *in, *out, *flush;
  const size_t flush_bytes = 128u << 20;
  CK(cudaMalloc(&in, bytes));
  CK(cudaMalloc(&out, bytes));
  CK(cudaMalloc(&flush, flush_bytes));
  CK(cudaMemset(in, 7, bytes));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  auto time = [&](auto&& run) {
    std::vector<float> t;
    for (int rep = 0; rep < 35; ++rep) {
      CK(cudaMemsetAsync(flush, rep, flush_bytes));
      CK(cudaEventRecord(a));
      run();
      CK(cudaEventRecord(b));
      CK(cudaEventSynchronize(b));
      float ms = 0;
      CK(cudaEventElapsedTime(&ms, a, b));
      if (rep >= 5) t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
  };
  const float copy = time([&] { CK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice)); });
  std::printf("copy %.4f ms\n", copy);
  std::printf("R ppt alt block_y pad_kb warps_per_sm ms pct mode(1 shfl, 2 edge, 3 both)\n");
  struct Case { int r, ppt; bool alt; int by, pad_kb; int mode; };
  std::vector<Case> cases;
  for (int pad : {0, 20})
    for (int ppt : {8, 16})
      for (int mode : {0, 1, 2, 3}) cases.push_back({2, ppt, true, 4, pad, mode});
  for (const Case& c : cases) {
    Kernel k = PickMode(c.mode);
    const int threads = 32 * c.by;
    const size_t smem = static_cast<size_t>(threads) * 8 * 16 + static_cast<size_t>(c.pad_kb) * 1024;
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
    const dim3 block(32, c.by), grid(w / 512, (h + c.by * c.ppt - 1) / (c.by * c.ppt));
    int per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k, threads, smem));
    const float ms = time([&] {
      k<<<grid, block, smem>>>(in, out, w, h, c.ppt);
      CK(cudaGetLastError());
    });
    std::printf("%d %d %d %d %d %d %.4f %.1f %d\n", c.r, c.ppt, c.alt ? 1 : 0, c.by, c.pad_kb, per_sm * c.by, ms,
                100.0 * copy / ms, c.mode);
  }
  (void)sms;
  return 0;
}
