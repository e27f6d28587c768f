#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayout
#if canImport(Glibc)
import Glibc
#endif

/// Progress on standard error: a bar with count, rate and time left on a terminal, plain lines
/// otherwise; nothing for runs that finish within a second.
final class AuditProgress: Sendable {
    private struct State {
        var done = 0
        var lastDraw: ContinuousClock.Instant?
        var shown = false
    }

    private let total: Int
    private let unit: String
    private let terminal: Bool
    private let start = ContinuousClock.now
    /// Seconds before anything is shown: 1, or `TYPELAYOUT_AUDIT_PROGRESS_DELAY` (tests set 0
    /// to see the lines of a short run).
    private let delay: Double = ProcessInfo.processInfo.environment["TYPELAYOUT_AUDIT_PROGRESS_DELAY"].flatMap(Double.init) ?? 1
    private let state = Lock(State())

    /// A display for `total` things called `unit` ("checks", "sheets").
    init(total: Int, unit: String, terminal: Bool) {
        self.total = total
        self.unit = unit
        self.terminal = terminal
    }

    /// Called by the workers with the checks done so far (in any order).
    func update(_ done: Int) {
        let now = ContinuousClock.now
        let elapsed = Self.seconds(now - start)
        guard elapsed >= delay else {
            state.withLock { $0.done = max($0.done, done) }
            return
        }
        let line: String? = state.withLock { state in
            state.done = max(state.done, done)
            // A bar redraws ten times a second; log lines come every two seconds.
            let interval = terminal ? 0.1 : 2.0
            if let last = state.lastDraw, Self.seconds(now - last) < interval { return nil }
            state.lastDraw = now
            state.shown = true
            return render(done: state.done, elapsed: elapsed)
        }
        if let line { FileHandleStderr.write(line) }
    }

    /// Ends the progress display: clears the bar and, if any progress was shown, says how long it took.
    func finish(duration: Double) {
        let shown = state.withLock { $0.shown }
        guard shown else { return }
        let rate = duration > 0 ? Int(Double(total) / duration) : total
        let summary = "audit: \(total) \(unit) in \(duration.formattedPoints) s (\(rate)/s)\n"
        FileHandleStderr.write(terminal ? "\r\u{1B}[2K" + summary : summary)
    }

    private func render(done: Int, elapsed: Double) -> String {
        let rate = Double(done) / max(elapsed, 1e-9)
        let left = rate > 0 ? Double(total - done) / rate : 0
        let eta = Self.clock(left)
        let percent = total > 0 ? done * 100 / total : 100
        guard terminal else {
            return "audit: \(done)/\(total) \(unit) (\(percent)%), \(Int(rate))/s, about \(eta) left\n"
        }
        let width = 30
        let filled = total > 0 ? min(width, done * width / total) : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\r\u{1B}[2K[\(bar)] \(done)/\(total) \(unit)  \(Int(rate))/s  ETA \(eta)"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// "0:42", "12:05".
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let remainder = whole % 60
        return "\(whole / 60):\(remainder < 10 ? "0" : "")\(remainder)"
    }
}
