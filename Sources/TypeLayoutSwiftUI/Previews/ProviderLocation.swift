import Foundation

extension Preview {
    /// `previews` with each ``PreviewProvider``'s place (``fileID`` and ``line``) moved from
    /// where it was registered (`Preview(SettingsView_Previews.self)` in a `main.swift`) to
    /// where the provider is declared, so that a report names the file a team edits.
    ///
    /// Swift keeps no declaration's file at run time, so the place is found in the sources: the
    /// package that holds the registering file (its `#filePath`, up to the folder with a
    /// `Package.swift`; nested packages and hidden folders such as `.build` are skipped) is read
    /// for `struct`, `enum`, `class` or `extension` *Name*`: … PreviewProvider`. A provider
    /// found in one file, or in several but once under a folder named as its module, gets that
    /// file (as `Module/File.swift`, `#fileID`'s form) and the declaration's line; one not found
    /// (sources not on this machine) or found ambiguously keeps its registration's place.
    /// `#Preview` blocks already carry their own place and are returned as they are.
    public static func locatingProviders(_ previews: [Preview]) -> [Preview] {
        var roots: [String: [Int]] = [:]
        for (index, preview) in previews.enumerated() where preview.providerTypeName != nil {
            if let filePath = preview.filePath { roots[packageRoot(of: filePath), default: []].append(index) }
        }
        var located = previews
        for (root, indices) in roots {
            let names = Set(indices.compactMap { previews[$0].providerTypeName })
            let declarations = ProviderDeclarations(names: names, root: root)
            for index in indices {
                guard let name = previews[index].providerTypeName, let place = declarations.place(of: name) else { continue }
                located[index].fileID = place.fileID
                located[index].line = place.line
            }
        }
        return located
    }

    /// The nearest folder above `filePath` with a `Package.swift`, else the file's own folder.
    private static func packageRoot(of filePath: String) -> String {
        let start = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        var folder = start
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
            folder = folder.deletingLastPathComponent()
        }
        return start.path
    }
}

/// Where the named providers are declared in a package's Swift files.
private struct ProviderDeclarations {
    /// Each type name's declarations found: the file's path and the line.
    private var found: [String: [(path: String, line: Int)]] = [:]

    /// Reads every Swift file under `root` once, looking for all of `names` (as
    /// `String(reflecting:)` gives them: `Module.Name`).
    init(names: Set<String>, root: String) {
        let patterns = names.compactMap { name -> (String, NSRegularExpression)? in
            let simple = NSRegularExpression.escapedPattern(for: String(name.split(separator: ".").last ?? ""))
            // At a line's start (no `//` before it), so that a comment's mention doesn't count.
            let pattern = "^[^/\\n]*\\b(?:struct|enum|class|extension)\\s+\(simple)\\s*:[^{]*\\bPreviewProvider\\b"
            return (try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])).map { (name, $0) }
        }
        for path in Self.swiftFiles(under: root) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains("PreviewProvider") else { continue }
            let whole = text as NSString
            for (name, pattern) in patterns {
                guard let match = pattern.firstMatch(in: text, range: NSRange(location: 0, length: whole.length)) else { continue }
                let line = whole.substring(to: match.range.location).reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                found[name, default: []].append((path, line))
            }
        }
    }

    /// The one declaration of `name` (`Module.Name`), preferring one under a folder named as
    /// the module when there are several; `nil` when none, or several and none so placed.
    func place(of name: String) -> (fileID: String, line: Int)? {
        let module = String(name.split(separator: ".").first ?? "")
        let candidates = found[name] ?? []
        let inModule = candidates.filter { $0.path.split(separator: "/").dropLast().contains(Substring(module)) }
        guard let chosen = candidates.count == 1 ? candidates.first : (inModule.count == 1 ? inModule.first : nil) else { return nil }
        return ("\(module)/\((chosen.path as NSString).lastPathComponent)", chosen.line)
    }

    /// The `.swift` files under `root`, sorted, skipping hidden folders (`.build`, `.git`) and
    /// folders that are packages of their own.
    private static func swiftFiles(under root: String) -> [String] {
        var files: [String] = [], folders = [root]
        let manager = FileManager.default
        while let folder = folders.popLast() {
            guard let names = try? manager.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = folder + "/" + name
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if !manager.fileExists(atPath: path + "/Package.swift") { folders.append(path) }
                } else if name.hasSuffix(".swift") {
                    files.append(path)
                }
            }
        }
        return files.sorted()
    }
}
