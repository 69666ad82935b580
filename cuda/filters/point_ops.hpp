#pragma once
// CUDA variants of the point operations, one kernel set for all of them: the kernels and launchers are templates
// on the operation functor (core/cpu/point_ops_math.hpp), instantiated in point_ops.cu for each operation.
#include "core/cpu/point_ops_math.hpp"
#include "core/filter_spec.hpp"

namespace fl::cuda {

// How a variant maps threads to pixels.
enum class PointLayout {
  Naive,   // one pixel per thread
  Ppt2x2,  // 2x2 pixels per thread, a block width / height apart (loads stay coalesced)
  Ppt4x4,  // 4x4 pixels per thread, likewise
  Vec4,    // 16 bytes of a row per thread: one uint4 load (per input) and one uint4 store
};

struct PointLaunchers {
  CudaLaunchFn launch = nullptr;
  KernelFn kernel = nullptr;
};

// The launcher and kernel of operation Op in one layout. Two-input ops read CudaCall::second and throw
// InputError when it is missing or shaped differently; Vec4 throws RuntimeError on rows not 16-byte aligned.
template <typename Op>
PointLaunchers PointOpLaunchers(PointLayout layout);

}  // namespace fl::cuda
