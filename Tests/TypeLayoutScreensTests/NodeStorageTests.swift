import Testing
import TypeLayout
@testable import TypeLayoutScreens

/// A hosting screen's nodes keep their paths in a shared table and their styles in shared
/// boxes; they must read and change as nodes that hold both themselves.
@Suite struct NodeStorageTests {
    private func node(_ paths: ScreenNodePaths, _ index: Int, parent: Int?, box: StyleBox) -> ScreenLayout.Node {
        ScreenLayout.Node(id: nil, paths: paths, pathIndex: index, kind: .box, parent: parent,
                          frame: BoxRect(x: 0, y: 0, width: 10, height: 10), styleBox: box, category: .large,
                          text: nil, image: nil, scrollsContent: false)
    }

    @Test func pathsAreMadeFromParentsAndPositions() {
        let paths = ScreenNodePaths(capacity: 4)
        paths.set(0, parent: nil, position: 0)
        paths.set(1, parent: 0, position: 0)
        paths.set(2, parent: 1, position: 12)
        paths.set(3, parent: 2, position: 3)
        let nodes = (0..<4).map { node(paths, $0, parent: $0 == 0 ? nil : $0 - 1, box: .plain) }
        #expect(nodes.map(\.path) == ["0", "0.0", "0.0.12", "0.0.12.3"])
        var renamed = nodes[3]
        renamed.path = "0.9"
        #expect(renamed.path == "0.9")
        #expect(nodes[3].path == "0.0.12.3")
    }

    @Test func aSharedStyleChangesOnlyTheNodeWritten() {
        let paths = ScreenNodePaths(capacity: 1)
        paths.set(0, parent: nil, position: 0)
        let first = node(paths, 0, parent: nil, box: .plain)
        var second = first
        second.style.borderRadius = 4
        #expect(second.style.borderRadius == 4)
        #expect(first.style == BoxStyle())
        #expect(StyleBox.plain.style == BoxStyle())
    }

    @Test func aPainterTellsAnUnpaintedStyleByItsBytes() {
        let painter = StylePainter()
        _ = painter.begin()
        #expect(painter.box() === StyleBox.plain)
        let style = painter.begin()
        style.pointee.backgroundColor = Color(red: 1, green: 2, blue: 3)
        let painted = painter.box()
        #expect(painted !== StyleBox.plain)
        #expect(painted.style.backgroundColor == Color(red: 1, green: 2, blue: 3))
        // The next node starts from the plain style again.
        _ = painter.begin()
        #expect(painter.box() === StyleBox.plain)
    }
}
