#include "core/labs/keypoints_lab.hpp"

#include <algorithm>
#include <cstdio>

#include "core/cpu/gray.hpp"
#include "core/error.hpp"
#include "core/labs/lab_params.hpp"
#include "core/labs/lab_pictures.hpp"
#include "core/labs/lab_support.hpp"

namespace fl::labs {

KeypointsParams KeypointsParamsOf(const ParamValues& p) {
  return {p.Int("threshold"), p.Number("iou"), p.Int("capacity"), p.Int("box")};
}

std::vector<ParamSpec> KeypointsParamSpecs() {
  return {IntParam("threshold", 0, 255, 30,
                   "contrast (gray levels) between the 5x5 and 13x13 box means a candidate must exceed"),
          FloatParam("iou", 0, 1, 0.3,
                     "a box is suppressed by a kept higher-scoring box whose IoU with it is above this"),
          IntParam("capacity", 1, 16384, 4096,
                   "room in the candidate list; candidates beyond it are counted as overflow, never written"),
          IntParam("box", 2, 256, 16, "side of the box around each candidate, in pixels")};
}

namespace {
std::uint32_t NextRandom(std::uint32_t& s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}
}  // namespace

Image GenerateBlobs(int size) {
  Image img(size, size, PixelFormat::Gray8);
  std::uint32_t seed = 12345u + static_cast<std::uint32_t>(size);
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x)
      img.Row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(30 + NextRandom(seed) % 12);
  const long long area = static_cast<long long>(size) * size;
  const long long shapes = std::max<long long>(1, area / 3000);
  for (long long i = 0; i < shapes; ++i) {
    const int cx = static_cast<int>(NextRandom(seed) % size), cy = static_cast<int>(NextRandom(seed) % size);
    const int r = 2 + static_cast<int>(NextRandom(seed) % 10);
    const auto value = static_cast<std::uint8_t>(110 + NextRandom(seed) % 146);
    const bool square = i % 5 == 0;  // squares: corners and edges respond too, and their boxes overlap
    for (int y = std::max(0, cy - r); y <= std::min(size - 1, cy + r); ++y)
      for (int x = std::max(0, cx - r); x <= std::min(size - 1, cx + r); ++x)
        if (square || (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) img.Row<std::uint8_t>(y)[x] = value;
  }
  return img;
}

Image KeypointsGray(const LabRequest& r) {
  if (!r.input) return GenerateBlobs(r.size);
  if (r.input->format() == PixelFormat::Gray8) return *r.input;
  if (r.input->format() != PixelFormat::Rgba8)
    throw InputError("lab 'keypoints' takes a gray8 or rgba8 image, not gray32f");
  Image gray(r.input->width(), r.input->height(), PixelFormat::Gray8);
  const ParamValues none;
  cpu::GrayReference({r.input->View(), gray.MutableView(), none});
  return gray;
}

KeypointsOutcome KeypointsReference(const Image& gray, const KeypointsParams& p) {
  const CandidateList list =
      CompactCandidates(BoxResponse(gray), gray.width(), gray.height(), p.threshold, p.capacity);
  const std::vector<KeyBox> sorted = SortedBoxes(list.keys, gray.width(), p.box);
  KeypointsOutcome out{list.found, list.overflow, {}};
  for (const int k : GreedyNms(sorted, p.iou)) out.kept.push_back(sorted[k]);
  return out;
}

bool SameOutcome(const KeypointsOutcome& a, const KeypointsOutcome& b) {
  if (a.candidates != b.candidates || a.overflow != b.overflow) return false;
  if (a.overflow > 0) return true;
  return std::equal(a.kept.begin(), a.kept.end(), b.kept.begin(), b.kept.end(),
                    [](const auto& x, const auto& y) {
                      return x.index == y.index && x.score == y.score && x.x0 == y.x0 && x.y0 == y.y0 &&
                             x.x1 == y.x1 && x.y1 == y.y1;
                    });
}

LabResult KeypointsReport(const LabRequest& r, const Image& gray, const KeypointsParams& p,
                          const std::vector<KeypointsVariantRun>& runs) {
  if (runs.empty()) throw InputError("lab 'keypoints': no variant ran");
  LabResult out;
  const KeypointsOutcome& first = runs.front().outcome;
  auto& d = out.data;
  d["lab"] = "keypoints";
  d["backend"] = std::string(ToString(r.backend));
  d["size"] = r.input ? std::max(gray.width(), gray.height()) : r.size;
  d["width"] = gray.width();
  d["height"] = gray.height();
  d["boxes"] = nlohmann::json::array();
  for (const auto& b : first.kept)
    d["boxes"].push_back({b.x0, b.y0, b.x1, b.y1, static_cast<double>(b.score) / kScoreUnit});
  d["iou"] = p.iou;
  d["threshold"] = p.threshold;
  d["capacity"] = p.capacity;
  d["box"] = p.box;
  d["candidates"] = first.candidates;
  d["overflow"] = first.overflow;
  d["ms"] = runs.front().ms;
  d["variants"] = nlohmann::json::array();
  char line[200];
  std::snprintf(line, sizeof line, "keypoints %dx%d: %lld candidates, %lld overflow, %zu kept (iou > %.3g)",
                gray.width(), gray.height(), first.candidates, first.overflow, first.kept.size(), p.iou);
  out.lines.push_back(line);
  for (const auto& v : runs) {
    nlohmann::json j{{"id", v.id},
                     {"ms", v.ms},
                     {"matches_reference", v.matches_reference},
                     {"kept", v.outcome.kept.size()},
                     {"compared", v.outcome.overflow > 0 ? "counts" : "boxes"}};
    std::string stages;
    for (const auto& [name, ms] : v.stages_ms) {
      j["stages_ms"][name] = ms;
      std::snprintf(line, sizeof line, "%s %s %.3f", stages.empty() ? "  (" : ",", name.c_str(), ms);
      stages += line;
    }
    d["variants"].push_back(j);
    std::snprintf(line, sizeof line, "  %-18s %10.3f ms  kept %6zu  %s%s", v.id.c_str(), v.ms,
                  v.outcome.kept.size(), v.matches_reference ? "matches reference" : "DIFFERS from reference",
                  stages.empty() ? "" : (stages + " ms)").c_str());
    out.lines.push_back(line);
  }
  double scale = 1;
  LabPicture pic{"boxes", DownsampledRgba(gray, 512, &scale)};
  for (const auto& b : first.kept)
    DrawRect(pic.image, static_cast<int>(b.x0 * scale), static_cast<int>(b.y0 * scale),
             std::max(static_cast<int>(b.x1 * scale), static_cast<int>(b.x0 * scale) + 2),
             std::max(static_cast<int>(b.y1 * scale), static_cast<int>(b.y0 * scale) + 2), 0x30ff40ffu);
  out.pictures.push_back(std::move(pic));
  return out;
}

LabResult RunKeypointsCpu(const LabRequest& r) {
  const Image gray = KeypointsGray(r);
  const KeypointsParams p = KeypointsParamsOf(r.params);
  KeypointsVariantRun run;
  run.id = "reference";
  PollCancel(r);
  run.ms = MedianMs(r.repeat, [&] { run.outcome = KeypointsReference(gray, p); });
  run.matches_reference = true;
  ReportProgress(r, 1);
  return KeypointsReport(r, gray, p, {run});
}

}  // namespace fl::labs
