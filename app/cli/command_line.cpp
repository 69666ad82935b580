#include "app/cli/command_line.hpp"

#include <cstdio>
#include <exception>
#include <memory>

#include "app/cli/commands.hpp"
#include "app/cli/lab_command.hpp"
#include "app/cli/number_checks.hpp"
#include "core/error.hpp"
#include "core/one_line.hpp"

namespace fl::cli {

Command AddListCommand(CLI::App& app) {
  auto json = std::make_shared<bool>(false), markdown = std::make_shared<bool>(false);
  auto labs = std::make_shared<bool>(false);
  CLI::App* list = app.add_subcommand("list", "List every filter and lab with its parameters and variants");
  list->add_flag("--json", *json, "Print JSON (the filters; with --labs, the labs)");
  list->add_flag("--markdown", *markdown, "Print the teaching notes (docs/TEACHING.md)");
  list->add_flag("--labs", *labs, "List only the labs");
  return {list, [json, markdown, labs] { return ListCommand(*json, *markdown, *labs); }};
}

Command AddRunCommand(CLI::App& app) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* run = app.add_subcommand("run", "Run a pipeline on an image and write the result");
  run->add_option("--input", o->input, "Input image")->required();
  run->add_option("--stage", o->stages, "Stage: id[:key=value]... (repeat for a chain)");
  run->add_option("--preset", o->preset, "Pipeline preset (JSON)");
  run->add_option("--output", o->output, "Output image (.png, or .pfm for gray32f)")->required();
  run->add_option("--backend", o->backend, "cuda or cpu (default: cuda when a device is present)");
  run->add_option("--save-stages", o->save_stages, "Folder to write every stage's output into");
  return {run, [o] { return RunCommand(*o); }};
}

Command AddBenchCommand(CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* bench =
      app.add_subcommand("bench", "Time stages with CUDA events: median, min, GB/s, % of copy bandwidth");
  bench->add_option("--input", o->input, "Input image");
  bench->add_option("--size", o->size, "Generated input size WxH (instead of --input)");
  bench->add_option("--format", o->format, "gray8, rgba8 or gray32f (with --size)");
  bench->add_option("--stage", o->stages, "Stage spec (repeat)");
  bench->add_option("--variants", o->variants, "'all': every CUDA variant of each stage's filter");
  bench->add_option("--backend", o->backend, "cuda or cpu (default: cuda when a device is present)");
  bench->add_option("--repeat", o->repeat, "Timed repeats (default 50)");
  bench->add_option("--warmup", o->warmup, "Untimed warm-up runs (default 5)");
  bench->add_option("--json", o->json, "Write results as JSON");
  bench->add_flag("--suite", o->suite,
                  "Every filter and CUDA variant on generated inputs (--size, default 8192x8192; --formats), with the "
                  "device copy of the same bytes as the ceiling");
  bench->add_option("--formats", o->formats, "--suite: input formats (default gray8,rgba8,gray32f)");
  bench->add_flag("!--no-flush", o->flush_l2,
                  "Keep the L2 warm between repeats (default: flush it, so figures are DRAM figures)");
  return {bench, [o] { return BenchCommand(*o); }};
}

Command AddCompareCommand(CLI::App& app) {
  auto o = std::make_shared<CompareOptions>();
  CLI::App* compare = app.add_subcommand("compare", "Run chains A and B on one image and report how they differ");
  compare->add_option("--input", o->input, "Input image")->required();
  compare->add_option("--a", o->a, "A stage of chain A (repeat)")->required();
  compare->add_option("--b", o->b, "A stage of chain B (repeat)")->required();
  compare->add_option("--backend", o->backend, "cuda or cpu (default: cuda when a device is present)");
  compare->add_option("--json", o->json, "Write max_abs, mean_abs, psnr, mismatches, mismatch_pct, a_ms, b_ms");
  compare->add_option("--diff", o->diff, "Write |A-B| as a heat map PNG");
  compare->add_option("--gain", o->gain, "Heat map gain (default 1)")->check(FiniteIn(0.001, 1e6));
  compare->add_option("--tolerance", o->tolerance, "Differences up to this are not mismatches (default 0)")
      ->check(FiniteIn(0.0, 1e30));
  return {compare, [o] { return CompareCommand(*o); }};
}

