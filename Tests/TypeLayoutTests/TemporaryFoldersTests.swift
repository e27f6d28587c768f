import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import TypeLayoutTestSupport
#endif

/// Tests leave the machine's temporary folder as they found it: each test's folders are removed
/// when it ends, also when it throws (6,377 `typelayout-tests-*` folders had piled up in /tmp).
@Suite struct TemporaryFoldersTests {
    struct Thrown: Error {
        let folder: URL
    }

    @Test func aTestsFoldersAreRemovedWhenItThrows() async throws {
        do {
            try await TestPaths.withTemporaryFolders {
                let folder = try TestPaths.temporaryDirectory()
                let locked = folder.appendingPathComponent("locked")
                try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
                try Data("x".utf8).write(to: locked.appendingPathComponent("file"))
                // Taken away as some tests do: the folder must go all the same.
                chmod(locked.path, 0o500)
                throw Thrown(folder: folder)
            }
            Issue.record("the body's error wasn't passed on")
        } catch let error as Thrown {
            #expect(!FileManager.default.fileExists(atPath: error.folder.path))
            #expect(!FileManager.default.fileExists(atPath: error.folder.deletingLastPathComponent().path))
        }
    }

    @Test func aTestsFoldersAreRemovedWhenItReturns() async throws {
        let folders = try await TestPaths.withTemporaryFolders {
            let folders = [try TestPaths.temporaryDirectory(), try TestPaths.temporaryDirectory()]
            #expect(folders[0] != folders[1])
            #expect(folders.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
            return folders
        }
        #expect(folders.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
    }

    @Test func noFolderOutsideAScope() {
        #expect(throws: TemporaryFolders.Unscoped.self) { try TestPaths.temporaryDirectory() }
    }
}
