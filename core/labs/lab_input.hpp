#pragma once
// The image a byte-oriented lab (histogram, reduce) works on: the request's --input image, else a generated
// one chosen by the lab's `pattern` and `format` parameters, size x size pixels.
#include <vector>

#include "core/image.hpp"
#include "core/lab_spec.hpp"

namespace fl::labs {

// `pattern` (natural | noise | constant) and `format` (gray8 | rgba8), for labs that generate their input.
std::vector<ParamSpec> GeneratedImageParams();

// The request's input (checked: gray8 or rgba8), or the generated image stored in `storage`. Throws
// InputError for another format.
const Image& LabInputImage(const LabRequest& r, const std::string& lab_id, Image& storage);

// Where the image came from, for the JSON and the table: the pattern name or "input".
std::string LabInputLabel(const LabRequest& r);

// "r", "g", "b", "a" for rgba8; "gray" for gray8.
std::vector<std::string> ChannelNames(PixelFormat f);

}  // namespace fl::labs
