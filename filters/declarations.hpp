#pragma once
// Helpers that keep each filter's declaration short, and the list of declared filters.
#include <string>

#include "core/filter_spec.hpp"

namespace fl::filters {

// The CPU oracle: plain loops in row order.
VariantSpec CpuReference(CpuFilterFn fn);
// The same code as the reference on several threads; bit-identical to it.
VariantSpec CpuOpenmp(CpuFilterFn fn);
// A CUDA variant with a block size (default 32x8) and nothing else to tune.
VariantSpec CudaVariant(std::string id, std::string technique, std::string expectation, CudaLaunchFn launch,
                        KernelFn kernel);

// One function per filter family, each in its own file.
FilterSpec DeclareGray();
FilterSpec DeclareGauss3();
FilterSpec DeclareGauss();
FilterSpec DeclareDilate3(), DeclareErode3();  // one family: filters/morph3.cpp
FilterSpec DeclareBrightnessContrast(), DeclareInvert(), DeclareThreshold();  // filters/point_ops.cpp
FilterSpec DeclareAdd(), DeclareSub(), DeclareAbsdiff();  // two-input point ops, filters/point_ops.cpp
FilterSpec DeclareBox2x2();
FilterSpec DeclareSobel();
FilterSpec DeclareDilate5(), DeclareErode5();  // one family: filters/morph5.cpp
FilterSpec DeclareBox();
FilterSpec DeclareWarpAffine(), DeclareLetterbox();  // filters/geometry.cpp

}  // namespace fl::filters
