#!/usr/bin/env python3
"""Random flexbox trees laid out by Yoga, as reference frames for TypeLayoutScreens.

Writes Tests/TypeLayoutScreensTests/Fixtures/flex-differential.json: each case is a tree in
React Native's style names, the viewport and direction it is laid out in, and the frame
Yoga gives every node (x, y, width, height relative to the parent, a node before its
children). FlexDifferentialTests lays the same trees out with our engine and compares.

Yoga here is `yoga-layout-python`, a Python port of Meta's Yoga (the engine React Native
uses), with its default configuration and pixel rounding off (point scale factor 0).
Text-like leaves measure as fixed-width characters in words, wrapped greedily, with the
same rule as the test's measured content; both sides apply CSS fit-content to them.
"""
import argparse
import json
import math
import random
import sys

import yoga as Y

EDGES = {
    "Left": Y.YGEdge.YGEdgeLeft, "Top": Y.YGEdge.YGEdgeTop, "Right": Y.YGEdge.YGEdgeRight,
    "Bottom": Y.YGEdge.YGEdgeBottom, "Start": Y.YGEdge.YGEdgeStart, "End": Y.YGEdge.YGEdgeEnd,
    "Horizontal": Y.YGEdge.YGEdgeHorizontal, "Vertical": Y.YGEdge.YGEdgeVertical, "": Y.YGEdge.YGEdgeAll,
}
FLEX_DIRECTION = {"row": "Row", "column": "Column", "row-reverse": "RowReverse", "column-reverse": "ColumnReverse"}
JUSTIFY = {"flex-start": "FlexStart", "center": "Center", "flex-end": "FlexEnd", "space-between": "SpaceBetween",
           "space-around": "SpaceAround", "space-evenly": "SpaceEvenly"}
ALIGN = {"auto": "Auto", "flex-start": "FlexStart", "center": "Center", "flex-end": "FlexEnd", "stretch": "Stretch",
         "baseline": "Baseline",
         "space-between": "SpaceBetween", "space-around": "SpaceAround", "space-evenly": "SpaceEvenly"}
WRAP = {"nowrap": "NoWrap", "wrap": "Wrap", "wrap-reverse": "WrapReverse"}
OVERFLOW = {"visible": "Visible", "hidden": "Hidden", "scroll": "Scroll"}
DIRECTION = {"inherit": "Inherit", "ltr": "LTR", "rtl": "RTL"}

ERRATA = {
    "all": Y.YGErrata.YGErrataAll, "none": Y.YGErrata.YGErrataNone, "classic": Y.YGErrata.YGErrataClassic,
    "stretch-flex-basis": Y.YGErrata.YGErrataStretchFlexBasis,
    "absolute-position": Y.YGErrata.YGErrataAbsolutePositionWithoutInsetsExcludesPadding,
    "absolute-percent": Y.YGErrata.YGErrataAbsolutePercentAgainstInnerSize,
}

CHAR_WIDTH = 7.0
LINE_HEIGHT = 13.0
FIRST_BASELINE = 10.0  # a text leaf's first baseline below its content box's top
FITS_TOLERANCE = 1e-3  # Yoga's port carries some values as float32; both sides use this.


def enum(kind, prefix, name):
    return getattr(kind, prefix + name)


# --- text-like content: words of fixed-width characters ----------------------------------

def min_content(words):
    return max(words) * CHAR_WIDTH


def max_content(words):
    return (sum(words) + len(words) - 1) * CHAR_WIDTH


def text_height(words, width):
    lines, used = 1, None
    for word in words:
        candidate = word if used is None else used + 1 + word
        if used is None or candidate * CHAR_WIDTH <= width + FITS_TOLERANCE:
            used = candidate
        else:
            lines, used = lines + 1, word
    return lines * LINE_HEIGHT


