#!/usr/bin/env python3
"""Box layout against Taffy and Yoga on the same trees (issue 18), for compare-boxes.sh.

  boxes.py generate --count N [--shape nested|list] --output TREE.json
                                                      one random tree, fixed seed
  boxes.py peers TREE.json --iterations N --output OUT.json
                                                      Taffy (stretchable) and Yoga (pyyoga,
                                                      poga) lay it out; medians and frames
  boxes.py rows --ours LINE --frames FRAMES.json --peers OUT.json --count N --shape S [--label L]
                                                      checks the frames agree, prints rows

A tree is React Native style names on nested nodes ({"style": {...}, "children": [...]});
leaves have a fixed width and height. Every property a peer defaults differently (Taffy's
are the web's) is written out on every node, so that all engines lay out the same thing.
Each peer is timed around its one layout call, after every node was marked dirty (untimed),
so that no call reuses the previous one's cached results.
"""
import argparse
import json
import math
import os
import random
import statistics
import sys
import time

VIEWPORT_WIDTH = 1000.0
# The clock the samples are taken with: the process's CPU time under TYPELAYOUT_CLOCK=cpu, as
# the in-process timer takes ours then; the wall clock otherwise.
clock = time.process_time_ns if os.environ.get("TYPELAYOUT_CLOCK") == "cpu" else time.perf_counter_ns
# Frames agree to this many points: Yoga keeps lengths as float32, which near the bottom of a
# 10,000-box column (around 10⁵ points) resolves to about 0.01.
TOLERANCE = 0.05

