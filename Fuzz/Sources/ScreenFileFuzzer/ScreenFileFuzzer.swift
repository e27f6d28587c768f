// Screen files under mutation: the first byte's low bit picks JSON (0) or YAML (1), the rest is
// the file. A screen, or one `ScreenFileError` naming a line and column in the file on one line,
// is the right answer; a trap, a sanitizer report or a hang is a bug.
import TypeLayoutScreens

@_cdecl("LLVMFuzzerTestOneInput")
public func screenFileFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    ScreenFileFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum ScreenFileFuzzing {
    static func run(_ bytes: UnsafeRawBufferPointer) {
        let format: ScreenFile.Format = bytes[0] & 1 == 1 ? .yaml : .json
        // Where the seeds are (scripts/fuzz.sh runs from the package root), so that relative
        // image and font paths can name real files.
        let name = "Fuzz/Corpus/ScreenFileFuzzer/screen." + format.rawValue
        let screen: Screen
        do {
            screen = try ScreenFile.parse(Array(bytes.dropFirst()), fileName: name, format: format)
        } catch {
            let location = error.location
            precondition(error.file == name && location?.file == name, "error names \(error.file)")
            precondition((location?.line ?? 0) >= 1 && (location?.column ?? 0) >= 1, "error at \(String(describing: location))")
            precondition(!error.description.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "message \(error.description)")
            return
        }
        precondition(screen.device.width > 0 && screen.device.height > 0, "device \(screen.device)")
        // Every node carries its place, and ids are unique (walked without recursion).
        var ids = Set<String>()
        var pending = [screen.root]
        while let node = pending.popLast() {
            precondition(node.sourceLocation?.file == name, "node without a location")
            if let id = node.id { precondition(ids.insert(id).inserted, "id \(id) twice") }
            pending.append(contentsOf: node.children)
        }
    }
}
