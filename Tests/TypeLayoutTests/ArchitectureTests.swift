import Foundation
import Testing
import TypeLayoutTestSupport

/// The package's shape, checked from its sources: each C library is touched by one Swift file,
/// and the text engine (`TypeLayout`) links no image compressor or PNG library, which live in
/// `TypeLayoutRendering`, so that a library user who only lays text out links FreeType,
/// HarfBuzz, ICU and fontconfig and nothing else.
@Suite struct ArchitectureTests {
    /// Every `import C…` of a C module in Sources/, as (module, file relative to Sources/).
    static func cImports() throws -> [(module: String, file: String)] {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var imports: [(String, String)] = []
        while let file = enumerator.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ ["internal", "private", "fileprivate", "@_implementationOnly"].contains($0) })
                else { continue }
                let module = String(words[index + 1])
                if module.first == "C", module.dropFirst().first?.isUppercase == true { imports.append((module, file)) }
            }
        }
        return imports
    }

    @Test func eachCLibraryIsTouchedByOneFile() throws {
        let imports = try Self.cImports()
        #expect(imports.count >= 9, "found the C edge files: \(imports)")
        for (module, files) in Dictionary(grouping: imports, by: \.module) {
            #expect(files.count == 1, "\(module) is imported by \(files.map(\.file))")
        }
    }

    @Test func theTextEngineLinksNoCompressorOrPNGLibrary() throws {
        let engine = try Self.cImports().filter { $0.file.hasPrefix("TypeLayout/") }
        #expect(Set(engine.map(\.module)) == ["CFreeType", "CHarfBuzz", "CUnicode", "CFontconfig"], "\(engine)")
        // The target's declared dependencies say the same.
        let manifest = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try #require(manifest.range(of: #"name: "TypeLayout",\s*dependencies: \[[^\]]*\]"#, options: .regularExpression))
        for library in ["CPNG", "CDeflate", "CISAL", "CZlib", "CYAML", "CXML2"] {
            #expect(!manifest[declaration].contains("\"\(library)\""), "TypeLayout depends on \(library)")
        }
    }

    /// One lock type and one way to start a thread (see `Lock` and `StartedThread`): no
    /// `Mutex`, no libdispatch threads, and `pthread_create` only in StartedThread.swift.
    @Test func oneLockTypeAndOneThreadHelper() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var found: [String] = []
        while let file = enumerator.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for word in ["Mutex<", "Mutex(", "concurrentPerform", "DispatchQueue"]
                    where line.contains(word) {
                    found.append("\(file): \(word)")
                }
                if line.contains("pthread_create(") && file != "TypeLayout/Support/StartedThread.swift" {
                    found.append("\(file): pthread_create")
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
