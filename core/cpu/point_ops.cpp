#include "core/cpu/point_ops.hpp"

#include <cstdint>
#include <string>

#include "core/cpu/row_loop.hpp"
#include "core/error.hpp"

namespace fl::cpu {

static std::string ShapeText(const ImageShape& s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height) + " " + std::string(ToString(s.format));
}

// The second input of a two-input op, checked: it must exist and match the first input's shape.
template <typename Op>
static const ImageView& SecondInput(const CpuCall& c) {
  if (!c.second) throw InputError(std::string(Op::kId) + " needs a second input (param 'with')");
  if (c.second->shape != c.in.shape)
    throw InputError(std::string(Op::kId) + ": second input is " + ShapeText(c.second->shape) + ", first is " +
                     ShapeText(c.in.shape));
  return *c.second;
}

template <typename Op>
static void PointOp(const CpuCall& c, bool parallel) {
  const Op op = Op::From(c.params);
  // Point ops act on each channel alike, so a row is simply RowBytes() channel values for gray8 and rgba8.
  const std::size_t n = c.in.shape.RowBytes();
  if constexpr (Op::kInputs == 2) {
    const ImageView& second = SecondInput<Op>(c);
    ForEachRow(c.in.height(), parallel, [&](int y) {
      const std::uint8_t* a = c.in.Row<std::uint8_t>(y);
      const std::uint8_t* b = second.Row<std::uint8_t>(y);
      std::uint8_t* out = c.out.Row<std::uint8_t>(y);
      for (std::size_t i = 0; i < n; ++i) out[i] = op(a[i], b[i]);
    });
  } else {
    ForEachRow(c.in.height(), parallel, [&](int y) {
      const std::uint8_t* a = c.in.Row<std::uint8_t>(y);
      std::uint8_t* out = c.out.Row<std::uint8_t>(y);
      for (std::size_t i = 0; i < n; ++i) out[i] = op(a[i]);
    });
  }
}

template <typename Op>
void PointOpReference(const CpuCall& call) {
  PointOp<Op>(call, false);
}
template <typename Op>
void PointOpOpenmp(const CpuCall& call) {
  PointOp<Op>(call, true);
}

#define FL_INSTANTIATE_POINT_OP(Op)                            \
  template void PointOpReference<point::Op>(const CpuCall&); \
  template void PointOpOpenmp<point::Op>(const CpuCall&);
FL_INSTANTIATE_POINT_OP(BrightnessContrast)
FL_INSTANTIATE_POINT_OP(Invert)
FL_INSTANTIATE_POINT_OP(Threshold)
FL_INSTANTIATE_POINT_OP(Add)
FL_INSTANTIATE_POINT_OP(Sub)
FL_INSTANTIATE_POINT_OP(Absdiff)
#undef FL_INSTANTIATE_POINT_OP

}  // namespace fl::cpu
