#pragma once
// Labs: the founding notes' techniques that are not image stencils (histogram, reduction, keypoints with NMS,
// matrix multiply, streams, transfers, the device). A lab is declared once, like a filter (core/filter_spec.hpp):
// id, title, teaching text, parameters and variants, and one function per backend that runs it. The CLI
// (`filterlab lab NAME`, `filterlab list`), the lab panels and the tests enumerate these declarations.
//
// Plain C++: the CUDA side is reached through function pointers whose signatures carry no CUDA types, so core/
// stays free of the CUDA runtime (the declarations in labs/ tie core/labs and cuda/labs together).
#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/filter_spec.hpp"
#include "core/image.hpp"
#include "core/params.hpp"

namespace fl {

struct LabVariantSpec {
  std::string id;                  // e.g. "shared_atomics"
  Backend backend = Backend::Cpu;  // the CPU reference is a variant too (id "reference")
  std::string technique;           // what it does, one or two sentences
  std::string expectation;         // what to expect and why
};

// What a lab run is asked to do. `input` may be null: the lab generates its own data (of `size`).
struct LabRequest {
  const Image* input = nullptr;
  int size = 0;  // 0: the lab's default_size
  Backend backend = Backend::Cpu;
  ParamValues params;                 // every declared parameter, checked against its ParamSpec
  std::vector<std::string> variants;  // empty: every variant of `backend` (plus the reference for checking)
  int repeat = 20;                    // timed repeats per variant; the median is reported
  // Long work polls these: set *cancel to stop early (the run throws InputError "cancelled"); progress in [0, 1].
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(float)> progress;
};

// A picture a lab produces for its panel or the report (e.g. the gemm matrices as heat maps, boxes drawn over
// the input). Small: downsampled to at most 512 pixels a side.
struct LabPicture {
  std::string name;  // "A", "B", "C", "boxes"
  Image image;
};

// What a run found. `data` is the JSON `filterlab lab NAME --json FILE` writes (each lab's fields as its issue
// says, plus "lab", "backend", "size" and "variants": [{"id", "ms", "matches_reference", ...}]); `lines` are the
// human table the CLI prints; panels read `data` and show `pictures`.
struct LabResult {
  nlohmann::json data = nlohmann::json::object();
  std::vector<std::string> lines;
  std::vector<LabPicture> pictures;
};

using LabRunFn = LabResult (*)(const LabRequest&);

struct LabSpec {
  std::string id;        // "histogram"
  std::string title;     // "Histogram: atomics and their contention"
  std::string teaching;  // what the lab shows, a paragraph
  std::vector<ParamSpec> params;
  std::vector<LabVariantSpec> variants;
  int default_size = 0;      // the generated input's size (pixels a side, or the matrix order) when none is given
  int max_size = 0;          // larger sizes are refused with a reason
  bool takes_image = false;  // --input FILE is meaningful
  bool needs_cuda = false;   // no CPU path at all (e.g. `transfers`): on the CPU backend the lab says so
  LabRunFn run_cpu = nullptr;   // nullptr when needs_cuda
  LabRunFn run_cuda = nullptr;  // nullptr when the lab has no CUDA side
};

}  // namespace fl
