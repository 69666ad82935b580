#include "app/cli/commands.hpp"
#include "core/error.hpp"

namespace fl::cli {

int BenchCommand(const BenchOptions&) { throw InputError("bench is not built yet"); }

}  // namespace fl::cli