def measure_function(words):
    def measure(node, width, width_mode, height, height_mode):
        if width_mode == Y.YGMeasureMode.YGMeasureModeExactly:
            used = width
        elif width_mode == Y.YGMeasureMode.YGMeasureModeAtMost:
            used = min(max_content(words), max(min_content(words), width))
        else:
            used = max_content(words)
        return Y.YGSize(used, text_height(words, used))
    return measure


def baseline_function(node, width, height):
    """A text leaf's first baseline from its border box's top, as the test's content gives it."""
    return (Y.YGNodeLayoutGetPadding(node, Y.YGEdge.YGEdgeTop) + Y.YGNodeLayoutGetBorder(node, Y.YGEdge.YGEdgeTop)
            + FIRST_BASELINE)


# --- random trees ---------------------------------------------------------------------------

def length(rng, percent=True, auto=True, low=0, high=160):
    roll = rng.random()
    if auto and roll < 0.15:
        return "auto"
    if percent and roll < 0.35:
        return f"{rng.choice([10, 20, 25, 33, 50, 60, 75, 100])}%"
    return float(rng.randint(low, high))


DENSITY = 1.0  # scales every property's chance; lower makes simpler trees for debugging


# Features that trigger departures of Yoga's from the CSS spec which we don't copy (the
# test's KnownDifference list names them and says why). Left out unless --with-yoga-quirks,
# so that the trees measure agreement on everything else.
WITH_YOGA_QUIRKS = False


def random_style(rng, depth, is_root, is_leaf, parent_style=None, direction="ltr"):
    style = {}
    def maybe(probability, key, value_function):
        if rng.random() < probability * DENSITY:
            style[key] = value_function()
    if not is_leaf:
        maybe(0.6, "flexDirection", lambda: rng.choice(list(FLEX_DIRECTION)))
        maybe(0.4, "justifyContent", lambda: rng.choice(list(JUSTIFY)))
        maybe(0.4, "alignItems", lambda: rng.choice(["flex-start", "center", "flex-end", "stretch"]))
        maybe(0.03, "alignItems", lambda: "baseline")
        maybe(0.3, "flexWrap", lambda: rng.choice(list(WRAP)))
        maybe(0.3, "alignContent", lambda: rng.choice(
            ["flex-start", "center", "flex-end", "stretch", "space-between", "space-around", "space-evenly"]))
        maybe(0.2, "gap", lambda: float(rng.randint(0, 12)))
        maybe(0.15, "rowGap", lambda: float(rng.randint(0, 12)))
        maybe(0.15, "columnGap", lambda: float(rng.randint(0, 12)))
        maybe(0.1, "overflow", lambda: rng.choice(list(OVERFLOW)))
    if not is_root:
        maybe(0.25, "alignSelf", lambda: rng.choice(["auto", "flex-start", "center", "flex-end", "stretch"]))
        maybe(0.01, "alignSelf", lambda: "baseline")
        maybe(0.35, "flexGrow", lambda: float(rng.choice([0, 1, 1, 2, 0.5, 3])))
        maybe(0.35, "flexShrink", lambda: float(rng.choice([0, 1, 1, 2, 0.5])))
        maybe(0.2, "flexBasis", lambda: length(rng))
        maybe(0.1, "position", lambda: "absolute")
        for edge in ["top", "right", "bottom", "left", "start", "end"]:
            maybe(0.08, edge, lambda: length(rng, auto=False, low=-10, high=40))
        maybe(0.04, "display", lambda: "none")
        for edge in ["", "Top", "Right", "Bottom", "Left", "Start", "End", "Horizontal", "Vertical"]:
            maybe(0.05, "margin" + edge, lambda: length(rng, auto=True, low=-5, high=20) if rng.random() < 0.8 else "auto")
    maybe(0.45, "width", lambda: length(rng))
    maybe(0.45, "height", lambda: length(rng))
    maybe(0.1, "minWidth", lambda: length(rng, auto=False))
    maybe(0.1, "maxWidth", lambda: length(rng, auto=False))
    maybe(0.1, "minHeight", lambda: length(rng, auto=False))
    maybe(0.1, "maxHeight", lambda: length(rng, auto=False))
    maybe(0.08, "aspectRatio", lambda: rng.choice([0.5, 1.0, 1.5, 2.0]))
    maybe(0.08, "direction", lambda: rng.choice(list(DIRECTION)))
    for edge in ["", "Top", "Right", "Bottom", "Left", "Start", "End", "Horizontal", "Vertical"]:
        maybe(0.05, "padding" + edge, lambda: length(rng, auto=False, high=15))
    for edge in ["", "Top", "Right", "Bottom", "Left", "Start", "End", "Horizontal", "Vertical"]:
        maybe(0.03, "borderWidth" + edge, lambda: float(rng.randint(0, 6)))
    if not WITH_YOGA_QUIRKS:
        avoid_yoga_quirks(style, parent_style or {}, direction, is_root)
    return style


