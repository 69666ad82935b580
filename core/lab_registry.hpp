#pragma once
// The declared labs (core/lab_spec.hpp), like the filter registry: each file in labs/ declares one lab and
// registers it with FL_REGISTER_LAB; LabRegistry() lists them in order.
#include <string_view>
#include <vector>

#include "core/lab_spec.hpp"

namespace fl {

using DeclareLabFn = LabSpec (*)();
struct LabRegistration {
  int order;
  DeclareLabFn declare;
};
std::vector<LabRegistration>& LabRegistrations();
struct LabRegistrar {
  LabRegistrar(int order, DeclareLabFn declare) { LabRegistrations().push_back({order, declare}); }
};
#define FL_REGISTER_LAB(order, fn) static const ::fl::LabRegistrar fl_lab_registrar_##fn((order), (fn))

// Every registered lab, in order (built once, on first use; ids checked unique).
const std::vector<LabSpec>& LabRegistry();
// Throws InputError "unknown lab 'x' (labs: a, b, ...)".
const LabSpec& GetLab(std::string_view id);

// Checks a request against the lab's declaration before anything runs: size within (0, max_size], every
// parameter in range, named variants known and of the request's backend; fills defaults (size, parameters).
// Throws InputError with a one-line reason.
LabRequest CheckedLabRequest(const LabSpec& lab, LabRequest r);

// Runs the lab on the request's backend (after CheckedLabRequest). A lab that needs CUDA on the CPU backend
// throws InputError "lab 'x' needs CUDA: ..." .
LabResult RunLab(const LabSpec& lab, const LabRequest& r);

}  // namespace fl
