#!/usr/bin/env python3
"""The structure counts the one-engine work is judged by (issue 43), read
from the source: a table before and after a change.

    python3 scripts/structure.py           # the counts
    python3 scripts/structure.py --json    # the same, for a later comparison
    python3 scripts/structure.py --list    # with where each count comes from

Counts:
- files with `impl Engine` (or `impl<...> Engine`);
- `has_dice()` calls above the engine (the library outside
  `crates/engine`, the CLI and the Python module);
- the queries of a board's shape above the engine that today hold in
  dice games alone (`has_tracks()`, `stacks()`, `one_turn_per_position()`:
  issue 46's games part them from dice), counted apart, so that a branch
  moved from `has_dice()` to one of them is seen;
- raw `dice == [0; N]` / `dice != [0; N]` tests outside the engine;
- module cycles among the library's top-level modules, by every
  `crate::NAME` path in code (not only `use` lines);
- the checker's messages that mention dice (strings in `crates/lang/src/check`);
- the largest function, in lines.
"""

import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rust_files(*folders):
    for folder in folders:
        for dirpath, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(names):
                if name.endswith(".rs"):
                    yield os.path.join(dirpath, name)


def rel(path):
    return os.path.relpath(path, ROOT)


def code_lines(path):
    """The file's lines, with `//` comments cut (strings kept)."""
    out = []
    for line in open(path, encoding="utf-8"):
        out.append(re.sub(r"^\s*//.*$", "", line.rstrip("\n")))
    return out


# The library's crates, one a layer (see ARCHITECTURE.md).
CRATES = ["crates/lang/src", "crates/engine/src", "crates/play/src", "crates/tools/src"]
# Every folder of Rust code: the command line, the crates, the Python module.
ALL = ["src", *CRATES, "python/src"]


def library_modules():
    mods = []
    for crate in CRATES:
        for line in open(os.path.join(ROOT, crate, "lib.rs"), encoding="utf-8"):
            m = re.match(r"\s*(pub )?mod (\w+)", line)
            if m:
                mods.append(m.group(2))
    return mods


def top_module(path):
    """The library's top-level module a file of a crate belongs to."""
    crate = next(c for c in CRATES if rel(path).startswith(c + os.sep))
    parts = os.path.relpath(path, os.path.join(ROOT, crate)).split(os.sep)
    return parts[0][:-3] if parts[0].endswith(".rs") else parts[0]


def module_edges(mods):
    """Edges between top-level modules by `crate::NAME` paths, including
    `crate::{a, b::c}` groups, with where each is written."""
    edges = {}
    for path in rust_files(*CRATES):
        here = top_module(path)
        if here == "lib" or here not in mods:
            continue
        for number, line in enumerate(code_lines(path), 1):
            names = re.findall(r"\b(?:crate|ludus_\w+)::(\w+)", line)
            for group in re.findall(r"\b(?:crate|ludus_\w+)::\{([^}]*)\}?", line):
                names += [g.strip().split("::")[0] for g in group.split(",")]
            for name in names:
                if name in mods and name != here:
                    edges.setdefault((here, name), []).append(f"{rel(path)}:{number}")
    return edges


def cycles(mods, edges):
    """The strongly connected components of more than one module."""
    succ = {m: sorted({b for (a, b) in edges if a == m}) for m in mods}
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10_000)
    for m in mods:
        if m not in index:
            visit(m)
    return out


def functions(path):
    """(name, first line, length) of each `fn` with a body, by braces."""
    lines = code_lines(path)
    found = []
    for i, line in enumerate(lines):
        m = re.match(r"\s*(pub(\([^)]*\))? )?(const )?(async )?(unsafe )?fn (\w+)", line)
        if not m:
            continue
        depth, started = 0, False
        for j in range(i, len(lines)):
            text = re.sub(r'"(\\.|[^"\\])*"', '""', lines[j])
            text = re.sub(r"'(\\.|[^'\\])'", "''", text)
            for c in text:
                if c == "{":
                    depth += 1
                    started = True
                elif c == "}":
                    depth -= 1
            if not started and text.rstrip().endswith(";"):
                break
            if started and depth <= 0:
                found.append((m.group(6), i + 1, j - i + 1))
                break
    return found


def measure():
    counts, where = {}, {}
    impl = [
        rel(p)
        for p in rust_files(*ALL)
        if any(re.match(r"impl(<[^>]*>)? Engine\b", l) for l in code_lines(p))
    ]
    counts["files with impl Engine"], where["files with impl Engine"] = len(impl), impl

    above = [p for p in rust_files(*ALL) if not rel(p).startswith("crates/engine")]

    def hits(pattern):
        return [
            f"{rel(p)}:{n}"
            for p in above
            for n, l in enumerate(code_lines(p), 1)
            for _ in re.findall(pattern, l)
        ]

    for key, pattern in [
        ("has_dice() above the engine", r"\bhas_dice\(\)"),
        ("board-shape queries above the engine", r"\b(has_tracks|stacks|one_turn_per_position)\(\)"),
        ("sowing queries above the engine", r"\bsows\(\)"),
        ("dice == [0; N] outside the engine", r"dice\s*[!=]=\s*\[0;\s*\w+\]"),
    ]:
        found = hits(pattern)
        counts[key], where[key] = len(found), found

    mods = library_modules()
    edges = module_edges(mods)
    found = cycles(mods, edges)
    detail = []
    for comp in found:
        for (a, b), at in sorted(edges.items()):
            if a in comp and b in comp:
                detail.append(f"{a} -> {b} ({at[0]})")
    counts["module cycles"], where["module cycles"] = len(found), detail

    checker = list(rust_files("crates/lang/src/check")) + [os.path.join(ROOT, "crates/lang/src/check.rs")]
    dice_messages = [
        f"{rel(p)}:{n}"
        for p in checker
        for n, l in enumerate(code_lines(p), 1)
        if re.search(r'"[^"]*\bdice\b[^"]*"', l)
    ]
    counts["checker messages mentioning dice"] = len(dice_messages)
    where["checker messages mentioning dice"] = dice_messages

    largest = max(
        ((length, f"{rel(p)}:{line} {name}") for p in rust_files(*ALL) for name, line, length in functions(p)),
        default=(0, ""),
    )
    counts["largest function (lines)"], where["largest function (lines)"] = largest[0], [largest[1]]
    return counts, where


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--list", action="store_true", help="say where each count comes from")
    args = parser.parse_args()
    counts, where = measure()
    if args.json:
        print(json.dumps({"counts": counts, "where": where} if args.list else counts, indent=1))
        return
    width = max(len(k) for k in counts)
    for key, value in counts.items():
        print(f"{key:<{width}}  {value}")
        if args.list:
            for w in where[key]:
                print(f"    {w}")


if __name__ == "__main__":
    main()
