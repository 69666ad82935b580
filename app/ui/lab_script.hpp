#pragma once
// A script of lab actions, one per line (`filterlab --script FILE`): what a person does with the mouse and keys,
// written down, for demonstrations, lessons and the soak test. The format is in docs/SCRIPTS.md. Parsing checks
// only the shape of each line (the verb, how many arguments, numbers where numbers go); whether a filter,
// variant or value exists is the lab's to say when the action runs, as it is for a click.
#include <string>
#include <vector>

namespace fl::ui {

enum class ScriptVerb {
  Add,         // add FILTER
  Remove,      // remove N
  Move,        // move N M
  Enable,      // enable N
  Disable,     // disable N
  Select,      // select N (0: show the input)
  Param,       // param N NAME VALUE
  Variant,     // variant N ID
  Block,       // block N WxH
  Ppt,         // ppt N K
  Halo,        // halo N K
  Smem,        // smem N on|off
  Load,        // load PATH
  Pattern,     // pattern NAME WxH [FORMAT]
  View,        // view a|b|split|side|diff
  Compare,     // compare on|off
  Edit,        // edit a|b
  Reset,       // reset (the default pipeline)
  Frame,       // frame N (render N frames)
  Wait,        // wait (until loading and running are done)
  Screenshot,  // screenshot PATH
  Quit,        // quit (the window closes; a headless run ends there)
};

struct ScriptAction {
  int line = 0;  // 1-based, in the script file
  ScriptVerb verb = ScriptVerb::Frame;
  std::vector<std::string> args;  // as written (a path keeps its spaces)
  int stage = 0;                  // the stage number N (1-based) of verbs that take one
  int number = 0;                 // move: M; ppt, halo: K; frame: N
  int width = 0, height = 0;      // block, pattern
  bool on = false;                // smem, compare; edit: b
  std::string text() const;       // the line again, for messages
};

struct Script {
  std::string name;  // the file, for messages
  std::vector<ScriptAction> actions;
};

// Parses the whole script; a malformed line throws InputError "NAME:LINE: what is wrong (the line)", so that
// nothing runs from a script with a typing mistake in it. Blank lines and lines starting with # are skipped.
Script ParseScript(const std::string& text, const std::string& name);
// Reads and parses a file (InputError when it cannot be read).
Script LoadScript(const std::string& path);

}  // namespace fl::ui
