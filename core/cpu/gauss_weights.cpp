#include "core/cpu/gauss_weights.hpp"

#include <cmath>

#include "core/error.hpp"

namespace fl {

std::vector<float> GaussWeights1D(int radius, float sigma) {
  if (radius < 0 || radius > kGaussMaxRadius)
    throw InputError("gauss radius " + std::to_string(radius) + " is outside 0.." +
                     std::to_string(kGaussMaxRadius));
  if (!(sigma > 0.0f)) throw InputError("gauss sigma " + std::to_string(sigma) + " must be > 0");
  // Exponentials and their sum in double, so that each float weight carries little more than its own rounding;
  // the weights are symmetric by construction because i and -i give the same exponent.
  const double two_s2 = 2.0 * static_cast<double>(sigma) * static_cast<double>(sigma);
  std::vector<double> e(2 * radius + 1);
  double sum = 0.0;
  for (int i = -radius; i <= radius; ++i)
    sum += e[i + radius] = std::exp(-static_cast<double>(i) * i / two_s2);
  std::vector<float> w(e.size());
  for (std::size_t i = 0; i < e.size(); ++i) w[i] = static_cast<float>(e[i] / sum);
  return w;
}

std::vector<float> GaussWeights2D(int radius, float sigma) {
  const std::vector<float> w = GaussWeights1D(radius, sigma);
  const std::size_t d = w.size();
  std::vector<float> w2(d * d);
  for (std::size_t j = 0; j < d; ++j)
    for (std::size_t i = 0; i < d; ++i) w2[j * d + i] = w[j] * w[i];
  return w2;
}

std::optional<std::string> GaussSeparableApronProblem(const LaunchConfig& c, int radius) {
  const long rows_apron = static_cast<long>(c.halo) * c.block_x;
  const long cols_apron = static_cast<long>(c.halo) * c.block_y;
  if (rows_apron < radius)
    return "radius " + std::to_string(radius) + " needs an apron of " + std::to_string(radius) +
           " pixels but the row pass has halo " + std::to_string(c.halo) + " x block x " +
           std::to_string(c.block_x) + " = " + std::to_string(rows_apron) + " (raise halo or block x)";
  if (cols_apron < radius)
    return "radius " + std::to_string(radius) + " needs an apron of " + std::to_string(radius) +
           " pixels but the column pass has halo " + std::to_string(c.halo) + " x block y " +
           std::to_string(c.block_y) + " = " + std::to_string(cols_apron) + " (raise halo or block y)";
  return std::nullopt;
}

}  // namespace fl
