#pragma once
// The keypoints pipeline on the GPU (cuda/labs/keypoints.cu): response, atomic compaction, radix sort, and
// one of three NMS forms. Device buffers are made once per image and reused by every run.
#include <cstdint>
#include <string>
#include <vector>

#include "core/labs/keypoints_lab.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {

enum class NmsForm { Bitmask, Rounds, Serial };
NmsForm ParseNmsForm(const std::string& variant_id);  // "nms_bitmask" ...; RuntimeError for an unknown id

class KeypointsDevice {
 public:
  KeypointsDevice(const Image& gray, int capacity, int guard_slots = 0);
  // The whole pipeline on the stream, up to a host-visible result (it synchronizes).
  void Run(const labs::KeypointsParams& p, NmsForm form);
  // Device time of the last Run's stages (CUDA events): response and compaction, sort, NMS (the host round
  // trips of nms_rounds included).
  struct StageMs {
    double candidates = 0, sort = 0, nms = 0;
  };
  StageMs LastStages() const;
  // What the last Run found: counts and kept boxes, sorted.
  labs::KeypointsOutcome Outcome(const labs::KeypointsParams& p) const;
  // Only the response and the compaction; returns every slot of the list (capacity + guard), unsorted.
  std::vector<std::uint64_t> CompactOnly(int threshold, long long* found);
  // Sets every slot of the list, guard included, to `poison`.
  void PoisonList(std::uint64_t poison);

 private:
  void Candidates(int threshold);
  void Nms(const labs::KeypointsParams& p, NmsForm form);

  int width_, height_, capacity_, guard_;
  Stream stream_;
  Event marks_[4];  // before the response, after compaction, after the sort, after NMS
  DeviceBuffer gray_, score_, list_, sorted_, counter_, sort_temp_, mask_, kept_, state_, flag_;
  long long found_ = 0;
  int listed_ = 0;
  std::vector<int> kept_positions_;
};

}  // namespace fl::cuda
