
// MARK: - RenderedGlyph

/// A rasterized glyph, ready to composite: an 8-bit coverage mask to tint with the text
/// colour, or a premultiplied colour bitmap (colour emoji) to draw as it is.
struct RenderedGlyph: Sendable {
    /// The glyph's pixels.
    enum Image: Sendable {
        /// Anti-aliased coverage of an outline.
        case coverage(CoverageMask)
        /// Premultiplied colour, BGRA as FreeType gives it.
        case color(PremultipliedBitmap)
    }

    /// The pixels; 0 × 0 for a glyph without ink, such as a space.
    let image: Image
    /// Pixels from the glyph's origin right to the image's left column (FreeType's
    /// `bitmap_left`).
    let left: Int
    /// Pixels from the baseline up to the image's top row (FreeType's `bitmap_top`).
    let top: Int

    /// A glyph that draws nothing.
    static let empty = RenderedGlyph(image: .coverage(.empty), left: 0, top: 0)

    var width: Int {
        switch image {
        case let .coverage(mask): mask.width
        case let .color(bitmap): bitmap.width
        }
    }

    var height: Int {
        switch image {
        case let .coverage(mask): mask.height
        case let .color(bitmap): bitmap.height
        }
    }

    /// Bytes of pixel data, which is what the cache's budget counts.
    var byteCount: Int {
        switch image {
        case let .coverage(mask): mask.width * mask.height
        case let .color(bitmap): bitmap.bytes.count
        }
    }

    /// This glyph resampled by `factor` (a fixed-size strike drawn at the text's size), then
    /// moved right by `shift` pixels.
    ///
    /// The size is scaled and rounded on its own, so that the image keeps its proportions, and
    /// placed so that its centre stays where the scaled strike's centre falls (within half a
    /// pixel): rounding each edge instead could stretch it by a pixel.
    func resampled(by factor: Double, shift: Int) throws -> RenderedGlyph {
        guard width > 0, height > 0 else { return self }
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        let newLeft = Int(((Double(left) + Double(width) / 2) * factor - Double(newWidth) / 2).rounded())
        let newTop = Int(((Double(top) - Double(height) / 2) * factor + Double(newHeight) / 2).rounded())
        switch image {
        case let .color(bitmap):
            return RenderedGlyph(
                image: .color(try bitmap.scaled(toWidth: newWidth, height: newHeight)),
                left: newLeft + shift, top: newTop)
        case let .coverage(mask):
            // Only monochrome or grey bitmap-only fonts get here, rarely: borrow the colour
            // resampler by carrying coverage in all four channels (a valid premultiplied white).
            let bytes = mask.bytes
            var spread = [UInt8](repeating: 0, count: bytes.count * 4)
            for (i, c) in bytes.enumerated() {
                spread[i * 4] = c
                spread[i * 4 + 1] = c
                spread[i * 4 + 2] = c
                spread[i * 4 + 3] = c
            }
            let scaled = try PremultipliedBitmap(width: mask.width, height: mask.height, format: .rgba, bytes: spread)
                .scaled(toWidth: newWidth, height: newHeight)
            var coverage = [UInt8](repeating: 0, count: newWidth * newHeight)
            for i in coverage.indices { coverage[i] = scaled.bytes[i * 4 + 3] }
            return RenderedGlyph(
                image: .coverage(try CoverageMask(width: newWidth, height: newHeight, bytes: coverage)),
                left: newLeft + shift, top: newTop)
        }
    }
}

extension CoverageMask {
    /// The 0 × 0 mask.
    static let empty = try! CoverageMask(width: 0, height: 0, bytes: [])
}

// MARK: - GlyphCache