Command AddLabCommand(CLI::App& app) {
  auto o = std::make_shared<LabOptions>();
  CLI::App* lab = app.add_subcommand("lab", "Run a lab (histogram, reduce, device, ...): timings of its variants");
  lab->add_option("name", o->name, "The lab (none: list the labs)");
  lab->add_flag("--list", o->list, "List the labs with their parameters and variants");
  lab->add_option("--input", o->input, "Input image (labs that read one; default: a generated image)");
  lab->add_option("--size", o->size, "Generated input size (pixels a side; device: copy MiB)");
  lab->add_option("--backend", o->backend, "cuda or cpu (default: cuda when a device is present)");
  lab->add_option("--json", o->json, "Write the result as JSON");
  lab->add_option("--variant", o->variants, "Run only this variant (repeat; default: every variant of the backend)");
  lab->add_option("--repeat", o->repeat, "Timed repeats per variant (default 20; the median is reported)");
  lab->add_option("--param", o->params, "Parameter key=value (repeat)");
  return {lab, [o] { return LabCommand(*o); }};
}

static int Fail(const char* what, int code) {
  std::fprintf(stderr, "error: %s\n", OneLine(what).c_str());
  return code;
}

// The arguments no option took, in the order given.
static std::string NotExpected(const std::vector<std::string>& extras) {
  std::string list;
  for (const std::string& x : extras) list += (list.empty() ? "" : " ") + x;
  return "not expected: " + list + " (no option takes " + (extras.size() > 1 ? "them" : "it") + "; see --help)";
}

int RunCommandLine(CLI::App& app, const std::vector<Command>& commands, const Action& without_command, int argc,
                   char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ConversionError& e) {
    // CLI11 says "Could not convert: --repeat = 1e3": name the option and the value the way other refusals
    // do.
    std::string what = e.what();
    const std::string prefix = "Could not convert: ", sep = " = ";
    if (what.starts_with(prefix) && what.find(sep) != std::string::npos) {
      const std::size_t at = what.find(sep);
      what = what.substr(prefix.size(), at - prefix.size()) + ": '" + what.substr(at + sep.size()) +
             "' is not a value it takes (see --help)";
    }
    return Fail(what.c_str(), 2);
  } catch (const CLI::RequiredError& e) {
    // CLI11 checks required options before unknown ones: `run --bogus` said "--input is required". An argument
    // nothing takes is the more likely mistake, so it is named first.
    return Fail(app.remaining(true).empty() ? e.what() : NotExpected(app.remaining(true)).c_str(), 2);
  } catch (const CLI::ExtrasError&) {
    return Fail(NotExpected(app.remaining(true)).c_str(), 2);  // CLI11's own text lists them backwards
  } catch (const CLI::ParseError& e) {
    return Fail(e.what(), 2);
  }
  try {
    for (const Command& c : commands)
      if (*c.sub) {
        // The top level's options are the lab's; a command would silently ignore them.
        for (const CLI::Option* opt : app.get_options())
          if (opt->count() > 0)
            throw InputError(opt->get_name() + " is the lab's option; with '" + c.sub->get_name() +
                             "', give the command's own options after it");
        return c.run();
      }
    return without_command();
  } catch (const InputError& e) {
    return Fail(e.what(), 2);
  } catch (const RuntimeError& e) {
    return Fail(e.what(), 3);
  } catch (const std::bad_alloc&) {
    return Fail("out of memory", 3);
  } catch (const std::exception& e) {
    return Fail(e.what(), 3);
  }
}

}  // namespace fl::cli
