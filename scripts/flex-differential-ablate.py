#!/usr/bin/env python3
"""Classifies the trees where we differ from Yoga by taking features out, one at a time.

Reads the dump FlexDifferentialTests writes to $TYPELAYOUT_FLEX_DUMP (the differing trees),
and writes a tree file for the same test: each differing tree once per feature family it
has, with that family taken out and laid out again by Yoga. Running the test on that file
with a second dump ($TYPELAYOUT_FLEX_DUMP again), and then
`scripts/flex-differential-buckets.py DUMP --ablation TREES ABLATION_DUMP`, shows which trees
match once a family is gone: that family is where the difference comes from.
Usage: scripts/flex-differential-ablate.py DUMP OUTPUT [--errata none]
"""
import copy
import importlib.util
import json
import math
import os
import sys

spec = importlib.util.spec_from_file_location(
    "generator", os.path.join(os.path.dirname(__file__), "flex-differential.py"))
generator = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generator)
Y = generator.Y

INSETS = ["top", "right", "bottom", "left", "start", "end"]


def each_node(node):
    yield node
    for child in node.get("children", []):
        yield from each_node(child)


def drop_keys(test):
    """A family that removes every style key `test(key, value, style)` accepts."""
    def ablate(tree):
        changed = False
        for node in each_node(tree):
            style = node.setdefault("style", {})
            for key in [key for key, value in style.items() if test(key, value, style)]:
                del style[key]
                changed = True
        return changed
    return ablate


def is_percentage(value):
    return isinstance(value, str) and value.endswith("%")


# Checked in this order; a tree counts under the first family whose removal makes it match.
FAMILIES = [
    ("relative offsets", drop_keys(lambda key, value, style: key in INSETS and style.get("position") != "absolute")),
    ("baseline alignment", drop_keys(lambda key, value, style: value == "baseline")),
    ("aspectRatio", drop_keys(lambda key, value, style: key == "aspectRatio")),
    ("absolute children", lambda tree: any(
        node.get("style", {}).pop("position", None) is not None for node in list(each_node(tree)))),
    ("wrapping", drop_keys(lambda key, value, style: key == "flexWrap" and value != "nowrap")),
    ("percentages", drop_keys(lambda key, value, style: is_percentage(value))),
    ("auto margins", drop_keys(lambda key, value, style: key.startswith("margin") and value == "auto")),
    ("min and max sizes", drop_keys(lambda key, value, style: key.startswith(("min", "max")))),
    ("gap", drop_keys(lambda key, value, style: key in ("gap", "rowGap", "columnGap"))),
    ("flexBasis", drop_keys(lambda key, value, style: key == "flexBasis")),
    ("flexShrink", drop_keys(lambda key, value, style: key == "flexShrink")),
    ("flexGrow", drop_keys(lambda key, value, style: key == "flexGrow")),
    ("direction", drop_keys(lambda key, value, style: key == "direction")),
]


def main():
    dump, output = sys.argv[1], sys.argv[2]
    errata = sys.argv[sys.argv.index("--errata") + 1] if "--errata" in sys.argv else "none"
    config = Y.YGConfigNew()
    Y.YGConfigSetPointScaleFactor(config, 0)
    Y.YGConfigSetErrata(config, generator.ERRATA[errata])
    cases, labels = [], []
    for line in open(dump):
        entry = json.loads(line)
        for name, ablate in FAMILIES:
            tree = copy.deepcopy(entry["tree"])
            if not ablate(tree):
                continue
            viewport = entry["viewport"]
            root = generator.build_yoga(config, tree)
            Y.YGNodeCalculateLayout(
                root, math.nan if viewport[0] is None else viewport[0],
                math.nan if viewport[1] is None else viewport[1],
                generator.enum(Y.YGDirection, "YGDirection", generator.DIRECTION[entry["direction"]]))
            cases.append({"viewport": viewport, "direction": entry["direction"], "tree": tree,
                          "frames": generator.frames(root)})
            labels.append([entry["index"], name])
    with open(output, "w") as file:
        json.dump({"charWidth": generator.CHAR_WIDTH, "lineHeight": generator.LINE_HEIGHT,
                   "firstBaseline": generator.FIRST_BASELINE, "fitsTolerance": generator.FITS_TOLERANCE,
                   "generator": "flex-differential-ablate.py", "labels": labels,
                   "families": [name for name, _ in FAMILIES], "cases": cases},
                  file, separators=(",", ":"))
    print(f"flex-differential-ablate: {len(cases)} trees", file=sys.stderr)


if __name__ == "__main__":
    main()