def avoid_yoga_quirks(style, parent_style, direction, is_root):
    """Removes what would trigger one of Yoga's departures from CSS that the test lists."""
    def is_percentage(value):
        return isinstance(value, str) and value.endswith("%")
    in_flow = style.get("position") != "absolute"
    # A row in rtl runs like row-reverse, and Yoga mirrors its items' offsets the same way.
    parent_reversed = parent_style.get("flexDirection", "column").endswith("-reverse") \
        or (direction == "rtl" and parent_style.get("flexDirection", "column").startswith("row"))
    parent_wraps = parent_style.get("flexWrap", "nowrap") != "nowrap"
    insets = ["top", "right", "bottom", "left", "start", "end"]
    # Relative offsets in reversed and wrapping containers.
    if in_flow and (parent_reversed or parent_wraps):
        for key in insets:
            style.pop(key, None)
    # Relative offsets of a box whose own direction differs from its parent's (Yoga turns
    # left and right the other way; docs/flexbox.md, "Relative offsets of a box in another
    # direction"). Removing keys draws nothing from rng, so every other tree stays the same.
    own = style.get("direction", "inherit")
    if in_flow and not is_root and (direction if own == "inherit" else own) != direction:
        for key in ["left", "right", "start", "end"]:
            style.pop(key, None)
    # marginLeft/marginRight in rtl (start/end are fine).
    if (direction if own == "inherit" else own) == "rtl" or direction == "rtl":
        style.pop("marginLeft", None)
        style.pop("marginRight", None)
    # A maximum below the minimum.
    for low, high in [("minWidth", "maxWidth"), ("minHeight", "maxHeight")]:
        if isinstance(style.get(low), float) and isinstance(style.get(high), float) and style[high] < style[low]:
            style[low], style[high] = style[high], style[low]
        elif is_percentage(style.get(low)) or is_percentage(style.get(high)):
            if low in style and high in style:
                del style[low]
    # Percentage min/max on flex items; percentage padding, margins and offsets, and
    # flexBasis where the parent's main size isn't a number of points.
    if not is_root:
        for key in list(style):
            if is_percentage(style[key]) and (key.startswith(("min", "max", "padding", "margin")) or key in insets):
                del style[key]
        row = parent_style.get("flexDirection", "column").startswith("row")
        if not isinstance(parent_style.get("width" if row else "height"), float):
            style.pop("flexBasis", None)
    # aspectRatio together with sizes, limits, padding or margins.
    if "aspectRatio" in style:
        for key in list(style):
            if key.startswith(("min", "max", "padding", "margin")) or key in ("width", "height", "flexBasis"):
                del style[key]
    # wrap-reverse with padding, border or margins (its children's are dropped by the caller).
    if style.get("flexWrap") == "wrap-reverse":
        for key in list(style):
            if key.startswith(("padding", "borderWidth")):
                del style[key]
    if parent_style.get("flexWrap") == "wrap-reverse":
        for key in list(style):
            if key.startswith("margin"):
                del style[key]


