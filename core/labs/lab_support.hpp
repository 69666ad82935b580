#pragma once
// What the keypoints and gemm labs share on the host: the median of timed repeats, cancel and progress
// polling, and the variants a request selects.
#include <string>
#include <vector>

#include "core/lab_spec.hpp"

namespace fl::labs {

// Runs `work` `repeats` times (after one untimed warm-up) and returns the median wall time in milliseconds.
template <typename Work>
double MedianMs(int repeats, Work&& work);
double MedianOf(std::vector<double> ms);
double NowMs();

// Throws InputError("cancelled") when the request's cancel flag is set; reports progress in [0, 1].
void PollCancel(const LabRequest& r);
void ReportProgress(const LabRequest& r, double fraction);

// Whether the request runs variant `id` of its backend: it names it, or names none (CheckedLabRequest has
// already refused variants of the other backend).
bool Wants(const LabRequest& r, const std::string& id);
// The ids of the lab's variants of the request's backend that it runs, in declaration order: a run loops over
// these, so a variant is listed once, in its declaration.
std::vector<std::string> RequestedVariants(const LabSpec& lab, const LabRequest& r);

template <typename Work>
double MedianMs(int repeats, Work&& work) {
  work();
  std::vector<double> ms;
  for (int i = 0; i < repeats; ++i) {
    const double t0 = NowMs();
    work();
    ms.push_back(NowMs() - t0);
  }
  return MedianOf(std::move(ms));
}

}  // namespace fl::labs
