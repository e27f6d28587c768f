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

/// What a golden pins exactly beside its pixels: a label's layout descriptions, or a screen's
/// frames dump (TypeLayoutScreens' JSON, compared as text).
enum GoldenFacts: Equatable {
    case layouts([LayoutDescription])
    case screenFrames(String)

    /// The sidecar file's bytes.
    func encoded() throws -> Data {
        switch self {
        case .layouts(let layouts): try LayoutSidecar(layouts: layouts).encoded()
        case .screenFrames(let json): Data((json + "\n").utf8)
        }
    }

    /// A sidecar file of the same kind as `self`.
    func decoded(from data: Data) throws -> GoldenFacts {
        switch self {
        case .layouts: .layouts(try LayoutSidecar.decode(data).layouts)
        case .screenFrames:
            // The file ends in the newline ``encoded()`` adds; the dump itself doesn't.
            .screenFrames(String(decoding: data.last == UInt8(ascii: "\n") ? data.dropLast() : data, as: UTF8.self))
        }
    }

    /// What differs from `reference`, one line each; empty when nothing does.
    func differences(from reference: GoldenFacts) -> [String] {
        switch (reference, self) {
        case let (.layouts(expected), .layouts(actual)):
            return LayoutDescription.differences(from: expected, to: actual)
        case let (.screenFrames(expected), .screenFrames(actual)):
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            var found: [String] = []
            for index in 0..<max(expectedLines.count, actualLines.count) where found.count < 8 {
                let was = index < expectedLines.count ? String(expectedLines[index]) : "(nothing)"
                let now = index < actualLines.count ? String(actualLines[index]) : "(nothing)"
                let trimmedWas = was.trimmingCharacters(in: .whitespaces), trimmedNow = now.trimmingCharacters(in: .whitespaces)
                if was != now { found.append("frames line \(index + 1) was \(trimmedWas), now \(trimmedNow)") }
            }
            return found
        default:
            return ["the reference holds another kind of facts"]
        }
    }
}