def random_node(rng, depth, budget, is_root=False, parent_style=None, direction="ltr"):
    children_count = 0
    if depth < 4 and budget[0] > 0:
        children_count = rng.choice([0, 1, 2, 3, 3, 4, 5]) if not is_root else rng.randint(1, 6)
    node = {}
    if children_count == 0 and rng.random() < 0.4:
        node["text"] = [rng.randint(1, 9) for _ in range(rng.randint(1, 8))]
    node["style"] = random_style(rng, depth, is_root, children_count == 0, parent_style, direction)
    own_direction = node["style"].get("direction", "inherit")
    direction = direction if own_direction == "inherit" else own_direction
    if children_count:
        budget[0] -= children_count
        node["children"] = [random_node(rng, depth + 1, budget, parent_style=node["style"], direction=direction)
                            for _ in range(children_count)]
        if not WITH_YOGA_QUIRKS and is_baseline_layout(node):
            # A baseline layout places its items over again, as a wrapping container does,
            # and drops their cross-axis relative offsets the same way.
            for child in node["children"]:
                if child["style"].get("position") != "absolute":
                    for key in ["top", "right", "bottom", "left", "start", "end"]:
                        child["style"].pop(key, None)
    return node


def is_baseline_layout(node):
    """A row with an item aligned by baseline (Yoga's isBaselineLayout)."""
    style = node["style"]
    return style.get("flexDirection", "column").startswith("row") and (
        style.get("alignItems") == "baseline"
        or any(child["style"].get("alignSelf") == "baseline" and child["style"].get("position") != "absolute"
               for child in node.get("children", [])))


# --- Yoga -------------------------------------------------------------------------------------

def set_length(node, name, value, edge=None):
    """Calls YGNodeStyleSet<name>, …Percent or …Auto for one React Native length."""
    args = [node] if edge is None else [node, edge]
    if value == "auto":
        getattr(Y, f"YGNodeStyleSet{name}Auto")(*args)
    elif isinstance(value, str):
        getattr(Y, f"YGNodeStyleSet{name}Percent")(*args, float(value[:-1]))
    else:
        getattr(Y, f"YGNodeStyleSet{name}")(*args, value)


def build_yoga(config, tree):
    node = Y.YGNodeNewWithConfig(config)
    style = tree.get("style", {})
    for key, value in style.items():
        if key == "flexDirection":
            Y.YGNodeStyleSetFlexDirection(node, enum(Y.YGFlexDirection, "YGFlexDirection", FLEX_DIRECTION[value]))
        elif key == "justifyContent":
            Y.YGNodeStyleSetJustifyContent(node, enum(Y.YGJustify, "YGJustify", JUSTIFY[value]))
        elif key in ("alignItems", "alignSelf", "alignContent"):
            getattr(Y, "YGNodeStyleSet" + key[0].upper() + key[1:])(node, enum(Y.YGAlign, "YGAlign", ALIGN[value]))
        elif key == "flexWrap":
            Y.YGNodeStyleSetFlexWrap(node, enum(Y.YGWrap, "YGWrap", WRAP[value]))
        elif key == "overflow":
            Y.YGNodeStyleSetOverflow(node, enum(Y.YGOverflow, "YGOverflow", OVERFLOW[value]))
        elif key == "direction":
            Y.YGNodeStyleSetDirection(node, enum(Y.YGDirection, "YGDirection", DIRECTION[value]))
        elif key == "display":
            Y.YGNodeStyleSetDisplay(node, Y.YGDisplay.YGDisplayNone)
        elif key == "position":
            Y.YGNodeStyleSetPositionType(node, Y.YGPositionType.YGPositionTypeAbsolute)
        elif key in ("flexGrow", "flexShrink", "aspectRatio"):
            getattr(Y, "YGNodeStyleSet" + key[0].upper() + key[1:])(node, value)
        elif key in ("gap", "rowGap", "columnGap"):
            gutter = {"gap": "All", "rowGap": "Row", "columnGap": "Column"}[key]
            Y.YGNodeStyleSetGap(node, enum(Y.YGGutter, "YGGutter", gutter), value)
        elif key in ("flexBasis", "width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight"):
            set_length(node, key[0].upper() + key[1:], value)
        elif key in ("top", "right", "bottom", "left", "start", "end"):
            set_length(node, "Position", value, EDGES[key[0].upper() + key[1:]])
        elif key.startswith("margin"):
            set_length(node, "Margin", value, EDGES[key[len("margin"):]])
        elif key.startswith("padding"):
            set_length(node, "Padding", value, EDGES[key[len("padding"):]])
        elif key.startswith("borderWidth"):
            Y.YGNodeStyleSetBorder(node, EDGES[key[len("borderWidth"):]], value)
        else:
            raise ValueError(f"unknown style key {key}")
    if "text" in tree:
        Y.YGNodeSetMeasureFunc(node, measure_function(tree["text"]))
        Y.YGNodeSetBaselineFunc(node, baseline_function)
    for index, child in enumerate(tree.get("children", [])):
        Y.YGNodeInsertChild(node, build_yoga(config, child), index)
    return node


