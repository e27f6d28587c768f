import Foundation
import Testing
import TypeLayoutTestSupport

/// The render-cli under test (the debug build, or with `TYPELAYOUT_RENDER_CLI` the shipped or
/// the plain release one, as CI runs them) is a position-independent executable: it parses
/// untrusted fonts, catalogs and screen files, so its own code and data must be randomized by
/// the loader like every shared library's.
@Suite struct ExecutableFormatTests {
    @Test func renderCLIIsPositionIndependent() throws {
        let bytes = try Data(contentsOf: CLI.executable)
        #expect(bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]), "an ELF file")
        // ELF64, little-endian (x86-64 and AArch64 Linux): e_type at offset 16, e_phoff at 32,
        // e_phentsize at 54 and e_phnum at 56; a program header's p_type is its first word.
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        #expect(bytes[4] == 2 && bytes[5] == 1, "ELF64, little-endian")
        let elfTypeSharedObject = 3, programInterpreter = 3
        #expect(integer(16, 2) == elfTypeSharedObject, "ET_DYN: loaded at a random address (ET_EXEC is a fixed one)")
        let headers = (0..<integer(56, 2)).map { integer(integer(32, 8) + $0 * integer(54, 2), 4) }
        #expect(headers.contains(programInterpreter), "an executable (PT_INTERP), not a library")
    }
}
