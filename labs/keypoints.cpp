// Declaration of the `keypoints` lab: a blob response, candidates compacted with atomics into a list of fixed
// capacity, a device sort, and non-maximum suppression done three ways on the GPU, each equal to greedy NMS.
#include "core/lab_registry.hpp"
#include "core/labs/keypoints_lab.hpp"
#include "cuda/labs/keypoints_run.hpp"

namespace fl::labs {

static LabSpec DeclareKeypoints() {
  LabSpec lab;
  lab.id = "keypoints";
  lab.title = "Keypoints: atomic compaction, a device sort and parallel non-maximum suppression";
  lab.teaching =
      "Detection in three steps, each a GPU pattern of its own. (1) A response map: the difference between "
      "a 5x5 and a 13x13 box mean around each pixel (a blob detector), computed in int32 as max(0, 169 * "
      "inner_sum - 25 * outer_sum) (bright blobs: with |.| the dark ring around each blob would answer "
      "too), so the CPU and the GPU agree to the last bit and no float contraction (FMA) can reorder a tie. "
      "(2) Candidates: pixels above `threshold` (in gray levels of contrast) that are 3x3 local maxima "
      "(ties go to the earlier pixel in raster order) append themselves to a list with atomicAdd on one "
      "counter. The list has a fixed `capacity`: a thread whose slot is past the end writes nothing, and "
      "the counter still counts it, so the overflow is reported and the list is never overrun. Atomic "
      "appends come out in no particular order (and, on overflow, which candidates made it in is a race), "
      "so (3) the list is sorted on the device by a 64-bit key (score descending, pixel index ascending) "
      "with CUB's radix sort, and non-maximum suppression visits boxes in that order: a box is kept unless "
      "a kept box before it overlaps it with IoU > `iou`. The variants differ in how they make that "
      "inherently sequential rule parallel; all keep exactly the set the CPU's greedy loop keeps (IoU > t "
      "is decided as intersection > t * union in double, one rounding, the same on both sides). Without "
      "overflow the kept boxes are compared one by one; with overflow only the counts.";
  lab.params = KeypointsParamSpecs();
  lab.variants = {
      {"reference", Backend::Cpu,
       "Serial: the response with column sums, candidates in raster order (the first `capacity` listed), "
       "std::sort of the keys, then greedy NMS that checks each box against every kept box so far.",
       "The oracle. NMS costs O(candidates x kept): cheap for a few hundred boxes, seconds for ten "
       "thousand."},
      {"nms_bitmask", Backend::Cuda,
       "The standard GPU form: one thread per (box i, 64 boxes after it) computes a 64-bit word of the IoU "
       "matrix (bit j set when box j, lower-scoring, overlaps box i above the threshold): all n^2/2 IoU "
       "tests at once. Then one block scans the matrix in score order: if box i is not yet removed it is "
       "kept and its row is ORed into the removed bitset, the block's threads sharing the words of the OR.",
       "The fastest for many candidates: the quadratic part is fully parallel and the sequential part is n "
       "steps of a few word ORs each. Memory is n^2/8 bytes (32 MiB at the largest capacity, 16384)."},
      {"nms_rounds", Backend::Cuda,
       "Fixed-point rounds, one thread per box: a box whose every overlapping higher box is decided becomes "
       "kept (none of them kept) or suppressed (one kept); repeated until a round decides nothing new. Each "
       "round rescans every higher box, so it is naive work, but correct: a box is only decided from "
       "decided boxes, which is greedy NMS's own rule.",
       "Fast when the overlap chains are short (each round settles a whole generation of boxes), but every "
       "round is a launch plus a flag read back by the host, and a long chain of overlapping boxes takes as "
       "many rounds as it has links."},
      {"nms_serial", Backend::Cuda,
       "Greedy NMS on one GPU thread: exactly the CPU loop, run on the device so that nothing is copied "
       "back before the end.",
       "The lesson's warning: a GPU thread is far slower than a CPU core at sequential work, so this is the "
       "slowest variant once there are more than a few hundred candidates, even though the response, "
       "compaction and sort around it are parallel."},
  };
  lab.default_size = 1024;
  lab.max_size = 8192;
  lab.takes_image = true;
  lab.run_cpu = RunKeypointsCpu;
  lab.run_cuda = cuda::RunKeypointsCuda;
  return lab;
}

FL_REGISTER_LAB(40, DeclareKeypoints);

}  // namespace fl::labs
