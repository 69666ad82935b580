#pragma once
// GPU time of GL work, measured by a GL_TIME_ELAPSED query and read without ever waiting for it: a result is
// picked up by Poll() once the GPU has it (usually the next frame), and an interval that starts while the last
// one is still in flight is not timed. GL allows one time-elapsed query at a time: intervals must not nest.
#include <chrono>

#include "render/gl_objects.hpp"

namespace fl::render {

class GlTimer {
 public:
  // Starts an interval; false (and nothing to End) when the previous result has not arrived yet.
  bool Begin();
  void End();
  // The last interval that completed, in ms; -1 before the first. A result longer than the wall time from
  // Begin to its arrival is impossible and dropped: Mesa's llvmpipe under EGL answers a context's first query
  // with its clock's absolute value (hours).
  double Poll();

 private:
  GlQuery query_;
  bool pending_ = false;
  double last_ms_ = -1;
  std::chrono::steady_clock::time_point begun_;
};

}  // namespace fl::render
