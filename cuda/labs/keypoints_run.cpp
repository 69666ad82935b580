#include "cuda/labs/keypoints_run.hpp"

#include "core/lab_registry.hpp"
#include "core/labs/keypoints_lab.hpp"
#include "core/labs/lab_support.hpp"
#include "cuda/labs/keypoints_device.hpp"

namespace fl::cuda {

LabResult RunKeypointsCuda(const LabRequest& r) {
  const Image gray = labs::KeypointsGray(r);
  const labs::KeypointsParams p = labs::KeypointsParamsOf(r.params);
  const labs::KeypointsOutcome reference = labs::KeypointsReference(gray, p);
  KeypointsDevice device(gray, p.capacity);
  std::vector<labs::KeypointsVariantRun> runs;
  const std::vector<std::string> ids = labs::RequestedVariants(GetLab("keypoints"), r);
  for (const std::string& id : ids) {
    labs::PollCancel(r);
    const NmsForm form = ParseNmsForm(id);
    labs::KeypointsVariantRun run;
    run.id = id;
    run.ms = labs::MedianMs(r.repeat, [&] { device.Run(p, form); });
    run.outcome = device.Outcome(p);
    const KeypointsDevice::StageMs stages = device.LastStages();
    run.stages_ms = {{"candidates", stages.candidates}, {"sort", stages.sort}, {"nms", stages.nms}};
    run.matches_reference = labs::SameOutcome(run.outcome, reference);
    runs.push_back(std::move(run));
    labs::ReportProgress(r, static_cast<double>(runs.size()) / ids.size());
  }
  return labs::KeypointsReport(r, gray, p, runs);
}

}  // namespace fl::cuda
