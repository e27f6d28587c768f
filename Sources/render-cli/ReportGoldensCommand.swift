import ArgumentParser
import TypeLayoutGallery

struct ReportGoldensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-goldens",
        abstract: "Write the review report of golden-test failures: reference, actual and difference side by side.",
        discussion: """
            Reads the artifacts folder TypeLayoutTesting writes failed golden checks to \
            ($TYPELAYOUT_ARTIFACTS, by default .build/typelayout-golden-artifacts in the package) and \
            writes the same review page as `render-cli audit --report`, with the last test run's failures only.

              TYPELAYOUT_ARTIFACTS=/tmp/artifacts swift test; render-cli report-goldens /tmp/artifacts --report goldens-report
            """)

    @Argument(help: "The artifacts folder of a test run.")
    var artifacts: String

    @Option(help: "The report's folder (index.html and its pictures).")
    var report: String

    @Flag(help: "Nothing on standard error.")
    var quiet = false

    func run() throws {
        let gallery: ReviewGallery
        do {
            gallery = try GoldenFailureGallery.gallery(artifactsDirectory: AuditCommand.withoutTrailingSlash(artifacts))
        } catch let error as ReviewGalleryError {
            throw CLIError.runtime("\(error)")
        }
        try AuditCommand.writeReport(gallery, to: report, quiet: quiet)
    }
}
