#include "app/cli/teaching_doc.hpp"

#include <sstream>

#include "core/lab_registry.hpp"

namespace fl::cli {

// The fields a variant reads, its default launch, and the rule by which that default follows the parameters.
static std::string LaunchFields(const VariantSpec& v) {
  const LaunchUse& u = v.uses;
  std::string s;
  auto add = [&](const std::string& f) { s += (s.empty() ? "" : ", ") + f; };
  if (u.block) add("block");
  if (u.ppt) add("ppt " + std::to_string(u.ppt_min) + ".." + std::to_string(u.ppt_max));
  if (u.halo) add("halo " + std::to_string(u.halo_min) + ".." + std::to_string(u.halo_max));
  if (u.smem) add("smem on/off");
  if (s.empty()) return "-";
  s += "; default " + Describe(v.defaults, u);
  if (!v.defaults_rule.empty()) s += " (" + v.defaults_rule + ")";
  return s;
}

// What a pipeline runs instead on a format the variant has no code for.
static std::string FallbackText(const VariantSpec& v) {
  if (!v.fallback_rule.empty()) return " Formats it has no code for run: " + v.fallback_rule + ".";
  return v.fallback.empty() ? "" : " Formats it has no code for run `" + v.fallback + "`.";
}

static std::string AgreementText(Agreement a) {
  switch (a) {
    case Agreement::Exact: return "bit-exact";
    case Agreement::Tolerance: return "within tolerance";
    case Agreement::KnownWrong: return "**deliberately wrong**";
  }
  return "";
}

static void ParamTable(std::ostringstream& md, const std::vector<ParamSpec>& params) {
  if (params.empty()) return;
  md << "\n| parameter | type | range | default | meaning |\n|---|---|---|---|---|\n";
  for (const auto& p : params) {
    md << "| " << p.name << " | " << ToString(p.type) << " | ";
    if (p.type == ParamType::Choice) {
      std::string c;
      for (const auto& x : p.choices) c += (c.empty() ? "" : ", ") + x;
      md << c << " | " << p.def_choice;
    } else {
      md << (p.min_exclusive ? "(" : "[") << p.min << ", " << p.max << "] | " << p.def;
    }
    md << " | " << p.help << " |\n";
  }
}

// The labs (core/lab_spec.hpp) after the filters: what each shows, its parameters and its variants.
static void LabsMarkdown(std::ostringstream& md) {
  md << "\n# Labs\n\nThe techniques that are not stencils, each run by `filterlab lab NAME` and the Labs "
        "window.\n";
  for (const LabSpec& l : LabRegistry()) {
    md << "\n## lab " << l.id << "\n\n**" << l.title << "**" << (l.needs_cuda ? " - needs CUDA" : "")
       << "\n\n"
       << l.teaching << "\n";
    ParamTable(md, l.params);
    md << "\n| variant | backend | technique | what to expect |\n|---|---|---|---|\n";
    for (const auto& v : l.variants)
      md << "| `" << v.id << "` | " << ToString(v.backend) << " | " << v.technique << " | " << v.expectation
         << " |\n";
  }
}

std::string TeachingMarkdown(const Registry& reg) {
  std::ostringstream md;
  md << "# Teaching notes\n\n"
     << "Generated from the filter registry by `filterlab list --markdown` (a test keeps this file in step "
        "with "
        "the code). Each filter lists what it is, then every variant: the technique it demonstrates, what to "
        "expect from it and why, its launch fields, and how it agrees with the CPU reference. The labs "
        "follow "
        "the filters.\n\n";
  for (const auto& f : reg.filters()) md << "- [" << f.id << "](#" << f.id << "): " << f.name << "\n";
  for (const auto& f : reg.filters()) {
    md << "\n## " << f.id << "\n\n**" << f.name << "** - formats: " << FormatList(f.accepts) << "\n\n"
       << f.teaching << "\n";
    ParamTable(md, f.params);
    md << "\n| variant | backend | launch fields | agreement | technique | what to expect |\n"
       << "|---|---|---|---|---|---|\n";
    for (const auto& v : f.variants)
      md << "| `" << v.id << "` | " << ToString(v.backend) << " | " << LaunchFields(v) << " | "
         << AgreementText(v.agreement) << " | " << v.technique << FallbackText(v) << " | " << v.expectation << " |\n";
  }
  LabsMarkdown(md);
  return md.str();
}

}  // namespace fl::cli
