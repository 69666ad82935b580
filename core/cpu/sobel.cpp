#include "core/cpu/sobel.hpp"

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/cpu/row_loop.hpp"
#include "core/cpu/sobel_math.hpp"

namespace fl::cpu {

bool SobelWantsFloat(const ParamValues& params) { return params.Text("output") == "gray32f"; }

// In: the stored input type; T: the arithmetic type (int for gray8, float for gray32f); Out: the output type.
template <typename In, typename Out>
static void SobelRows(const CpuCall& c, bool parallel) {
  using T = std::conditional_t<std::is_same_v<In, float>, float, int>;
  const int w = c.in.width();
  const int h = c.in.height();
  ForEachRow(h, parallel, [&](int y) {
    const In* rows[3] = {c.in.Row<In>(std::max(y - 1, 0)), c.in.Row<In>(y), c.in.Row<In>(std::min(y + 1, h - 1))};
    Out* out = c.out.Row<Out>(y);
    for (int x = 0; x < w; ++x) {
      const int xl = std::max(x - 1, 0);
      const int xr = std::min(x + 1, w - 1);
      sobel::RowTerms<T> t[3];
      for (int r = 0; r < 3; ++r)
        t[r] = sobel::Row<T>(static_cast<T>(rows[r][xl]), static_cast<T>(rows[r][x]), static_cast<T>(rows[r][xr]));
      const float m = sobel::Magnitude(sobel::Gx(t[0], t[1], t[2]), sobel::Gy(t[0], t[2]));
      if constexpr (std::is_same_v<Out, float>)
        out[x] = m;
      else
        out[x] = sobel::ToGray8(m);
    }
  });
}

static void Sobel(const CpuCall& c, bool parallel) {
  const bool float_in = c.in.format() == PixelFormat::Gray32f;
  const bool float_out = SobelWantsFloat(c.params);
  if (float_in)
    float_out ? SobelRows<float, float>(c, parallel) : SobelRows<float, std::uint8_t>(c, parallel);
  else
    float_out ? SobelRows<std::uint8_t, float>(c, parallel) : SobelRows<std::uint8_t, std::uint8_t>(c, parallel);
}

void SobelReference(const CpuCall& call) { Sobel(call, false); }
void SobelOpenmp(const CpuCall& call) { Sobel(call, true); }

}  // namespace fl::cpu