JUSTIFY = ["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]
ALIGN = ["flex-start", "center", "flex-end", "stretch"]


# --- the trees ------------------------------------------------------------------------------

SHAPES = ["nested", "list"]


def generate(count, seed, shape):
    """A tree of exactly `count` boxes: containers (rows and columns, every justification and
    alignment, some padding, margins and growing) and leaves of fixed size.

    `nested`: containers of 2–8 children, a third of them containers again, to whatever depth
    the count takes (6 levels for 100 boxes, 16 for 10,000). `list`: a scrolling list, the
    root's column of cells (rows) of 2–8 boxes, some of them groups of 2–4: 4 levels at most."""
    rng = random.Random(seed)

    def container_style(is_root, direction=None):
        style = {
            "flexDirection": "column" if is_root else direction or rng.choice(["row", "column"]),
            "justifyContent": rng.choice(JUSTIFY),
            "alignItems": rng.choice(ALIGN),
            "alignContent": "flex-start",
            "flexWrap": "nowrap",
            "flexShrink": 0,
            "flexGrow": 0 if is_root else rng.choice([0, 0, 1]),
            "padding": rng.choice([0, 0, 4, 8]),
            "margin": 0 if is_root else rng.choice([0, 0, 2, 5]),
        }
        if is_root:
            style["width"] = VIEWPORT_WIDTH
        return style

    def leaf():
        return {"style": {
            "width": rng.randint(8, 48), "height": rng.randint(8, 48), "flexShrink": 0, "flexGrow": 0,
            "alignSelf": rng.choice(["auto", "auto", "auto"] + ALIGN), "margin": rng.choice([0, 0, 2, 5]),
        }}

    root = {"style": container_style(True), "children": []}
    made = 1
    if shape == "list":
        while made < count:
            cell = {"style": container_style(False, "row"), "children": []}
            root["children"].append(cell)
            made += 1
            for _ in range(rng.randint(2, 8)):
                if made == count:
                    break
                if rng.random() < 0.3 and count - made >= 3:
                    group = {"style": container_style(False), "children": []}
                    made += 1
                    for _ in range(min(rng.randint(2, 4), count - made)):
                        group["children"].append(leaf())
                        made += 1
                    cell["children"].append(group)
                else:
                    cell["children"].append(leaf())
                    made += 1
            if not cell["children"]:
                cell.clear()
                cell.update(leaf())
        return root
    pending = [root]
    while pending and made < count:
        node = pending.pop(0)
        for _ in range(min(rng.randint(2, 8), count - made)):
            if rng.random() < 0.3:
                child = {"style": container_style(False), "children": []}
                pending.append(child)
            else:
                child = leaf()
            node["children"].append(child)
            made += 1
    # Containers the budget left empty become leaves.
    for node in pending:
        if not node["children"]:
            node.clear()
            node.update(leaf())
    return root


def document_order(tree):
    """Nodes a parent before its children, children in order: the order every side's frames
    are listed in."""
    order, pending = [], [tree]
    while pending:
        node = pending.pop()
        order.append(node)
        pending.extend(reversed(node.get("children", [])))
    return order


# --- Taffy, through stretchable --------------------------------------------------------------

def taffy_tree(tree):
    import stretchable as S
    from stretchable.style import AUTO, PT

    flex_direction = {"row": S.style.FlexDirection.ROW, "column": S.style.FlexDirection.COLUMN}
    justify = {name: getattr(S.style.JustifyContent, name.upper().replace("-", "_")) for name in JUSTIFY}
    justify["flex-start"], justify["flex-end"] = S.style.JustifyContent.FLEX_START, S.style.JustifyContent.FLEX_END
    align_items = {name: getattr(S.style.AlignItems, name.upper().replace("-", "_")) for name in ALIGN}
    align_self = dict((name, getattr(S.style.AlignSelf, name.upper().replace("-", "_"))) for name in ALIGN)

    def build(node):
        style = node["style"]
        attributes = dict(
            flex_grow=float(style["flexGrow"]), flex_shrink=float(style["flexShrink"]),
            margin=float(style["margin"]) * PT,
            size=S.style.Size(style["width"] * PT if "width" in style else AUTO,
                              style["height"] * PT if "height" in style else AUTO))
        if "children" in node:
            attributes.update(
                flex_direction=flex_direction[style["flexDirection"]],
                justify_content=justify[style["justifyContent"]],
                align_items=align_items[style["alignItems"]],
                align_content=S.style.AlignContent.FLEX_START,
                flex_wrap=S.style.FlexWrap.NO_WRAP,
                padding=float(style["padding"]) * PT)
        if style.get("alignSelf", "auto") != "auto":
            attributes["align_self"] = align_self[style["alignSelf"]]
        return S.Node(*[build(child) for child in node.get("children", [])], **attributes)

    return build(tree)


def time_taffy(tree, iterations):
    import stretchable.node as N
    from stretchable import taffylib
    from stretchable.style.geometry import size as S

    root = taffy_tree(tree)
    nodes = list(walk_taffy(root))
    leaves = [node for node in nodes if len(node) == 0]
    available = (VIEWPORT_WIDTH, None)
    whole, engine = [], []
    for _ in range(iterations):
        for leaf in leaves:
            leaf.mark_dirty()
        start = clock()
        root.compute_layout(available)
        whole.append(clock() - start)
    # What stretchable's compute_layout adds: after Taffy's own call, it copies every node's
    # layout into Python objects. Timed apart, for the notes.
    space = S.SizeAvailableSpace(*available).to_dict()
    for _ in range(iterations):
        for leaf in leaves:
            leaf.mark_dirty()
        start = clock()
        taffylib.node_compute_layout_with_measure(N.taffy._ptr, root._node_id, space, lambda *_: None)
        engine.append(clock() - start)
    root.compute_layout(available)
    frames = [[node.border_box.x, node.border_box.y, node.border_box.width, node.border_box.height] for node in nodes]
    return whole, engine, frames


def walk_taffy(root):
    pending = [root]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(reversed(list(node)))


# --- Yoga 3, through pyyoga ------------------------------------------------------------------

def time_pyyoga(tree, iterations):
    from pyyoga import _pyyoga as Y

    config = Y.Config.new()
    config.set_point_scale_factor(0)  # no pixel rounding, as on the other sides
    flex_direction = {"row": Y.FlexDirection.Row, "column": Y.FlexDirection.Column}
    justify = {name: getattr(Y.Justify, camel(name)) for name in JUSTIFY}
    align = {name: getattr(Y.Align, camel(name)) for name in ALIGN + ["auto"]}
    nodes, leaves = [], []

    def build(node):
        style = node["style"]
        yoga = Y.Node.new_with_config(config)
        nodes.append(yoga)
        yoga.set_flex_grow(float(style["flexGrow"]))
        yoga.set_flex_shrink(float(style["flexShrink"]))
        yoga.set_margin(Y.Edge.All, float(style["margin"]))
        if "width" in style:
            yoga.set_width(float(style["width"]))
        if "height" in style:
            yoga.set_height(float(style["height"]))
        yoga.set_align_self(align[style.get("alignSelf", "auto")])
        if "children" in node:
            yoga.set_flex_direction(flex_direction[style["flexDirection"]])
            yoga.set_justify_content(justify[style["justifyContent"]])
            yoga.set_align_items(align[style["alignItems"]])
            yoga.set_align_content(Y.Align.FlexStart)
            yoga.set_flex_wrap(Y.Wrap.NoWrap)
            yoga.set_padding(Y.Edge.All, float(style["padding"]))
            for index, child in enumerate(node["children"]):
                yoga.insert_child(build(child), index)
        else:
            leaves.append((yoga, float(style["width"])))
        return yoga

    root = build(tree)
    samples = []
    for _ in range(iterations + 1):
        # Yoga marks only measured nodes dirty on request; a changed style dirties a node and
        # its ancestors, so every leaf's width is moved and put back.
        for leaf, width in leaves:
            leaf.set_width(width + 1)
            leaf.set_width(width)
        start = clock()
        root.calculate_layout(VIEWPORT_WIDTH, math.nan, Y.Direction.LTR)
        samples.append(clock() - start)
    frames = [[node.get_layout_left(), node.get_layout_top(), node.get_layout_width(), node.get_layout_height()]
              for node in nodes]
    return samples[1:], frames


# --- Yoga 1.19, through poga -----------------------------------------------------------------

def time_poga(tree, iterations):
    from poga import libpoga_capi as P

    config = P.YGConfigNew()
    P.YGConfigSetPointScaleFactor(config, 0)
    flex_direction = {"row": P.YGFlexDirection.Row, "column": P.YGFlexDirection.Column}
    justify = {name: getattr(P.YGJustify, camel(name)) for name in JUSTIFY}
    align = {name: getattr(P.YGAlign, camel(name)) for name in ALIGN + ["auto"]}
    nodes = []

    def build(node):
        style = node["style"]
        yoga = P.YGNodeNewWithConfig(config)
        nodes.append(yoga)
        P.YGNodeStyleSetFlexGrow(yoga, float(style["flexGrow"]))
        P.YGNodeStyleSetFlexShrink(yoga, float(style["flexShrink"]))
        P.YGNodeStyleSetMargin(yoga, P.YGEdge.All, float(style["margin"]))
        if "width" in style:
            P.YGNodeStyleSetWidth(yoga, float(style["width"]))
        if "height" in style:
            P.YGNodeStyleSetHeight(yoga, float(style["height"]))
        P.YGNodeStyleSetAlignSelf(yoga, align[style.get("alignSelf", "auto")])
        if "children" in node:
            P.YGNodeStyleSetFlexDirection(yoga, flex_direction[style["flexDirection"]])
            P.YGNodeStyleSetJustifyContent(yoga, justify[style["justifyContent"]])
            P.YGNodeStyleSetAlignItems(yoga, align[style["alignItems"]])
            P.YGNodeStyleSetAlignContent(yoga, P.YGAlign.FlexStart)
            P.YGNodeStyleSetFlexWrap(yoga, P.YGWrap.NoWrap)
            P.YGNodeStyleSetPadding(yoga, P.YGEdge.All, float(style["padding"]))
            for index, child in enumerate(node["children"]):
                P.YGNodeInsertChild(yoga, build(child), index)
        return yoga

    root = build(tree)
    samples = []
    for _ in range(iterations + 1):
        P.YGNodeMarkDirtyAndPropogateToDescendants(root)
        start = clock()
        P.YGNodeCalculateLayout(root, VIEWPORT_WIDTH, math.nan, P.YGDirection.LTR)
        samples.append(clock() - start)
    frames = [[P.YGNodeLayoutGetLeft(node), P.YGNodeLayoutGetTop(node), P.YGNodeLayoutGetWidth(node),
               P.YGNodeLayoutGetHeight(node)] for node in nodes]
    return samples[1:], frames


def camel(keyword):
    return "".join(part.capitalize() for part in keyword.split("-"))


def version(package):
    from importlib.metadata import version as installed
    return installed(package)


# --- comparing and reporting -----------------------------------------------------------------

def first_difference(ours, theirs):
    if len(ours) != len(theirs):
        return f"{len(ours)} frames against {len(theirs)}"
    for index, (a, b) in enumerate(zip(ours, theirs)):
        if any(not abs(x - y) <= TOLERANCE for x, y in zip(a, b)):
            return f"box {index} (document order): ours {a}, theirs {b}"
    return None


def milliseconds(nanoseconds):
    return f"{nanoseconds / 1e6:.3f} ms"


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    generate_command = commands.add_parser("generate")
    generate_command.add_argument("--count", type=int, required=True)
    generate_command.add_argument("--seed", type=int, default=18)
    generate_command.add_argument("--shape", choices=SHAPES, default="nested")
    generate_command.add_argument("--output", required=True)
    peers_command = commands.add_parser("peers")
    peers_command.add_argument("tree")
    peers_command.add_argument("--iterations", type=int, required=True)
    peers_command.add_argument("--output", required=True)
    rows_command = commands.add_parser("rows")
    rows_command.add_argument("--count", type=int, required=True)
    rows_command.add_argument("--shape", choices=SHAPES, required=True)
    rows_command.add_argument("--ours", required=True, help="the in-process timer's line for this tree")
    rows_command.add_argument("--frames", required=True)
    rows_command.add_argument("--peers", required=True)
    rows_command.add_argument("--label", default="TypeLayout", help="what the rows call our side")
    arguments = parser.parse_args()

    if arguments.command == "generate":
        tree = generate(arguments.count, arguments.seed, arguments.shape)
        assert len(document_order(tree)) == arguments.count
        with open(arguments.output, "w") as file:
            json.dump({"viewportWidth": VIEWPORT_WIDTH, "tree": tree}, file, separators=(",", ":"))
    elif arguments.command == "peers":
        with open(arguments.tree) as file:
            tree = json.load(file)["tree"]
        taffy, taffy_engine, taffy_frames = time_taffy(tree, arguments.iterations)
        pyyoga, pyyoga_frames = time_pyyoga(tree, arguments.iterations)
        poga, poga_frames = time_poga(tree, arguments.iterations)
        result = {
            "taffy": {"median": statistics.median(taffy), "engineMedian": statistics.median(taffy_engine),
                      "version": version("stretchable"), "frames": taffy_frames},
            "pyyoga": {"median": statistics.median(pyyoga), "version": version("pyyoga"), "frames": pyyoga_frames},
            "poga": {"median": statistics.median(poga), "version": version("poga"), "frames": poga_frames},
        }
        with open(arguments.output, "w") as file:
            json.dump(result, file)
    else:
        name, median_us, *_ = arguments.ours.split("\t")
        ours = float(median_us) * 1000
        with open(arguments.frames) as file:
            our_frames = json.load(file)
        with open(arguments.peers) as file:
            peers = json.load(file)
        names = {
            "taffy": f"Taffy (stretchable {peers['taffy']['version']})",
            "pyyoga": f"Yoga 3 (pyyoga {peers['pyyoga']['version']})",
            "poga": f"Yoga 1.19 (poga {peers['poga']['version']})",
        }
        failed = False
        for peer in ["taffy", "pyyoga", "poga"]:
            difference = first_difference(our_frames, peers[peer]["frames"])
            if difference:
                print(f"compare-boxes: {arguments.count} boxes, {arguments.shape}: our layout differs from {names[peer]}'s: "
                      f"{difference}", file=sys.stderr)
                failed = True
        if failed:
            sys.exit(1)
        print(f"compare-boxes: {arguments.count} boxes, {arguments.shape}: all {len(our_frames)} frames agree with Taffy and both "
              f"Yogas within {TOLERANCE} pt; Taffy's own call (without stretchable copying the frames into "
              f"Python) {milliseconds(peers['taffy']['engineMedian'])}", file=sys.stderr)
        for peer in ["taffy", "pyyoga", "poga"]:
            theirs = peers[peer]["median"]
            ratio = ours / theirs
            print(f"| Box layout, {arguments.count:,} boxes, {arguments.shape}: {arguments.label} vs {names[peer]} | "
                  f"{milliseconds(ours)} | "
                  f"{milliseconds(theirs)} | {ratio:.2f} × | ≤ 1.0 | {'met' if ratio <= 1.0 else 'missed'} |")


if __name__ == "__main__":
    main()
