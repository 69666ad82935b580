// Parameter parsing and range checks: every refusal names the parameter and says what was wrong.
#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "core/params.hpp"

namespace fl {
namespace {

ParamSpec IntSpec() {
  ParamSpec p;
  p.name = "radius";
  p.type = ParamType::Int;
  p.min = 0;
  p.max = 16;
  p.def = 2;
  return p;
}

ParamSpec FloatSpec() {
  ParamSpec p;
  p.name = "sigma";
  p.type = ParamType::Float;
  p.min = 0;
  p.max = 10;
  p.def = 1.5;
  p.min_exclusive = true;
  return p;
}

ParamSpec ChoiceSpec() {
  ParamSpec p;
  p.name = "with";
  p.type = ParamType::Choice;
  p.choices = {"source", "stage:N"};
  p.def_choice = "source";
  return p;
}

std::string ParseError(const ParamSpec& spec, const std::string& text) {
  try {
    ParseParam(spec, text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

std::string CheckError(const ParamSpec& spec, const ParamValue& value) {
  try {
    CheckParam(spec, value);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

TEST(ParseParam, Numbers) {
  EXPECT_EQ(std::get<double>(ParseParam(IntSpec(), "0")), 0);
  EXPECT_EQ(std::get<double>(ParseParam(IntSpec(), "16")), 16);
  EXPECT_EQ(std::get<double>(ParseParam(IntSpec(), "4.0")), 4);  // an integral float is an integer
  EXPECT_DOUBLE_EQ(std::get<double>(ParseParam(FloatSpec(), "0.25")), 0.25);
  EXPECT_DOUBLE_EQ(std::get<double>(ParseParam(FloatSpec(), "1e1")), 10);
}

TEST(ParseParam, RangeErrorsNameParameterValueAndRange) {
  EXPECT_EQ(ParseError(IntSpec(), "17"), "parameter 'radius' = 17 is out of range [0, 16]");
  EXPECT_EQ(ParseError(IntSpec(), "-1"), "parameter 'radius' = -1 is out of range [0, 16]");
  EXPECT_EQ(ParseError(FloatSpec(), "0"), "parameter 'sigma' = 0 is out of range (0, 10]");
  EXPECT_EQ(ParseError(FloatSpec(), "10.5"), "parameter 'sigma' = 10.5 is out of range (0, 10]");
  // Above 0 as a double, 0 as the float the filter reads.
  EXPECT_EQ(ParseError(FloatSpec(), "1e-300"), "parameter 'sigma' = 1e-300 is out of range (0, 10]");
  EXPECT_EQ(ParseError(FloatSpec(), "1e-9"), "<accepted>");
}

TEST(ParseParam, NotANumber) {
  // Plain decimal only: no hex (strtod read 0x10 as 16), no blanks, no plus sign.
  for (const char* bad : {"", "abc", "1.5x", "x1", "1,5", "--1", "0x10", " 3", "3 ", "+3"})
    EXPECT_EQ(ParseError(FloatSpec(), bad), std::string("parameter 'sigma' = '") + bad + "' is not a number") << bad;
  EXPECT_EQ(ParseError(IntSpec(), "2.5"), "parameter 'radius' = 2.5 is not an integer");
  EXPECT_EQ(ParseError(FloatSpec(), "nan"), "parameter 'sigma' is not a finite number");
  EXPECT_EQ(ParseError(FloatSpec(), "inf"), "parameter 'sigma' is not a finite number");
}

TEST(ParseParam, Choices) {
  EXPECT_EQ(std::get<std::string>(ParseParam(ChoiceSpec(), "source")), "source");
  EXPECT_EQ(std::get<std::string>(ParseParam(ChoiceSpec(), "stage:1")), "stage:1");
  EXPECT_EQ(std::get<std::string>(ParseParam(ChoiceSpec(), "stage:12")), "stage:12");
  for (const char* bad : {"", "src", "stage:", "stage:0", "stage:-1", "stage:1x", "stage:N", "Source", "stage:99999999999"})
    EXPECT_EQ(ParseError(ChoiceSpec(), bad),
              std::string("parameter 'with' = '") + bad + "' is not one of: source, stage:N")
        << bad;
}

TEST(CheckParam, WrongTypes) {
  EXPECT_EQ(CheckError(IntSpec(), std::string("3")), "parameter 'radius' expects a number");
  EXPECT_EQ(CheckError(ChoiceSpec(), 1.0), "parameter 'with' expects text");
  EXPECT_EQ(CheckError(IntSpec(), 3.0), "<accepted>");
  EXPECT_EQ(CheckError(FloatSpec(), INFINITY), "parameter 'sigma' is not a finite number");
}

TEST(DefaultParams, OneValuePerDeclaration) {
  const ParamValues v = DefaultParams({IntSpec(), FloatSpec(), ChoiceSpec()});
  EXPECT_EQ(v.All().size(), 3u);
  EXPECT_EQ(v.Int("radius"), 2);
  EXPECT_FLOAT_EQ(v.Float("sigma"), 1.5f);
  EXPECT_EQ(v.Text("with"), "source");
  EXPECT_TRUE(DefaultParams({}).All().empty());
}

TEST(ParamValues, AccessErrorsNameTheParameter) {
  ParamValues v;
  v.Set("n", 2.0);
  v.Set("s", std::string("x"));
  EXPECT_EQ(v.Number("n"), 2.0);
  EXPECT_TRUE(v.Has("n"));
  EXPECT_FALSE(v.Has("m"));
  try {
    v.Number("m");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "parameter 'm' is not set");
  }
  try {
    v.Number("s");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "parameter 's' is not a number");
  }
  try {
    v.Text("n");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "parameter 'n' is not text");
  }
}

TEST(FormatParam, ParsesBackToTheSameValue) {
  // Shortest round-trip text: a stage spec written by FormatStageSpec must read back as the same value.
  for (double d : {0.0, 2.0, 0.5, 1.25, 10.0, 0.1, 0.123456789, 1e-7, 9.999999999}) {
    ParamSpec wide = FloatSpec();
    wide.min_exclusive = false;
    const std::string text = FormatParam(d);
    EXPECT_EQ(std::get<double>(ParseParam(wide, text)), d) << text;
  }
  EXPECT_EQ(FormatParam(3.0), "3");
  EXPECT_EQ(FormatParam(std::string("stage:2")), "stage:2");
}

TEST(ParamType, Names) {
  EXPECT_EQ(ToString(ParamType::Int), "int");
  EXPECT_EQ(ToString(ParamType::Float), "float");
  EXPECT_EQ(ToString(ParamType::Choice), "choice");
}

}  // namespace
}  // namespace fl