/// A bounded, thread-safe cache of rasterized glyphs, so that a glyph is rasterized once per
/// face, size and sub-pixel phase however often it is drawn.
///
/// **Keys.** A glyph is cached by its face, its glyph id, its size in pixels per em (to 1/64
/// pixel, FreeType's own precision) and its horizontal sub-pixel phase. Glyph positions are
/// rounded to the nearest quarter pixel, giving ``subpixelPhases`` (4) images of each glyph,
/// rendered with FreeType moved right by 0, ¼, ½ and ¾ pixel. Quarter pixels keep every glyph
/// within ⅛ pixel of its exact position, which is below what the eye sees in anti-aliased text,
/// while each glyph costs at most four rasterizations (cairo, under Pango, also uses four).
/// Vertical positions are snapped to whole pixels: baselines are horizontal, so a vertical
/// phase would only cost memory.
///
/// **Bounds.** Entries are counted by their pixel bytes plus a fixed overhead, and the least
/// recently used are evicted once ``byteLimit`` is exceeded. A glyph larger than the whole
/// budget is rendered but not kept. Glyphs rasterized together (a batch of up to 64 missing
/// from one drawing) share one block of memory, one allocation instead of one per glyph
/// (see ``CoverageMask``); a block is freed when the last of its glyphs is evicted and no
/// longer drawn, so memory can run above the count by what evicted glyphs share with kept ones.
///
/// **Concurrency.** Lookups take a lock briefly; rasterizing happens outside it (an outline is
/// loaded under its face's lock, and rendered under its own), so glyphs rasterize in parallel,
/// those of one face too. Two tasks that miss on the same
/// glyph at the same moment may both rasterize it; the first stored is kept.
public final class GlyphCache: Sendable {
    /// Counters and totals of a cache, for tests and tuning.
    public struct Statistics: Sendable, Hashable {
        /// Lookups answered from the cache.
        public var hits: Int
        /// Lookups that had to rasterize the glyph (each miss is one rasterization).
        public var misses: Int
        /// Glyphs dropped to stay within ``GlyphCache/byteLimit``.
        public var evictions: Int
        /// Glyphs held now.
        public var count: Int
        /// Bytes held now, as counted against ``GlyphCache/byteLimit``.
        public var byteCount: Int
    }

    /// The horizontal sub-pixel positions each glyph is rendered at (quarter pixels).
    public static let subpixelPhases = 4

    /// The cache ``Rasterizer`` uses unless given another: 64 MiB.
    public static let shared = GlyphCache(byteLimit: 64 << 20)

    /// The most bytes the cache holds before evicting.
    public let byteLimit: Int

    /// Bookkeeping bytes counted for each entry besides its pixels, so that a flood of tiny or
    /// empty glyphs is bounded too.
    static let entryOverhead = 128

    private let state: Lock<State>

    /// An empty cache holding at most `byteLimit` bytes (0 or less caches nothing).
    public init(byteLimit: Int = 32 << 20) {
        self.byteLimit = max(0, byteLimit)
        state = Lock(State())
    }

    /// Scaled outlines kept for other sub-pixel phases (not counted in ``statistics``).
    var keptOutlineCount: Int { state.withLock { $0.outlines.count } }

    /// The counters and current totals.
    public var statistics: Statistics {
        state.withLock { state in
            Statistics(hits: state.glyphs.hits, misses: state.glyphs.misses, evictions: state.glyphs.evictions,
                       count: state.glyphs.count, byteCount: state.glyphs.byteCount)
        }
    }

    /// Drops every glyph; the counters keep counting.
    public func removeAll() {
        state.withLock { state in
            // The counters keep counting: a new table, then the old one's counts.
            var emptied = LRUTable<Key, Entry>()
            emptied.carryCounts(from: state.glyphs)
            state = State(glyphs: emptied)
        }
    }

    /// The glyph `glyphID` of `face` at `pixelsPerEm`, moved right by `phase` quarter pixels
    /// (0 ..< ``subpixelPhases``), from the cache or rasterized now.
    ///
    /// - Throws: what ``FreeTypeFace/renderGlyph(_:pixelsPerEm:subpixelOffset:)`` throws.
    func glyph(_ glyphID: UInt32, of face: FontFace, pixelsPerEm: Double, phase: Int) throws -> RenderedGlyph {
        // A batch of one: the same checks, counts, recency and kept outlines.
        var result: [RenderedGlyph] = []
        try glyphs(for: [Request(face: face, glyphID: glyphID, pixelsPerEm: pixelsPerEm, phase: phase)], into: &result)
        return result[0]
    }

