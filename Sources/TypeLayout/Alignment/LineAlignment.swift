/// Where a line starts within the label's width, and how much each space grows when justified.
enum LineAlignment {
    /// The x offset of a line of `lineWidth` in a box of `boxWidth`.
    static func offset(lineWidth: Double, boxWidth: Double, alignment: TextAlignment, rightToLeft: Bool) -> Double {
        let free = max(0, boxWidth - lineWidth)
        switch alignment {
        case .left: return 0
        case .right: return free
        case .center: return free / 2
        case .natural, .justified: return rightToLeft ? free : 0
        }
    }

    /// The one rule for which characters justification widens, counted by ``LineBoxes`` and
    /// widened by glyph placement: U+0020 SPACE only. No-break spaces bind words and keep their
    /// width; trailing spaces hang past the line and are never in its text segments.
    @inline(__always)
    static func isJustifiableSpace(_ unit: UInt16) -> Bool { unit == 0x20 }

    /// Extra width per justifiable space, or 0 when the line isn't justified (a paragraph's last
    /// line, a truncated line, a line without spaces).
    static func extraPerSpace(lineWidth: Double, boxWidth: Double, spaces: Int) -> Double {
        guard spaces > 0, boxWidth > lineWidth else { return 0 }
        return (boxWidth - lineWidth) / Double(spaces)
    }
}
