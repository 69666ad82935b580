#pragma once
// A JPEG's structure, walked the way stb_image 2.27 reads it, before stb reads anything
// (core/image_file_checks).
#include <cstddef>
#include <string>

namespace fl {

// From just after SOI (`start`) to the end-of-image marker. Throws InputError naming `name` when the file
// ends first ("truncated JPEG") or holds what stb 2.27 mishandles (each found by fuzz/fuzz_image): a Huffman
// table of more than 256 codes (stb writes past its arrays); a scan that uses a Huffman table the file never
// defined, a component whose quantisation table it never defined or that no scan holds (stb reads
// uninitialised memory, as table indexes or as pixels).
void CheckJpegStructure(const unsigned char* bytes, std::size_t size, std::size_t start,
                        const std::string& name);

}  // namespace fl
