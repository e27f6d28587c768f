#!/usr/bin/env python3
"""Flexbox fixtures laid out by a browser, the way Yoga's gentest and Taffy's fixtures are made.

Writes Tests/TypeLayoutScreensTests/Fixtures/flex-browser.json: random trees of boxes in React
Native's style names, each written as an HTML page of nested divs, opened in headless Chromium
(Debian's `chromium`), and the border box of every div recorded relative to its parent's
(x, y, width, height, a node before its children). BrowserFixtureTests lays the same trees out
with our engine and counts the matches.

CSS's initial values are not React Native's, so every page sets React Native's defaults
explicitly, as Yoga's gentest does: `display: flex`, `flex-direction: column`, `flex-shrink: 0`,
`align-content: flex-start`, `box-sizing: border-box`, `position: relative`, `min-width` and
`min-height` 0. The trees hold only boxes (no text, which would depend on the browser's fonts)
and leave out what React Native does differently from CSS on purpose (docs/flexbox.md).

usage: flex-browser-fixtures.py [--count N] [--seed S] [--output PATH] [--chromium PATH]
"""
import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(here, "gallery-browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

DEFAULTS = """
body { margin: 0; }
div { box-sizing: border-box; position: relative; display: flex; flex-direction: column;
      align-items: stretch; align-content: flex-start; justify-content: flex-start;
      flex-grow: 0; flex-shrink: 0; flex-basis: auto; min-width: 0; min-height: 0;
      margin: 0; padding: 0; border: 0 solid black; }
#root { position: absolute; left: 0; top: 0; }
"""

EDGE_PROPERTIES = {  # React Native suffix -> CSS longhands, in the order that makes the more specific win
    "": ["top", "right", "bottom", "left"], "Horizontal": ["left", "right"], "Vertical": ["top", "bottom"],
    "Top": ["top"], "Right": ["right"], "Bottom": ["bottom"], "Left": ["left"],
    "Start": ["inline-start"], "End": ["inline-end"],
}
EDGE_ORDER = ["", "Horizontal", "Vertical", "Top", "Right", "Bottom", "Left", "Start", "End"]


def css_length(value):
    return value if isinstance(value, str) else f"{value:g}px"


def css(style):
    """A React Native style as CSS declarations, more specific edges after less specific ones."""
    declarations = []
    simple = {"flexDirection": "flex-direction", "justifyContent": "justify-content", "alignItems": "align-items",
              "alignSelf": "align-self", "alignContent": "align-content", "flexWrap": "flex-wrap",
              "flexGrow": "flex-grow", "flexShrink": "flex-shrink", "direction": "direction",
              "position": "position", "overflow": "overflow"}
    lengths = {"flexBasis": "flex-basis", "width": "width", "height": "height", "minWidth": "min-width",
               "maxWidth": "max-width", "minHeight": "min-height", "maxHeight": "max-height",
               "gap": "gap", "rowGap": "row-gap", "columnGap": "column-gap"}
    for key, value in style.items():
        if key in simple:
            declarations.append(f"{simple[key]}: {value:g}" if isinstance(value, float) else f"{simple[key]}: {value}")
        elif key in lengths:
            declarations.append(f"{lengths[key]}: {css_length(value)}")
    for prefix, css_prefix, suffix in [("margin", "margin", ""), ("padding", "padding", ""),
                                       ("borderWidth", "border", "-width")]:
        for edge in EDGE_ORDER:
            if prefix + edge in style:
                for side in EDGE_PROPERTIES[edge]:
                    declarations.append(f"{css_prefix}-{side}{suffix}: {css_length(style[prefix + edge])}")
    for key, side in [("left", "left"), ("right", "right"), ("top", "top"), ("bottom", "bottom"),
                      ("start", "inset-inline-start"), ("end", "inset-inline-end")]:
        if key in style:
            declarations.append(f"{side}: {css_length(style[key])}")
    return "; ".join(declarations)


def html(tree):
    def node(tree, is_root=False):
        children = "".join(node(child) for child in tree.get("children", []))
        identifier = ' id="root"' if is_root else ""
        return f'<div{identifier} style="{css(tree["style"])}">{children}</div>'
    return f"<!DOCTYPE html><html><head><style>{DEFAULTS}</style></head><body>{node(tree, True)}</body></html>"


FRAMES_SCRIPT = """(() => {
    const frames = [];
    const visit = (element, parent) => {
        const box = element.getBoundingClientRect();
        const origin = parent ? parent.getBoundingClientRect() : {left: 0, top: 0};
        frames.push([box.left - origin.left, box.top - origin.top, box.width, box.height]);
        for (const child of element.children) visit(child, element);
    };
    visit(document.getElementById('root'), null);
    return frames;
})()"""


def length(rng, low=0, high=120, percent=True):
    if percent and rng.random() < 0.2:
        return f"{rng.choice([10, 25, 50, 75, 100])}%"
    return float(rng.randint(low, high))


def random_style(rng, is_root, is_leaf, parent_style):
    style = {}

    def maybe(probability, key, value_function):
        if rng.random() < probability:
            style[key] = value_function()
    if not is_leaf:
        maybe(0.6, "flexDirection", lambda: rng.choice(["row", "column", "row-reverse", "column-reverse"]))
        maybe(0.4, "justifyContent", lambda: rng.choice(
            ["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]))
        maybe(0.4, "alignItems", lambda: rng.choice(["flex-start", "center", "flex-end", "stretch"]))
        maybe(0.3, "flexWrap", lambda: rng.choice(["wrap", "nowrap"]))
        maybe(0.2, "alignContent", lambda: rng.choice(["flex-start", "center", "flex-end", "space-between"]))
        maybe(0.2, "gap", lambda: float(rng.randint(0, 10)))
        maybe(0.1, "rowGap", lambda: float(rng.randint(0, 10)))
        maybe(0.1, "columnGap", lambda: float(rng.randint(0, 10)))
    if not is_root:
        maybe(0.25, "alignSelf", lambda: rng.choice(["auto", "flex-start", "center", "flex-end", "stretch"]))
        maybe(0.3, "flexGrow", lambda: float(rng.choice([1, 1, 2, 3])))
        maybe(0.25, "flexShrink", lambda: float(rng.choice([1, 1, 2])))
        maybe(0.1, "position", lambda: "absolute")
        if style.get("position") == "absolute":
            for edge in ["top", "bottom", "left", "right", "start", "end"]:
                maybe(0.2, edge, lambda: float(rng.randint(-5, 30)))
        for edge in ["", "Top", "Left", "Start", "Horizontal", "Vertical"]:
            maybe(0.05, "margin" + edge, lambda: float(rng.randint(0, 12)))
    if is_root or rng.random() < 0.5:
        style["width"] = float(rng.randint(60, 320)) if is_root else length(rng)
    if is_root or rng.random() < 0.5:
        style["height"] = float(rng.randint(60, 320)) if is_root else length(rng)
    maybe(0.08, "minWidth", lambda: float(rng.randint(0, 80)))
    maybe(0.08, "maxWidth", lambda: float(rng.randint(20, 160)))
    maybe(0.08, "minHeight", lambda: float(rng.randint(0, 80)))
    maybe(0.08, "maxHeight", lambda: float(rng.randint(20, 160)))
    if is_root:
        maybe(0.2, "direction", lambda: "rtl")
    for edge in ["", "Top", "Right", "Start", "Vertical"]:
        maybe(0.05, "padding" + edge, lambda: float(rng.randint(0, 10)))
    for edge in ["", "Bottom", "End"]:
        maybe(0.03, "borderWidth" + edge, lambda: float(rng.randint(1, 5)))
    # Left out: percentages in a parent without that size (CSS makes them auto, React Native
    # resolves them against what it is measuring) and a maximum below its minimum.
    for key in ["width", "height"]:
        if isinstance(style.get(key), str) and not isinstance(parent_style.get(key), float):
            style.pop(key)
    for low, high in [("minWidth", "maxWidth"), ("minHeight", "maxHeight")]:
        if low in style and high in style and style[high] < style[low]:
            style[low], style[high] = style[high], style[low]
    return style


def random_tree(rng, depth=0, budget=None, parent_style=None):
    budget = budget if budget is not None else [rng.randint(3, 14)]
    is_root = depth == 0
    count = 0
    if depth < 3 and budget[0] > 0:
        count = rng.randint(1, 5) if is_root else rng.choice([0, 0, 1, 2, 3, 4])
    style = random_style(rng, is_root, count == 0, parent_style or {})
    tree = {"style": style}
    if count:
        budget[0] -= count
        tree["children"] = [random_tree(rng, depth + 1, budget, style) for _ in range(count)]
    return tree


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--output", default=os.path.join(
        here, "..", "Tests", "TypeLayoutScreensTests", "Fixtures", "flex-browser.json"))
    parser.add_argument("--chromium", default="chromium")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    trees = [random_tree(rng) for _ in range(arguments.count)]
    browser = browser_check.Browser(arguments.chromium)
    cases = []
    try:
        target = next(t for t in browser.send("Target.getTargets", session=False)["targetInfos"]
                      if t["type"] == "page")
        browser.session = browser.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True},
                                       session=False)["sessionId"]
        browser.send("Page.enable")
        with tempfile.TemporaryDirectory(prefix="flex-browser-") as pages:
            for index, tree in enumerate(trees):
                page = os.path.join(pages, f"case-{index}.html")
                with open(page, "w") as file:
                    file.write(html(tree))
                browser.send("Page.navigate", {"url": "file://" + page})
                browser.wait_for(f"document.readyState === 'complete' && location.pathname.endsWith('case-{index}.html')",
                                 f"case {index}")
                frames = [[round(value, 4) for value in frame] for frame in browser.evaluate(FRAMES_SCRIPT)]
                root = tree["style"]
                direction = root.get("direction", "ltr")
                cases.append({"name": f"case-{index}", "viewport": [root["width"], root["height"]],
                              "direction": direction, "tree": tree, "frames": frames})
    finally:
        browser.close()
    version = subprocess.run([arguments.chromium, "--version"], capture_output=True, text=True).stdout.strip()
    with open(arguments.output, "w") as output:
        json.dump({"generator": f"scripts/flex-browser-fixtures.py, {version}, seed {arguments.seed}",
                   "cases": cases}, output, indent=None, separators=(",", ":"))
    print(f"flex-browser-fixtures: {len(cases)} cases, {sum(len(c['frames']) for c in cases)} boxes",
          file=sys.stderr)


if __name__ == "__main__":
    main()
