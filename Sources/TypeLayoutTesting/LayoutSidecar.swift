import Foundation
import TypeLayout

/// The contents of a `.layout.json` sidecar: the description of every layout in one golden
/// image, pinned exactly beside its pixels so that a pixel tolerance can never hide a changed
/// line break, glyph or size.
struct LayoutSidecar: Codable, Equatable {
    var layouts: [LayoutDescription]

    func encoded() throws -> Data {
        // Sorted and pretty so that a changed reference reads as a small diff in review.
        Data(try ReviewableJSON.bytes(self) + [UInt8(ascii: "\n")])
    }

    static func decode(_ data: Data) throws -> LayoutSidecar {
        try JSONDecoder().decode(LayoutSidecar.self, from: data)
    }
}
