#!/usr/bin/python3
"""Fails, listing each one, when a source file is over 400 lines or a function in app/ is over 80 lines.

Usage: /usr/bin/python3 scripts/check_sizes.py [REPO_ROOT]

Files: *.cpp *.hpp *.cu *.cuh under app core cuda filters render tests bench.
Functions: definitions at namespace scope in app/, which start at column 0 under the project's .clang-format
(Google style); a signature may span several lines. The body is found by matching braces, skipping comments,
string and character literals. A function's length counts from its first signature line to its closing brace.
"""
import os
import re
import sys

SOURCE_DIRS = ["app", "core", "cuda", "filters", "render", "tests", "bench"]
SOURCE_EXTS = (".cpp", ".hpp", ".cu", ".cuh")
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 80
FUNCTION_DIRS = ["app"]

# Column-0 lines that never start a function definition.
NOT_A_FUNCTION = re.compile(
    r"^(#|//|/\*|\*|}|namespace\b|using\b|typedef\b|extern\b|static_assert\b|"
    r"(template\s*<.*>\s*)?(struct|class|union|enum)\b)")


def strip_code(text):
    """The text with comments, string and character literals blanked (newlines kept), so that braces and
    parentheses inside them do not count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if c == "/" and nxt == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c == "/" and nxt == "*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == "R" and nxt == '"' and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            # Raw string: R"delim( ... )delim"
            open_paren = text.find("(", i + 2)
            delim = text[i + 2:open_paren]
            end = text.find(")" + delim + '"', open_paren)
            j = n if end < 0 else end + len(delim) + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(" " * (j - i))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(text):
    """(name, first line, line count) of every function defined at column 0."""
    lines = strip_code(text).split("\n")
    found = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line or line[0].isspace() or NOT_A_FUNCTION.match(line):
            i += 1
            continue
        # Gather the signature up to the body's opening brace (a definition) or a semicolon (a declaration).
        start = i
        signature = ""
        j = i
        opened = None
        while j < len(lines):
            s = lines[j]
            brace, semi = s.find("{"), s.find(";")
            if brace >= 0 and (semi < 0 or brace < semi):
                signature += s[:brace]
                opened = (j, brace)
                break
            if semi >= 0:
                break
            if not s.strip():
                break  # a blank line ends what was not a signature
            signature += s + " "
            j += 1
        if opened is None or "(" not in signature or "=" in signature.split("(")[0]:
            i = j + 1 if j > i else i + 1
            continue
        # Match braces from the opening one to its close.
        depth = 0
        k, col = opened
        end = None
        while k < len(lines) and end is None:
            for ch in lines[k][col:]:
                if ch == "{":
                    depth += 1
                elif ch == "}":
                    depth -= 1
                    if depth == 0:
                        end = k
                        break
            k += 1
            col = 0
        if end is None:
            break
        name = re.findall(r"([~\w:]+(?:operator\s*\S+)?)\s*\(", signature)
        found.append((name[0] if name else signature.strip()[:40], start + 1, end - start + 1))
        i = end + 1
    return found


def source_files(root):
    for top in SOURCE_DIRS:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for f in sorted(files):
                if f.endswith(SOURCE_EXTS):
                    yield os.path.join(folder, f)


def main():
    args = [a for a in sys.argv[1:] if a != "--list"]
    if len(args) != len(sys.argv) - 1:  # --list FILE...: every function found, for checking the scan itself
        for path in args:
            with open(path, encoding="utf-8", errors="replace") as f:
                for name, first, length in functions(f.read()):
                    print(f"{path}:{first}: {name} {length}")
        return 0
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), ".."))
    problems = []
    for path in source_files(root):
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        count = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if count > MAX_FILE_LINES:
            problems.append(f"{rel}: {count} lines (at most {MAX_FILE_LINES} per file)")
        if rel.split(os.sep)[0] in FUNCTION_DIRS:
            for name, first, length in functions(text):
                if length > MAX_FUNCTION_LINES:
                    problems.append(f"{rel}:{first}: {name}() is {length} lines "
                                    f"(at most {MAX_FUNCTION_LINES} per function in app/)")
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} size limit(s) exceeded")
        return 1
    print("sizes ok: no file over 400 lines, no function in app/ over 80 lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
