#include "app/cli/kernel_listing.hpp"

#include "core/strip_tiers.hpp"

#include "filterlab_kernel_sources_embedded.hpp"

namespace fl::cli {

std::string_view EmbeddedKernelFile(std::string_view file) {
  for (std::size_t i = 0; i < kernel_sources::kFileCount; ++i)
    if (kernel_sources::kFiles[i].name == file) return kernel_sources::kFiles[i].text;
  return {};
}

const VariantSpec* BaseVariant(const FilterSpec& f) {
  const VariantSpec* first = nullptr;
  for (const VariantSpec& v : f.variants) {
    if (v.backend != Backend::Cuda) continue;
    if (v.id == "naive") return &v;
    if (!first) first = &v;
  }
  return first;
}

static std::optional<SourceExcerpt> MainExcerpt(const VariantSpec& v) {
  if (v.source.functions.empty()) return std::nullopt;
  return FindDefinition(EmbeddedKernelFile(v.source.file), v.source.functions.front());
}

KernelListing ListKernel(const FilterSpec& f, const VariantSpec& v) {
  KernelListing out;
  out.file = v.source.file;
  out.names = v.source.functions;
  if (v.backend != Backend::Cuda) {
    out.missing = v.id + " is CPU code: no kernel";
    return out;
  }
  if (v.source.file.empty() || v.source.functions.empty()) {
    out.missing = f.id + "/" + v.id + " declares no kernel source";
    return out;
  }
  const std::string_view text = EmbeddedKernelFile(v.source.file);
  if (text.empty()) {
    out.missing = v.source.file + " is not among the embedded kernel sources";
    return out;
  }
  for (std::size_t i = 0; i < v.source.functions.size(); ++i) {
    const std::string& name = v.source.functions[i];
    std::optional<SourceExcerpt> e = FindDefinition(text, name);
    std::string file = v.source.file;
    // Helpers may live in a shared header: any embedded file (the main kernel must be in its own file).
    for (std::size_t k = 0; !e && i > 0 && k < kernel_sources::kFileCount; ++k) {
      e = FindDefinition(kernel_sources::kFiles[k].text, name);
      file = kernel_sources::kFiles[k].name;
    }
    if (e) {
      out.excerpts.push_back(*e);
      out.excerpt_files.push_back(file);
    } else {
      out.missing += (out.missing.empty() ? "" : "; ") + name + " not found in " + v.source.file;
    }
  }
  const VariantSpec* base = BaseVariant(f);
  if (base && base != &v && base->source.functions != v.source.functions) {
    const auto mine = MainExcerpt(v), theirs = MainExcerpt(*base);
    if (mine && theirs) {
      out.base_variant = base->id;
      out.diff = DiffLines(SplitLines(theirs->text), SplitLines(mine->text));
    }
  }
  return out;
}

// The launcher's tail strips (core/strip_tiers.hpp): their rows of blocks depend on how many blocks the device
// holds, which the plan does not know, so the line says what happens rather than the final count.
static std::string TailNote(const PlannedStage& s) {
  const int tail_rows = TailRowsFor(s.launch.ppt, s.tail.divisor);
  if (tail_rows == 0) return "";
  const std::string rows = s.tail.wave_quarters == kQuarterWave ? "a quarter of the rows"
                           : s.tail.wave_quarters == kHalfWave  ? "half the rows"
                                                                : "the rows";
  const std::string longer =
      s.tail.long_quarters == 0 ? ""
      : s.tail.long_max_rows > 0
          ? "; on a grid of many waves the strips, and so the tail's, grow to " + std::to_string(s.tail.long_max_rows) +
                " rows"
          : "; on a grid of many waves the strips, and so the tail's, double in length";
  return "; " + rows + " one wave of resident blocks covers run last, in strips of " + std::to_string(tail_rows) +
         " rows (more rows of blocks)" + longer;
}

std::string LaunchLine(const PlannedStage& s) {
  if (!s.runs_cuda()) return "no CUDA kernel runs for this stage";
  const std::string kernel = s.variant->source.functions.empty() ? s.variant->id : s.variant->source.functions[0];
  const long long blocks = static_cast<long long>(s.blocks_x) * s.blocks_y;
  const long long threads = blocks * s.launch.block_x * s.launch.block_y;
  return kernel + "<<<grid(" + std::to_string(s.blocks_x) + ", " + std::to_string(s.blocks_y) + "), block(" +
         std::to_string(s.launch.block_x) + ", " + std::to_string(s.launch.block_y) + "), " +
         std::to_string(s.smem_bytes) + " B smem>>>  (" + std::to_string(blocks) + " blocks, " +
         std::to_string(threads) + " threads" + (s.variant->uses.ppt ? ", ppt " + std::to_string(s.launch.ppt) : "") +
         ")" + TailNote(s);
}

}  // namespace fl::cli