    /// One glyph a ``Rasterizer`` draws: what ``glyph(_:of:pixelsPerEm:phase:)`` takes.
    struct Request {
        var face: FontFace
        var glyphID: UInt32
        var pixelsPerEm: Double
        var phase: Int
    }

    /// The most requests ``glyphs(for:into:)`` takes at once: it finds repeated misses by
    /// linear search, so a batch is kept small (a label's line or two).
    static let batchLimit = 64

    /// The glyphs of `requests`, in order, into `results` (replacing its contents), as
    /// ``glyph(_:of:pixelsPerEm:phase:)`` would give them one by one, with the same counts
    /// (a repeat of a glyph rasterized earlier in the batch is a hit), but taking the lock
    /// twice for the batch rather than once or twice per glyph, so that a warm label pays for the
    /// lock, its closure and exclusivity checks once.
    ///
    /// - Precondition: at most ``batchLimit`` requests.
    /// - Throws: what ``glyph(_:of:pixelsPerEm:phase:)`` throws.
    func glyphs(for requests: [Request], into results: inout [RenderedGlyph]) throws {
        let count = requests.count
        precondition(count <= Self.batchLimit, "a batch of \(count) glyphs is over \(Self.batchLimit)")
        results.removeAll(keepingCapacity: true)
        guard count > 0 else { return }
        // Per request: its key, and which miss it repeats (-1 for none). Small tables of
        // misses by key (an index into `misses`, -1 for empty), for finding repeats and
        // shared outlines within the batch: a linear search per miss would cost more than hashing.
        try withUnsafeTemporaryAllocation(of: Key.self, capacity: count) { keys in
        try withUnsafeTemporaryAllocation(of: Int8.self, capacity: count + 2 * Self.batchTableSize) { scratch in
            scratch.initialize(repeating: -1)
            let repeats = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
            let byKey = UnsafeMutableBufferPointer(rebasing: scratch[count..<count + Self.batchTableSize])
            let byOutline = UnsafeMutableBufferPointer(rebasing: scratch[(count + Self.batchTableSize)...])
            for (i, request) in requests.enumerated() {
                precondition((0..<Self.subpixelPhases).contains(request.phase), "sub-pixel phase \(request.phase) is out of range")
                let pixelsPerEm = request.pixelsPerEm
                guard pixelsPerEm.isFinite, pixelsPerEm > 0, pixelsPerEm < 65_536 else {
                    throw TypeLayoutError.invalidPointSize(pixelsPerEm)
                }
                // Sizes are keyed, and rendered, at FreeType's 26.6 precision, so a key always
                // stands for the same pixels whichever caller rasterized it first.
                keys.initializeElement(at: i, to: Key(
                    face: ObjectIdentifier(request.face), glyphID: request.glyphID,
                    size64: Int32((pixelsPerEm * 64).roundedToInt), phase: UInt8(request.phase)))
            }
            // Distinct missing glyphs, by the request that first asked for each.
            var misses: [Miss] = []
            state.withLock { state in
                for i in 0..<count {
                    let key = keys[i]
                    if let cached = state.lookUp(key) {
                        results.append(cached)
                        continue
                    }
                    results.append(.empty)
                    var bucket = key.batchBucket
                    while byKey[bucket] >= 0, keys[misses[Int(byKey[bucket])].request] != key {
                        bucket = (bucket + 1) & (Self.batchTableSize - 1)
                    }
                    if byKey[bucket] >= 0 {
                        // A repeat is settled once the first is stored (below).
                        repeats[i] = byKey[bucket]
                        continue
                    }
                    byKey[bucket] = Int8(misses.count)
                    if misses.isEmpty { misses.reserveCapacity(count - i) }
                    misses.append(Miss(request: i, outline: state.outlines[OutlineKey(key)]?.outline))
                }
            }
            guard !misses.isEmpty else { return }

            // Each miss's outline (kept by the cache, loaded earlier in this batch for another
            // phase, or loaded now) and its bitmap's box, the boxes laid end to end in one
            // block: one allocation for the batch rather than an array per glyph. Glyphs
            // without a plain outline are rendered by FreeType on their own.
            var total = 0
            for m in misses.indices {
                let key = keys[misses[m].request]
                let face = requests[misses[m].request].face.freeType
                var outline = misses[m].outline
                var bucket = OutlineKey(key).batchBucket
                var tried = false
                if outline == nil {
                    // Another phase of the glyph, earlier in this batch, loaded it (or found it
                    // isn't a plain outline: FreeType then renders each phase itself).
                    while byOutline[bucket] >= 0 {
                        let other = misses[Int(byOutline[bucket])]
                        if OutlineKey(keys[other.request]) == OutlineKey(key) {
                            outline = other.outline
                            tried = true
                            break
                        }
                        bucket = (bucket + 1) & (Self.batchTableSize - 1)
                    }
                }
                if outline == nil, !tried {
                    outline = try face.loadOutline(key.glyphID, pixelsPerEm: Double(key.size64) / 64)
                    // Not found above, so `bucket` is the empty slot the search ended at.
                    byOutline[bucket] = Int8(m)
                    misses[m].loaded = outline != nil
                }
                misses[m].outline = outline
                let offset = Double(key.phase) / Double(Self.subpixelPhases)
                if let outline {
                    let box = try FreeTypeFace.bitmapBox(of: outline, subpixelOffset: offset)
                    misses[m].box = box
                    misses[m].offset = total
                    total += box.byteCount
                } else {
                    misses[m].glyph = try face.renderGlyph(key.glyphID, pixelsPerEm: Double(key.size64) / 64, subpixelOffset: offset)
                }
            }
            if total > 0 {
                let storage = CoverageStorage(zeroedCount: total)
                let base = storage.base.assumingMemoryBound(to: UInt8.self)
                for m in misses.indices {
                    guard let outline = misses[m].outline, let box = misses[m].box, box.byteCount > 0 else { continue }
                    let key = keys[misses[m].request]
                    try requests[misses[m].request].face.freeType.render(
                        outline, subpixelOffset: Double(key.phase) / Double(Self.subpixelPhases), box: box,
                        into: base + misses[m].offset)
                    misses[m].glyph = RenderedGlyph(
                        image: .coverage(CoverageMask(storage: storage, offset: misses[m].offset, width: box.width, height: box.rows)),
                        left: box.left, top: box.top)
                }
            }

            let limit = byteLimit
            state.withLock { state in
                for m in misses.indices {
                    let i = misses[m].request, key = keys[i], face = requests[i].face
                    if misses[m].loaded, limit > 0, let outline = misses[m].outline {
                        state.keep(outline, for: OutlineKey(key), face: face)
                    }
                    let glyph = misses[m].glyph
                    results[i] = state.insert(key, glyph: glyph, face: face,
                                              cost: glyph.byteCount + Self.entryOverhead, limit: limit)
                }
                for i in 0..<count where repeats[i] >= 0 {
                    // A repeat of a glyph rasterized above: a hit if it was kept (it is, unless
                    // it is over the whole budget or was evicted at once), as one by one.
                    if let cached = state.lookUp(keys[i]) {
                        results[i] = cached
                    } else {
                        state.glyphs.misses += 1
                        results[i] = misses[Int(repeats[i])].glyph
                    }
                }
            }
        }
        }
    }

