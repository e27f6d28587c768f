/// The versions of the C libraries that decide what TypeLayout draws. The same input gives the
/// same pixels on the same versions; golden images record them.
public enum LibraryVersions {
    /// FreeType's version, e.g. "2.12.1".
    public static var freeType: String { FreeTypeLibrary.shared.version }
    /// HarfBuzz's version, e.g. "6.0.0".
    public static var harfBuzz: String { HarfBuzz.version }
    /// "FreeType 2.12.1, HarfBuzz 6.0.0".
    public static var summary: String { "FreeType \(freeType), HarfBuzz \(harfBuzz)" }
}
