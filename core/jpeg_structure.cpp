#include "core/jpeg_structure.hpp"

#include <array>
#include <map>
#include <set>

#include "core/error.hpp"

namespace fl {
namespace {

unsigned Be16(const unsigned char* p) { return (p[0] << 8) | p[1]; }

// The tables a JPEG has defined so far and its frame's components (id -> quantisation table).
struct JpegTables {
  std::array<bool, 4> dc{}, ac{}, quant{};
  std::map<unsigned, unsigned> component_quant;
  std::set<unsigned> scanned;  // components that appeared in a scan
  bool progressive = false;
};

class JpegWalk {
 public:
  JpegWalk(const unsigned char* b, std::size_t n, const std::string& name) : b_(b), n_(n), name_(name) {}

  void Run(std::size_t i);

 private:
  [[noreturn]] void Malformed(const std::string& what) const {
    throw InputError("cannot decode '" + name_ + "': malformed JPEG: " + what);
  }
  unsigned At(std::size_t i) const { return i < n_ ? b_[i] : 0; }  // stb reads zeros past the end
  void HuffmanTables(std::size_t p, std::size_t length);
  void QuantTables(std::size_t p, std::size_t length);
  void Frame(std::size_t p, unsigned marker);
  void Scan(std::size_t p);
  void End() const;
  void CheckQuant(unsigned component, unsigned table) const;
  std::size_t SkipEntropyData(std::size_t i) const;

  const unsigned char* b_;
  std::size_t n_;
  const std::string& name_;
  JpegTables t_;
};

// DHT, read as stb reads it: while the length is not used up, a class byte and 16 code counts (read even past
// the segment's end), then that many values. stb builds each table without checking that the counts add up to
// at most 256, and writes past its arrays when they do not.
void JpegWalk::HuffmanTables(std::size_t p, std::size_t length) {
  for (long long left = static_cast<long long>(length) - 2; left > 0 && p < n_;) {
    const unsigned q = At(p), cls = q >> 4, id = q & 15;
    unsigned codes = 0;
    for (std::size_t k = 1; k <= 16; ++k) codes += At(p + k);
    if (codes > 256) Malformed("a Huffman table declares " + std::to_string(codes) + " codes (at most 256)");
    if (cls <= 1 && id <= 3) (cls == 0 ? t_.dc : t_.ac)[id] = true;
    p += 17 + codes;
    left -= 17 + codes;
  }
}

void JpegWalk::QuantTables(std::size_t p, std::size_t length) {
  for (long long left = static_cast<long long>(length) - 2; left > 0 && p < n_;) {
    const unsigned q = At(p), id = q & 15;
    if (id <= 3) t_.quant[id] = true;
    const unsigned bytes = 1 + ((q >> 4) ? 128 : 64);
    p += bytes;
    left -= bytes;
  }
}

void JpegWalk::Frame(std::size_t p, unsigned marker) {
  t_.progressive = marker == 0xC2;
  const unsigned components = At(p + 5);
  for (unsigned c = 0; c < components; ++c) t_.component_quant[At(p + 6 + 3 * c)] = At(p + 8 + 3 * c);
}

// SOS: each component of the scan needs its quantisation table, and the Huffman tables the scan decodes with:
// DC and AC in a baseline scan; in a progressive one DC for a first DC pass, AC for any AC pass.
void JpegWalk::Scan(std::size_t p) {
  const unsigned count = At(p);
  const unsigned ss = At(p + 1 + 2 * count), ah = At(p + 3 + 2 * count) >> 4;
  const bool needs_dc = !t_.progressive || (ss == 0 && ah == 0), needs_ac = !t_.progressive || ss > 0;
  for (unsigned c = 0; c < count; ++c) {
    const unsigned id = At(p + 1 + 2 * c), selectors = At(p + 2 + 2 * c);
    const unsigned dc = selectors >> 4, ac = selectors & 15;
    const auto component = t_.component_quant.find(id);
    if (component == t_.component_quant.end() || dc > 3 || ac > 3) continue;  // stb refuses these itself
    t_.scanned.insert(id);
    if (!t_.progressive) CheckQuant(id, component->second);  // a baseline scan dequantises as it decodes
    if (needs_dc && !t_.dc[dc])
      Malformed("a scan uses DC Huffman table " + std::to_string(dc) + ", never defined");
    if (needs_ac && !t_.ac[ac])
      Malformed("a scan uses AC Huffman table " + std::to_string(ac) + ", never defined");
  }
}

void JpegWalk::CheckQuant(unsigned component, unsigned table) const {
  if (table > 3 || !t_.quant[table])
    Malformed("component " + std::to_string(component) + " uses quantisation table " + std::to_string(table) +
              ", which the file does not define");
}

// At EOI: stb makes every component of the frame from its scans and its quantisation table; one that never
// appeared in a scan would be made from uninitialised memory.
void JpegWalk::End() const {
  for (const auto& [id, table] : t_.component_quant) {
    if (!t_.scanned.count(id)) Malformed("component " + std::to_string(id) + " appears in no scan");
    CheckQuant(id, table);
  }
}

// Entropy-coded data: up to the next marker that is neither stuffing (FF00) nor a restart (FFD0..FFD7).
std::size_t JpegWalk::SkipEntropyData(std::size_t i) const {
  while (i < n_) {
    if (b_[i] != 0xFF) {
      ++i;
      continue;
    }
    if (i + 1 >= n_) return n_;
    const unsigned next = b_[i + 1];
    if (next == 0x00 || (next >= 0xD0 && next <= 0xD7)) {
      i += 2;
    } else if (next == 0xFF) {
      ++i;
    } else {
      return i;
    }
  }
  return i;
}

// The marker segments as stb walks them: bytes between segments are skipped, FF fill bytes allowed.
void JpegWalk::Run(std::size_t i) {
  for (;;) {
    while (i < n_ && b_[i] != 0xFF) ++i;
    while (i < n_ && b_[i] == 0xFF) ++i;
    if (i >= n_) break;
    const unsigned marker = b_[i++];
    if (marker == 0xD9) return End();                                    // EOI: complete
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) continue;  // no length
    if (i + 2 > n_) break;
    const std::size_t length = Be16(b_ + i);
    if (length < 2) return;  // stb refuses it
    if (marker == 0xC4) HuffmanTables(i + 2, length);
    if (marker == 0xDB) QuantTables(i + 2, length);
    if (marker >= 0xC0 && marker <= 0xC2) Frame(i + 2, marker);
    if (marker == 0xDA) Scan(i + 2);
    i += length;
    if (i > n_) break;
    if (marker == 0xDA) i = SkipEntropyData(i);
  }
  throw InputError("cannot decode '" + name_ +
                   "': truncated JPEG: the file ends before its end-of-image marker");
}

}  // namespace

void CheckJpegStructure(const unsigned char* b, std::size_t n, std::size_t start, const std::string& name) {
  JpegWalk(b, n, name).Run(start);
}

}  // namespace fl
