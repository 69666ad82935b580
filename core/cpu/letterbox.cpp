#include "core/cpu/letterbox.hpp"

#include "core/cpu/warp_affine.hpp"
#include "core/error.hpp"

namespace fl::cpu {

void LetterboxReference(const CpuCall& c) {
  WarpBilinear(c.in, c.out, LetterboxSetup(c.params, c.in.shape), false);
}
void LetterboxOpenmp(const CpuCall& c) {
  WarpBilinear(c.in, c.out, LetterboxSetup(c.params, c.in.shape), true);
}

ImageShape LetterboxOutput(const ImageShape& in, const ParamValues& params) {
  const ImageShape out{params.Int("width"), params.Int("height"), in.format};
  try {
    CheckImageShape(out);
  } catch (const InputError& e) {
    throw InputError(std::string("letterbox output: ") + e.what());
  }
  return out;
}

}  // namespace fl::cpu
