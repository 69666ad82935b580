#pragma once
// The keypoints lab around core/labs/keypoints.hpp: its input, its parameters, the CPU reference run and the
// report (JSON, table lines, the "boxes" picture) that the CPU and CUDA runs share.
#include <string>
#include <utility>
#include <vector>

#include "core/lab_spec.hpp"
#include "core/labs/keypoints.hpp"

namespace fl::labs {

struct KeypointsParams {
  int threshold = 30;  // gray levels of contrast between the inner and outer box means
  double iou = 0.3;
  int capacity = 4096;
  int box = 16;
};
KeypointsParams KeypointsParamsOf(const ParamValues& p);
std::vector<ParamSpec> KeypointsParamSpecs();

// Bright discs and squares of several sizes on a dark, slightly textured background, fixed by the size.
Image GenerateBlobs(int size);
// The request's input as gray8 (rgba8 converted with the BT.601 luma), or GenerateBlobs(r.size).
// Throws InputError for a gray32f input.
Image KeypointsGray(const LabRequest& r);

struct KeypointsOutcome {
  long long candidates = 0;  // local maxima above the threshold, listed or not
  long long overflow = 0;    // those the list had no room for
  std::vector<KeyBox> kept;  // sorted by (score desc, index asc)
};
// The serial reference: response, compaction in raster order, sort, greedy NMS.
KeypointsOutcome KeypointsReference(const Image& gray, const KeypointsParams& p);

// Two outcomes agree when they found as many candidates and overflowed as much and, without overflow, kept
// the same boxes. (An overflowing atomic list holds whichever candidates got there first, so the kept sets of
// an overflowing run are not comparable.)
bool SameOutcome(const KeypointsOutcome& a, const KeypointsOutcome& b);

struct KeypointsVariantRun {
  std::string id;
  double ms = 0;
  bool matches_reference = false;
  KeypointsOutcome outcome;
  std::vector<std::pair<std::string, double>> stages_ms;  // where the time went, when the variant says
};
// The report: JSON fields as the lab declares them (boxes from the first run), the table, the picture.
LabResult KeypointsReport(const LabRequest& r, const Image& gray, const KeypointsParams& p,
                          const std::vector<KeypointsVariantRun>& runs);

LabResult RunKeypointsCpu(const LabRequest& r);

}  // namespace fl::labs
