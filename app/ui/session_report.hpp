#pragma once
// File > Export report: the session (A's pipeline and timings; B's and the A/B metrics while comparing) as the
// report `filterlab report` writes (app/cli/report.hpp).
#include <string>

#include "app/cli/report.hpp"
#include "app/ui/app_state.hpp"

namespace fl::ui {

cli::ReportData SessionReport(const AppState& s);
// A folder name under the current folder for a new report: "filterlab_report_20261124_093512".
std::string DefaultReportFolder();

}  // namespace fl::ui
