#pragma once
// Gaussian weights shared by the CPU filters and the CUDA launchers (plain C++, host side), and the rule that
// the separable variant's apron must cover the radius (shared by its launcher and the executor's validation).
#include <optional>
#include <string>
#include <vector>

#include "core/launch_config.hpp"

namespace fl {

constexpr int kGaussMaxRadius = 32;
constexpr int kGaussMaxTaps = 2 * kGaussMaxRadius + 1;

// w[i] = exp(-i^2 / (2 sigma^2)) for i = -radius..radius, normalised to sum 1; 2 * radius + 1 floats.
// Throws InputError for a radius outside 0..kGaussMaxRadius or a sigma that is not > 0.
std::vector<float> GaussWeights1D(int radius, float sigma);
// The outer product of the 1D weights, row-major: w2[(dy + r) * (2r + 1) + (dx + r)] = w[dy] * w[dx].
std::vector<float> GaussWeights2D(int radius, float sigma);

// The separable passes read `radius` pixels beyond their tile from an apron halo * block wide: halo * block_x
// for the row pass, halo * block_y for the column pass. Returns why a configuration cannot serve the radius,
// or nullopt when it can.
std::optional<std::string> GaussSeparableApronProblem(const LaunchConfig& c, int radius);

}  // namespace fl
