#pragma once
// The `columns` gauss variant (gauss_columns.cu): gray32f, radius 1..8, the column pass first with one column per
// thread, the row pass from shared memory. Plain C++ so that the declaration (filters/gauss.cpp) reads the same
// facts as the kernel.
#include <cstddef>
#include <optional>
#include <string>

#include "core/filter_spec.hpp"

namespace fl::cuda {

constexpr int kGaussColumnsMaxRadius = 8;
constexpr int kGaussColumnsMaxThreads = 512;  // the most threads a block may have (GaussColumnsProblem)

// Columns beyond the block's outputs on each side whose column sums the row pass reads: the radius rounded up to
// whole float4s, so that the row pass reads aligned 16-byte words.
constexpr int GaussColumnsApron(int radius) { return (radius + 3) / 4 * 4; }
// Rows per batch (one barrier each): whole windows of 2r + 1 rows, at least 8. A strip's last batch computes all
// its rows, so strips of whole batches waste none.
constexpr int GaussColumnsBatchRows(int radius) {
  return (2 * radius + 1) * ((8 + 2 * radius) / (2 * radius + 1));
}

void LaunchGaussColumns(const CudaCall& call);
const void* GaussColumnsKernel(PixelFormat f, const LaunchConfig& c, const ParamValues& p);
std::size_t GaussColumnsSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);
std::optional<std::string> GaussColumnsProblem(const LaunchConfig& c, const ParamValues& p);

// A block of block_x threads (one column each) writes the block_x - 2 x apron columns between its aprons, for a
// strip of ppt rows.
inline BlockFootprint GaussColumnsFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat) {
  return {c.block_x - 2 * GaussColumnsApron(p.Int("radius")), c.ppt, p.Int("radius")};
}

}  // namespace fl::cuda
