#pragma once
// The benchmark's building blocks, shared by `bench` (stages given on the command line) and `bench --suite`
// (every filter of the registry on generated inputs).
#include <string>

#include "app/cli/bench_report.hpp"
#include "app/cli/commands.hpp"
#include "core/plan.hpp"

namespace fl::cli {

// Every candidate variant of every stage of `plan` timed alone on that stage's real input (CUDA events, or the
// CPU clock), rows appended to `report`; CUDA rows carry the share of a device copy of the same bytes.
void BenchCuda(const Plan& plan, const Image& input, const BenchOptions& o, BenchReport& report);
void BenchCpu(const Plan& plan, const Image& input, const BenchOptions& o, BenchReport& report);

// A report with the run's facts filled in: backend, device, driver, build commit, date, repeats, L2 flushing.
BenchReport NewReport(Backend backend, const BenchOptions& o);

// "radius=4:sigma=2": the filter's parameters in declaration order (the stage syntax's form).
std::string ParamsText(const FilterSpec& f, const ParamValues& p);

std::string Today();  // "2026-11-23" (UTC)

// `bench --suite`.
int BenchSuite(const BenchOptions& o);

}  // namespace fl::cli