def number(value):
    """Rounded for a smaller file; None where Yoga left NaN (the port leaves some `display:
    none` nodes' positions unset), which the test skips."""
    return None if not math.isfinite(value) else round(value, 4)


def frames(node):
    result, pending = [], [node]
    while pending:
        next_node = pending.pop()
        result.append([number(Y.YGNodeLayoutGetLeft(next_node)), number(Y.YGNodeLayoutGetTop(next_node)),
                       number(Y.YGNodeLayoutGetWidth(next_node)), number(Y.YGNodeLayoutGetHeight(next_node))])
        count = Y.YGNodeGetChildCount(next_node)
        pending.extend(Y.YGNodeGetChild(next_node, index) for index in reversed(range(count)))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--output", required=True)
    parser.add_argument("--density", type=float, default=1.0, help="scales each property's chance")
    parser.add_argument("--max-nodes", type=int, default=24)
    parser.add_argument("--errata", choices=["all", "none", "classic", "stretch-flex-basis", "absolute-position", "absolute-percent"], default="none",
                        help="Yoga's errata: none (the default) is strict conformance, all is React Native's default")
    parser.add_argument("--with-yoga-quirks", action="store_true",
                        help="also generate the features that trigger Yoga's known departures from CSS")
    arguments = parser.parse_args()
    global DENSITY, WITH_YOGA_QUIRKS
    DENSITY = arguments.density
    WITH_YOGA_QUIRKS = arguments.with_yoga_quirks
    rng = random.Random(arguments.seed)
    config = Y.YGConfigNew()
    Y.YGConfigSetPointScaleFactor(config, 0)
    Y.YGConfigSetErrata(config, ERRATA[arguments.errata])
    cases = []
    for _ in range(arguments.count):
        viewport = [rng.choice([None, 320.0, 390.0, 200.0]), rng.choice([None, 600.0, 844.0, 150.0])]
        direction = rng.choice(["ltr", "ltr", "rtl"])
        tree = random_node(rng, 0, [rng.randint(min(3, arguments.max_nodes), arguments.max_nodes)], is_root=True,
                           direction=direction)
        root = build_yoga(config, tree)
        Y.YGNodeCalculateLayout(
            root, math.nan if viewport[0] is None else viewport[0], math.nan if viewport[1] is None else viewport[1],
            enum(Y.YGDirection, "YGDirection", DIRECTION[direction]))
        cases.append({"viewport": viewport, "direction": direction, "tree": tree, "frames": frames(root)})
    with open(arguments.output, "w") as output:
        json.dump({"charWidth": CHAR_WIDTH, "lineHeight": LINE_HEIGHT, "firstBaseline": FIRST_BASELINE,
                   "fitsTolerance": FITS_TOLERANCE,
                   "generator": "yoga-layout-python 0.1.1, errata %s, seed %d" % (arguments.errata, arguments.seed), "cases": cases},
                  output, separators=(",", ":"))
    print(f"flex-differential: {len(cases)} trees, {sum(len(c['frames']) for c in cases)} nodes", file=sys.stderr)


if __name__ == "__main__":
    main()
