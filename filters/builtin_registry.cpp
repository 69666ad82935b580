#include "filters/builtin_registry.hpp"

#include "filters/declarations.hpp"

namespace fl {

const Registry& BuiltinRegistry() {
  static const Registry registry({
      filters::DeclareGray(),
      filters::DeclareGauss3(),
      filters::DeclareGauss(),
      filters::DeclareDilate3(), filters::DeclareErode3(),
      filters::DeclareBrightnessContrast(), filters::DeclareInvert(), filters::DeclareThreshold(),
      filters::DeclareAdd(), filters::DeclareSub(), filters::DeclareAbsdiff(),
      filters::DeclareBox2x2(),
      filters::DeclareSobel(),
      filters::DeclareDilate5(), filters::DeclareErode5(),
      filters::DeclareBox(),
      filters::DeclareWarpAffine(), filters::DeclareLetterbox(),
  });
  return registry;
}

}  // namespace fl
