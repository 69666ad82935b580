#pragma once
// What the kernel source view shows for one CUDA variant: its kernel's source as this build compiled it (the
// sources of cuda/filters/ are embedded at build time), the launch line with the plan's grid and block, and the
// lines that differ from the filter's naive kernel.
#include <string>
#include <string_view>
#include <vector>

#include "core/filter_spec.hpp"
#include "core/line_diff.hpp"
#include "core/plan.hpp"
#include "core/source_excerpt.hpp"

namespace fl::cli {

// The embedded text of a file of cuda/filters/ or cuda/*.cuh ("gauss3.cu"); empty when no such file was embedded.
std::string_view EmbeddedKernelFile(std::string_view file);

struct KernelListing {
  std::string file;                        // "gauss3.cu"
  std::vector<std::string> names;          // the functions declared, main kernel first
  std::vector<SourceExcerpt> excerpts;     // those found, in the same order
  std::vector<std::string> excerpt_files;  // the file each excerpt is from
  std::string missing;                     // what could not be found, "" when everything was
  std::string base_variant;                // compared against: "naive", else the first CUDA variant; "" for itself
  std::vector<DiffLine> diff;              // the base's main function -> this one's (empty without a base)
};

// The variant the view compares a variant with: the filter's "naive" CUDA variant, else its first CUDA variant.
const VariantSpec* BaseVariant(const FilterSpec& f);
KernelListing ListKernel(const FilterSpec& f, const VariantSpec& v);

// The launch as the plan made it: "Gauss3Naive<<<grid(64, 256), block(32, 8), 0 B smem>>>  (16384 blocks, 131072
// threads)". For a stage that runs no CUDA kernel, says so.
std::string LaunchLine(const PlannedStage& s);

}  // namespace fl::cli
