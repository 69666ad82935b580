// Declaration of the `streams` lab: independent kernels on one stream or several, and the timeline that shows
// whether they ran side by side.
#include "core/lab_registry.hpp"
#include "core/labs/lab_params.hpp"
#include "cuda/labs/streams_lab.hpp"

namespace fl::labs {

static LabSpec DeclareStreams() {
  LabSpec l;
  l.id = "streams";
  l.title = "Streams: independent kernels side by side";
  l.teaching =
      "The image is cut into K horizontal bands and each band gets its own small kernel: a compute-bound "
      "integer loop per pixel, on a grid of only a few blocks (a 256-pixel-wide band of 16 rows is 16 "
      "blocks of 32x8; an H100 has 132 SMs), so one kernel leaves most of the GPU idle. On one stream the "
      "kernels run one after another: a stream is a queue, and its work is ordered. Spread over several "
      "streams (band k on stream k mod n), the kernels are independent as far as the GPU knows, and the "
      "scheduler runs them at the same time on the idle SMs. Every kernel sits between two events on its "
      "stream, all measured from one start event, so the timeline shows exactly that: one row per stream, a "
      "bar per kernel. Streams help only while kernels are small: make each band big enough to fill the "
      "GPU (a larger size or fewer kernels) and streams buy nothing, because there is nothing idle left to "
      "overlap with. (An event marks when its stream reached it: a bar also holds any wait for free SMs, so "
      "compare the totals too; the speedup is one_stream's time over multi_stream's.)";
  l.params = {
      IntParam("streams", 1, 8, 4, "streams the multi_stream variant spreads the kernels over"),
      IntParam("kernels", 1, 64, 16, "independent kernels (image bands)"),
      IntParam("iterations", 1, 200000, 20000,
                "rounds of the integer mixing loop per pixel: how long each kernel computes"),
  };
  l.variants = {
      {"one_stream", Backend::Cuda, "Every kernel on one stream, in order.",
       "The sum of the kernels' times: each waits for the one before, however idle the GPU is."},
      {"multi_stream", Backend::Cuda, "Kernel k on stream k mod n, all released together from one event.",
       "About the time of the longest stream's kernels when the kernels are small enough to share the GPU: "
       "the timeline's bars overlap across rows."},
  };
  l.default_size = 256;
  l.max_size = 4096;
  l.takes_image = true;  // the current image's bands (rgba8 as its luma), instead of generated noise
  l.needs_cuda = true;
  l.run_cuda = cuda::RunStreamsLab;
  return l;
}
FL_REGISTER_LAB(60, DeclareStreams);

}  // namespace fl::labs
