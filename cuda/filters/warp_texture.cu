// The `texture` geometry kernel: the input is bound to a texture object with hardware bilinear filtering and
// a border colour, so one tex2D call does the four fetches, the edge test and the interpolation. The hardware
// holds the interpolation weights in 9-bit fixed point (8 fractional bits), so results differ from the float
// reference by up to 2 (each axis' weight is off by < 1/256, times a step of at most 255).
#include "core/cpu/affine.hpp"
#include "cuda/filters/warp.hpp"
#include "cuda/kernel_util.cuh"
#include "cuda/owners.hpp"

namespace fl::cuda {
namespace {

// Owner of a texture object for the duration of one launch.
class TextureObject : public UniqueHandle<cudaTextureObject_t, TextureObject> {
 public:
  static TextureObject Create(const cudaResourceDesc& res, const cudaTextureDesc& tex) {
    cudaTextureObject_t t = 0;
    FL_CUDA_CHECK(cudaCreateTextureObject(&t, &res, &tex, nullptr));
    return TextureObject(t);
  }
  static void Release(cudaTextureObject_t t) noexcept {
    LogReleaseError(cudaDestroyTextureObject(t), "cudaDestroyTextureObject");
  }

 private:
  using UniqueHandle::UniqueHandle;
};

// Reads the pitched input as normalized floats (0..1) with bilinear filtering; taps outside the image read
// the border colour fill/255 (the colour is given in the read mode's units), as the reference reads `fill`.
TextureObject BindInput(const DeviceView& in, std::uint8_t fill) {
  cudaResourceDesc res{};
  res.resType = cudaResourceTypePitch2D;
  res.res.pitch2D.devPtr = in.data;
  res.res.pitch2D.desc = in.shape.format == PixelFormat::Rgba8 ? cudaCreateChannelDesc<uchar4>()
                                                               : cudaCreateChannelDesc<unsigned char>();
  res.res.pitch2D.width = static_cast<std::size_t>(in.shape.width);
  res.res.pitch2D.height = static_cast<std::size_t>(in.shape.height);
  res.res.pitch2D.pitchInBytes = in.pitch;
  cudaTextureDesc tex{};
  tex.addressMode[0] = cudaAddressModeBorder;
  tex.addressMode[1] = cudaAddressModeBorder;
  tex.filterMode = cudaFilterModeLinear;
  tex.readMode = cudaReadModeNormalizedFloat;
  tex.normalizedCoords = 0;
  for (float& c : tex.borderColor) c = fill / 255.0f;
  return TextureObject::Create(res, tex);
}

__device__ inline void Store(std::uint8_t* dst, float v) { dst[0] = cpu::RoundToU8(v * 255.0f); }
__device__ inline void Store(std::uint8_t* dst, float4 v) {
  *reinterpret_cast<uchar4*>(dst) = make_uchar4(cpu::RoundToU8(v.x * 255.0f), cpu::RoundToU8(v.y * 255.0f),
                                                cpu::RoundToU8(v.z * 255.0f), cpu::RoundToU8(v.w * 255.0f));
}

// V is float (gray8) or float4 (rgba8): what tex2D returns in normalized-float read mode.
template <typename V>
__global__ void WarpBilinearTexture(cudaTextureObject_t tex, int in_w, int in_h, std::uint8_t* out,
                                    std::size_t out_pitch, int out_w, int out_h, cpu::AffineF inverse,
                                    std::uint8_t fill) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out_w || y >= out_h) return;
  constexpr int kChannels = sizeof(V) / sizeof(float);
  std::uint8_t* dst = RowPtr<std::uint8_t>(out, out_pitch, y) + x * kChannels;
  float sx, sy;
  cpu::MapPoint(inverse, x, y, sx, sy);
  // Far outside: the reference's test, so the large filled areas are exactly `fill` and cost no fetch.
  if (!(sx >= -1.0f && sx < static_cast<float>(in_w) && sy >= -1.0f && sy < static_cast<float>(in_h))) {
    for (int c = 0; c < kChannels; ++c) dst[c] = fill;
    return;
  }
  // Texel (i, j) has its centre at (i + 0.5, j + 0.5) in texture coordinates.
  Store(dst, tex2D<V>(tex, sx + 0.5f, sy + 0.5f));
}

void LaunchTexture(const CudaCall& c, const cpu::WarpSetup& s) {
  const TextureObject tex = BindInput(c.in, s.fill);
  const dim3 grid = GridOf(c);
  const auto kernel =
      c.in.shape.format == PixelFormat::Rgba8 ? WarpBilinearTexture<float4> : WarpBilinearTexture<float>;
  kernel<<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(tex.get(), c.in.shape.width, c.in.shape.height,
                                                      c.out.data, c.out.pitch, c.out.shape.width,
                                                      c.out.shape.height, s.inverse, s.fill);
  FL_CUDA_CHECK_LAUNCH("WarpBilinearTexture");
  // Using a texture object after it is destroyed is undefined, and the launch is asynchronous: wait for the
  // kernel before the owner destroys the object at the end of this scope.
  FL_CUDA_CHECK(cudaStreamSynchronize(StreamOf(c)));
}

}  // namespace

void LaunchWarpAffineTexture(const CudaCall& c) {
  LaunchTexture(c, cpu::WarpAffineSetup(c.params, c.in.shape));
}
void LaunchLetterboxTexture(const CudaCall& c) {
  LaunchTexture(c, cpu::LetterboxSetup(c.params, c.in.shape));
}

const void* WarpTextureKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return f == PixelFormat::Rgba8 ? reinterpret_cast<const void*>(&WarpBilinearTexture<float4>)
                                 : reinterpret_cast<const void*>(&WarpBilinearTexture<float>);
}

}  // namespace fl::cuda
