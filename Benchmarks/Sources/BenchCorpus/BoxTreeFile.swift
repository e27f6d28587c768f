import Foundation
import TypeLayoutScreens

/// The box trees of `Benchmarks/boxes/boxes.py generate`, which Taffy and Yoga lay out too:
/// `{"viewportWidth": W, "tree": node}`, a node being `{"style": {...}, "children": [...]}` in
/// React Native's names, leaves without `children`. Only the properties the generator writes
/// are read; any other is an error, so that the two sides can't silently read different trees.
public struct BoxTreeFile {
    /// The tree, its boxes added children first.
    public let tree: BoxTree
    public let root: BoxID
    public let viewportWidth: Double

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public init(contentsOf path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let file = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let width = file["viewportWidth"] as? Double, let node = file["tree"] as? [String: Any]
        else { throw Invalid(description: "\(path): not a box tree file (viewportWidth and tree)") }
        var tree = BoxTree()
        root = try Self.add(node, to: &tree)
        self.tree = tree
        viewportWidth = width
    }

    /// Adds `node` and, before it, its subtree; returns its ID.
    private static func add(_ node: [String: Any], to tree: inout BoxTree) throws -> BoxID {
        let style = try Self.style(node["style"] as? [String: Any] ?? [:])
        guard let children = node["children"] as? [[String: Any]] else { return try tree.addBox(style) }
        return try tree.addBox(style, children: children.map { try add($0, to: &tree) })
    }

    private static func style(_ properties: [String: Any]) throws -> BoxStyle {
        var style = BoxStyle()
        for (name, value) in properties {
            let number = value as? Double
            let keyword = value as? String
            switch name {
            case "flexDirection": style.flexDirection = try parsed(keyword, name)
            case "justifyContent": style.justifyContent = try parsed(keyword, name)
            case "alignItems": style.alignItems = try parsed(keyword, name)
            case "alignSelf": style.alignSelf = try parsed(keyword, name)
            case "alignContent": style.alignContent = try parsed(keyword, name)
            case "flexWrap": style.flexWrap = try parsed(keyword, name)
            case "flexGrow": style.flexGrow = try given(number, name)
            case "flexShrink": style.flexShrink = try given(number, name)
            case "width": style.width = .points(try given(number, name))
            case "height": style.height = .points(try given(number, name))
            case "padding": style.padding.all = .points(try given(number, name))
            case "margin": style.margin.all = .points(try given(number, name))
            default: throw Invalid(description: "unexpected style property \(name)")
            }
        }
        return style
    }

    private static func parsed<Keyword: RawRepresentable<String>>(_ value: String?, _ name: String) throws -> Keyword {
        guard let keyword = value.flatMap(Keyword.init(rawValue:)) else {
            throw Invalid(description: "\(name): \(value ?? "not a keyword") is not a value of it")
        }
        return keyword
    }

    private static func given(_ value: Double?, _ name: String) throws -> Double {
        guard let value else { throw Invalid(description: "\(name) is not a number") }
        return value
    }
}
