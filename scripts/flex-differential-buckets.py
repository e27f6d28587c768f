#!/usr/bin/env python3
"""Buckets the differing trees of a FlexDifferentialTests dump by cause.

Reads the JSON lines FlexDifferentialTests writes to $TYPELAYOUT_FLEX_DUMP (each differing
tree with both engines' frames), finds each tree's first differing node (in the frames'
order, a node before its children) and prints the trees grouped by the features of that
node and its parent that can decide its frame, largest group first.
Usage: scripts/flex-differential-buckets.py DUMP [--show N]

With --ablation TREES ABLATION_DUMP (scripts/flex-differential-ablate.py's tree file, and the
dump the test wrote for it), it prints instead, for each differing tree, the first feature
family (in the ablation script's order) whose removal makes the two engines agree, counted.
"""
import json
import signal
import sys

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head

TOLERANCE = 0.01


def preorder(node, parent=None, direction="ltr"):
    own = node.get("style", {}).get("direction", "inherit")
    resolved = direction if own == "inherit" else own
    yield node, parent, resolved
    for child in node.get("children", []):
        yield from preorder(child, node, resolved)


def features(node, parent, direction):
    style, tags = node.get("style", {}), []
    parent_style = (parent or {}).get("style", {})
    if parent is None:
        tags.append("root")
    if style.get("position") == "absolute":
        tags.append("absolute")
    if "aspectRatio" in style:
        tags.append("aspectRatio")
    if "text" in node:
        tags.append("text")
    if any(isinstance(v, str) and v.endswith("%") for v in style.values()):
        tags.append("percent")
    if parent_style.get("flexWrap", "nowrap") != "nowrap":
        tags.append("in-wrap")
    if style.get("flexWrap", "nowrap") != "nowrap":
        tags.append("wraps")
    if "baseline" in (parent_style.get("alignItems"), style.get("alignSelf"), style.get("alignItems")):
        tags.append("baseline")
    if style.get("flexGrow") or style.get("flexShrink"):
        tags.append("flexes")
    if direction == "rtl":
        tags.append("rtl")
    if style.get("display") == "none":
        tags.append("display-none")
    if any(k in style for k in ("gap", "rowGap", "columnGap")) or any(k in parent_style for k in ("gap", "rowGap", "columnGap")):
        tags.append("gap")
    return tags


def first_difference(entry):
    nodes = list(preorder(entry["tree"], direction=entry["direction"]))
    for index, (ours, yoga) in enumerate(zip(entry["ours"], entry["yoga"])):
        fields = [name for name, a, b in zip("xywh", ours, yoga) if b is not None and abs(a - b) > TOLERANCE]
        if fields:
            return index, fields, nodes[index]
    return None


def classify(dump, trees, ablation_dump):
    header = json.load(open(trees))
    labels, order = header["labels"], header["families"]
    still_differ = {json.loads(line)["index"] for line in open(ablation_dump)}
    explains = {}
    for position, (index, family) in enumerate(labels):
        if position not in still_differ:
            explains.setdefault(index, []).append(family)
    ranks = {family: rank for rank, family in enumerate(dict.fromkeys(order))}
    first, alone = {}, {}
    for line in open(dump):
        index = json.loads(line)["index"]
        families = sorted(explains.get(index, []), key=lambda family: ranks[family])
        key = families[0] if families else "no single family"
        first[key] = first.get(key, 0) + 1
        for family in families:
            alone[family] = alone.get(family, 0) + 1
    print("trees  first family whose removal makes the tree match  (any family)")
    for key, count in sorted(first.items(), key=lambda kv: -kv[1]):
        print(f"{count:5d}  {key}  ({alone.get(key, '-')})")


def main():
    if "--ablation" in sys.argv:
        at = sys.argv.index("--ablation")
        return classify(sys.argv[1], sys.argv[at + 1], sys.argv[at + 2])
    show = int(sys.argv[sys.argv.index("--show") + 1]) if "--show" in sys.argv else 0
    buckets = {}
    for line in open(sys.argv[1]):
        entry = json.loads(line)
        found = first_difference(entry)
        if found is None:
            continue
        index, fields, (node, parent, direction) = found
        key = "".join(fields) + " " + "+".join(features(node, parent, direction))
        buckets.setdefault(key, []).append((len(entry["ours"]), entry, index))
    total = sum(len(v) for v in buckets.values())
    print(f"{total} differing trees in {len(buckets)} buckets")
    for key, members in sorted(buckets.items(), key=lambda kv: -len(kv[1])):
        members.sort(key=lambda m: m[0])
        print(f"{len(members):4d}  {key}   (smallest: case {members[0][1]['index']}, node {members[0][2]})")
        for size, entry, index in members[:show]:
            print("      case", entry["index"], "node", index, entry["direction"], entry["viewport"])
            print("      tree", json.dumps(entry["tree"], sort_keys=True))
            print("      ours", entry["ours"][index], "yoga", entry["yoga"][index])


if __name__ == "__main__":
    main()
