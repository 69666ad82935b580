// The script format of `filterlab --script` (app/ui/lab_script.cpp): every action parses into what it says, and
// a malformed line is an InputError naming the file and line, so that nothing of a mistyped script runs.
#include "app/ui/lab_script.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace fl::ui {
namespace {

std::string ErrorOf(const std::string& text) {
  try {
    ParseScript(text, "demo.txt");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(LabScript, EveryActionParses) {
  const Script s = ParseScript(
      "# a lesson\n"
      "\n"
      "add gauss\nremove 2\nmove 1 3\nenable 1\ndisable 2\nselect 0\nparam 1 radius 4\nvariant 1 ppt4x4\n"
      "block 1 32x8\nppt 1 4\nhalo 1 2\nsmem 1 off\nload my images/cat.png  \npattern zoneplate 64x32 gray8\n"
      "view split\ncompare on\nedit b\nreset\nframe 5\nwait\nscreenshot out/a b.png\nquit\n",
      "lesson.txt");
  ASSERT_EQ(s.actions.size(), 22u);
  EXPECT_EQ(s.name, "lesson.txt");
  const ScriptVerb expected[] = {
      ScriptVerb::Add,     ScriptVerb::Remove,  ScriptVerb::Move,    ScriptVerb::Enable, ScriptVerb::Disable,
      ScriptVerb::Select,  ScriptVerb::Param,   ScriptVerb::Variant, ScriptVerb::Block,  ScriptVerb::Ppt,
      ScriptVerb::Halo,    ScriptVerb::Smem,    ScriptVerb::Load,    ScriptVerb::Pattern, ScriptVerb::View,
      ScriptVerb::Compare, ScriptVerb::Edit,    ScriptVerb::Reset,   ScriptVerb::Frame,  ScriptVerb::Wait,
      ScriptVerb::Screenshot, ScriptVerb::Quit};
  for (std::size_t i = 0; i < s.actions.size(); ++i) {
    EXPECT_EQ(s.actions[i].verb, expected[i]) << i;
    EXPECT_EQ(s.actions[i].line, static_cast<int>(i) + 3) << i;  // the comment and the blank line count
  }
  EXPECT_EQ(s.actions[0].args, std::vector<std::string>{"gauss"});
  EXPECT_EQ(s.actions[1].stage, 2);
  EXPECT_EQ(s.actions[2].stage, 1);
  EXPECT_EQ(s.actions[2].number, 3);
  EXPECT_EQ(s.actions[5].stage, 0);
  EXPECT_EQ(s.actions[6].args, (std::vector<std::string>{"1", "radius", "4"}));
  EXPECT_EQ(s.actions[8].width, 32);
  EXPECT_EQ(s.actions[8].height, 8);
  EXPECT_EQ(s.actions[9].number, 4);
  EXPECT_EQ(s.actions[10].number, 2);
  EXPECT_FALSE(s.actions[11].on);
  EXPECT_EQ(s.actions[12].args, std::vector<std::string>{"my images/cat.png"});  // spaces kept, trailing cut
  EXPECT_EQ(s.actions[13].width, 64);
  EXPECT_EQ(s.actions[13].height, 32);
  EXPECT_EQ(s.actions[13].args.size(), 3u);
  EXPECT_TRUE(s.actions[15].on);
  EXPECT_TRUE(s.actions[16].on);  // edit b
  EXPECT_EQ(s.actions[18].number, 5);
  EXPECT_EQ(s.actions[20].args, std::vector<std::string>{"out/a b.png"});
  EXPECT_EQ(s.actions[12].text(), "load my images/cat.png");
}

TEST(LabScript, WindowsLineEndsAndIndentedCommentsAreFine) {
  const Script s = ParseScript("  # indented comment\r\n\tadd invert\r\nwait\r\n", "crlf.txt");
  ASSERT_EQ(s.actions.size(), 2u);
  EXPECT_EQ(s.actions[0].args, std::vector<std::string>{"invert"});
  EXPECT_EQ(s.actions[1].line, 3);
}

TEST(LabScript, AnEmptyScriptHasNoActions) {
  EXPECT_TRUE(ParseScript("", "empty.txt").actions.empty());
  EXPECT_TRUE(ParseScript("# nothing\n\n", "empty.txt").actions.empty());
}

TEST(LabScript, MalformedLinesNameTheFileAndLine) {
  struct Case {
    std::string text, message;
  };
  const Case cases[] = {
      {"add gauss\njump 3\n", "demo.txt:2: unknown action 'jump' ('jump 3')"},
      {"add\n", "demo.txt:1: add takes FILTER, not 0 arguments"},
      {"add a b\n", "add takes FILTER, not 2 arguments"},
      {"\n\nmove 1\n", "demo.txt:3: move takes N M, not 1 argument ('move 1')"},
      {"remove two\n", "demo.txt:1: stage 'two' is not a number >= 0"},
      {"remove -1\n", "stage '-1' is not a number >= 0"},
      {"remove 1.5\n", "stage '1.5' is not a number >= 0"},
      {"block 1 32*8\n", "'32*8' is not WxH"},
      {"block 1 32x\n", "'32x' is not WxH"},
      {"smem 1 yes\n", "'yes' is not on or off"},
      {"compare maybe\n", "'maybe' is not on or off"},
      {"edit c\n", "'c' is not b or a"},
      {"pattern noise\n", "pattern takes NAME WxH [FORMAT], not 1 argument"},
      {"pattern noise 8x8 gray8 extra\n", "not 4 arguments"},
      {"frame 0\n", "demo.txt:1: frame count must be 1 .. 1000000"},
      {"frame\n", "frame takes N, not 0 arguments"},
      {"wait 3\n", "wait takes nothing, not 1 argument"},
      {"load\n", "load takes PATH, not 0 arguments"},
      {"param 1 radius\n", "param takes N NAME VALUE, not 2 arguments"},
      {"ppt 1 four\n", "count 'four' is not a number >= 0"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_NE(ErrorOf(c.text).find(c.message), std::string::npos) << ErrorOf(c.text);
  }
}

TEST(LabScript, AMissingFileIsAnInputError) {
  EXPECT_THROW(LoadScript("/no/such/script.txt"), InputError);
}

}  // namespace
}  // namespace fl::ui
