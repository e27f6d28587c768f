// FoundationEssentials' JSONEncoder: Foundation itself would link its ICU and XML libraries.
internal import FoundationEssentials

/// JSON written for people to read and diff: pretty-printed, keys sorted, slashes unescaped.
/// The audit's report, render-cli's `--json` output and the golden sidecars all use it, so
/// their formatting can't drift apart.
package enum ReviewableJSON {
    /// The value as JSON text.
    package static func string(_ value: some Encodable) throws -> String {
        String(decoding: try bytes(value), as: UTF8.self)
    }

    /// The value as UTF-8 JSON.
    package static func bytes(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }
}
