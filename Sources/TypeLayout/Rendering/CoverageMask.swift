/// An 8-bit coverage (alpha) mask, such as an anti-aliased glyph from FreeType: 0 is
/// uncovered, 255 fully covered. Rows top to bottom, `width` bytes each, no padding.
///
/// A mask may be empty (0 × 0, like the glyph for a space).
///
/// A mask is a view of bytes it shares, never changes: masks rasterized together by a
/// ``GlyphCache`` are slices of one block of memory (one allocation for a batch of glyphs
/// instead of one each), which lives as long as any mask of it. Read the values in place with
/// ``withUnsafeBytes(_:)``; ``bytes`` copies them.
public struct CoverageMask: Sendable, Equatable {
    /// Width in pixels (0 or more).
    public let width: Int
    /// Height in pixels (0 or more).
    public let height: Int
    /// The block holding the values, shared with other masks.
    let storage: CoverageStorage
    /// Where this mask's first value is in `storage`.
    let offset: Int

    /// `width × height` coverage values, copied out of the shared block.
    public var bytes: [UInt8] {
        withUnsafeBytes { [UInt8]($0) }
    }

    /// Calls `body` with the `width × height` coverage values, in place (no copy). The buffer
    /// is valid only during the call and must not be written to.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) {
            try body(UnsafeRawBufferPointer(start: storage.base + offset, count: width * height))
        }
    }

    /// Wraps coverage values.
    ///
    /// - Throws: ``ImageError/invalidSize(width:height:)`` for a negative size,
    ///   ``ImageError/tooLarge(width:height:)`` if `width × height` overflows, or
    ///   ``ImageError/byteCountMismatch(width:height:expected:actual:)``.
    public init(width: Int, height: Int, bytes: [UInt8]) throws {
        let count = try bitmapByteCount(width: width, height: height, bytesPerPixel: 1)
        guard bytes.count == count else {
            throw ImageError.byteCountMismatch(width: width, height: height, expected: count, actual: bytes.count)
        }
        let storage = CoverageStorage(zeroedCount: count)
        bytes.withUnsafeBytes { storage.base.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(storage.base), byteCount: count) }
        self.init(storage: storage, offset: 0, width: width, height: height)
    }

    /// Copies a mask whose rows are `pitch` bytes apart, such as FreeType's `FT_Bitmap`
    /// (`buffer`, `width`, `rows`, `pitch`) for `FT_PIXEL_MODE_GRAY`, dropping the row padding.
    ///
    /// - Parameters:
    ///   - width: pixels per row.
    ///   - height: the number of rows.
    ///   - pitch: bytes from one row's start to the next's.
    ///   - rows: the first byte of the top row; may be nil only for an empty mask.
    /// - Precondition: `pitch >= width` (FreeType's glyph renderer never gives a negative pitch).
    /// - Throws: ``ImageError/invalidSize(width:height:)`` or ``ImageError/tooLarge(width:height:)``.
    public init(width: Int, height: Int, pitch: Int, rows: UnsafePointer<UInt8>?) throws {
        let count = try bitmapByteCount(width: width, height: height, bytesPerPixel: 1)
        try self.init(width: width, height: height,
                      bytes: copyRows(rows, rowBytes: width, pitch: pitch, height: height, total: count))
    }

    /// The `width × height` values at `offset` in `storage`, which the caller has written and
    /// won't change.
    init(storage: CoverageStorage, offset: Int, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0 && offset >= 0 && offset + width * height <= storage.count,
                     "a \(width) × \(height) mask at \(offset) is outside its \(storage.count)-byte block")
        self.storage = storage
        self.offset = offset
        self.width = width
        self.height = height
    }

    /// Same size and values, wherever they are stored.
    public static func == (a: CoverageMask, b: CoverageMask) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        if a.storage === b.storage, a.offset == b.offset { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
    }
}

/// A block of coverage bytes shared by the ``CoverageMask``s sliced from it: written once by
/// whoever made it, before any mask of it is handed out, then only read. That is what makes
/// sharing it between threads safe (hence `@unchecked Sendable`).
final class CoverageStorage: @unchecked Sendable {
    /// `count` bytes, owned.
    let base: UnsafeMutableRawPointer
    let count: Int

    /// `count` zero bytes (FreeType's rasterizer adds coverage to what is there).
    init(zeroedCount count: Int) {
        precondition(count >= 0, "a block of \(count) bytes")
        self.count = count
        base = .allocate(byteCount: max(count, 1), alignment: 16)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: count)
    }

    deinit {
        base.deallocate()
    }
}
