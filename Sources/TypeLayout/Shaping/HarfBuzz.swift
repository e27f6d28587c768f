import CHarfBuzz

// The only file that calls HarfBuzz.

enum HarfBuzz {
    /// HarfBuzz's version as "major.minor.micro".
    static var version: String { String(cString: hb_version_string()) }
}