    /// Slots in each of ``glyphs(for:into:)``'s tables: a power of two, twice ``batchLimit``
    /// so that a search ends soon.
    private static let batchTableSize = 128

    /// The top 7 bits (a slot of 128) of a product-mixed pair of words.
    private static func batchBucket(_ face: ObjectIdentifier, _ word: UInt64) -> Int {
        let mixed = (UInt64(UInt(bitPattern: face)) &* 0x9E37_79B9_7F4A_7C15 ^ word) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: mixed >> 57)
    }

    /// A glyph missing from the cache in a batch, with what rasterizing it needs and gives.
    private struct Miss {
        /// The first request for it.
        var request: Int
        /// Its scaled outline: kept by the cache, else loaded by this batch.
        var outline: ScaledOutline?
        /// Whether this batch loaded `outline` (so stores it).
        var loaded = false
        /// Where `outline`'s bitmap goes, and how far into the batch's block.
        var box: GlyphBitmapBox?
        var offset = 0
        var glyph = RenderedGlyph.empty
    }

    /// The most scaled outlines kept (each a few hundred bytes to a few KB), beyond the glyphs'
    /// byte budget; past it they are all dropped, and reloaded as needed.
    static let outlineLimit = 1024

    // MARK: Storage

    /// A cached glyph: face, glyph, size (26.6) and phase. Only compared, never given to
    /// `Hasher`: ``LRUTable`` and the batch tables hash it themselves.
    private struct Key: LRUTableKey {
        /// Faces are told apart by identity; each entry holds its face so the identifier can't
        /// be reused while the entry lives.
        var face: ObjectIdentifier
        var glyphID: UInt32
        var size64: Int32
        var phase: UInt8

        /// A slot in a batch's table (see ``GlyphCache/batchTableSize``): a multiplicative
        /// hash, unseeded because the table lives for one batch of at most 64 keys.
        var batchBucket: Int {
            GlyphCache.batchBucket(face, word)
        }

        /// Glyph, size and phase in one word.
        var word: UInt64 { UInt64(glyphID) | UInt64(UInt32(bitPattern: size64)) << 32 | UInt64(phase) << 62 }

        var hashWords: (UInt64, UInt64) { (UInt64(UInt(bitPattern: face)), word) }
    }

    private struct OutlineKey: Hashable {
        var face: ObjectIdentifier
        var glyphID: UInt32
        var size64: Int32

        /// As ``Key/batchBucket``.
        var batchBucket: Int {
            GlyphCache.batchBucket(face, UInt64(glyphID) | UInt64(UInt32(bitPattern: size64)) << 32)
        }

        /// The outline a glyph key's image is rasterized from.
        init(_ key: Key) {
            (face, glyphID, size64) = (key.face, key.glyphID, key.size64)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(face)
            hasher.combine(UInt64(glyphID) | UInt64(UInt32(bitPattern: size64)) << 32)
        }
    }

    /// A cached glyph and its face, held so that the face's identifier in the key can't be
    /// reused while the entry lives.
    private struct Entry: Sendable {
        var glyph: RenderedGlyph
        var face: FontFace
    }

    private struct State {
        /// Each with its face, so that the identifier can't be reused while the entry lives.
        var outlines: [OutlineKey: (face: FontFace, outline: ScaledOutline)] = [:]
        var glyphs = LRUTable<Key, Entry>()

        mutating func lookUp(_ key: Key) -> RenderedGlyph? { glyphs.lookUp(key)?.glyph }

        mutating func keep(_ outline: ScaledOutline, for key: OutlineKey, face: FontFace) {
            if outlines.count >= GlyphCache.outlineLimit { outlines.removeAll() }
            // A label loads a few dozen: skip the rehashing of growing a doubling at a time.
            if outlines.isEmpty { outlines.reserveCapacity(32) }
            outlines[key] = (face, outline)
        }

        mutating func insert(_ key: Key, glyph: RenderedGlyph, face: FontFace, cost: Int, limit: Int) -> RenderedGlyph {
            glyphs.insert(key, Entry(glyph: glyph, face: face), cost: cost, limit: limit).glyph
        }
    }
}
