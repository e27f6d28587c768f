// In-process timings of the TypeLayout library for compare.sh, by the same method as the C
// floor (floor/floor.c) and the Pango timer (pango/pango-relayout.c): each stage runs `warmup`
// times untimed, then `iterations` times, each iteration timed alone with CLOCK_MONOTONIC; the
// output is one line per stage: name, median µs, p90 µs, iterations.
//
//   typelayout-inprocess [--scale 1] [--iterations 200] [--warmup 20] [--only STAGE]
//   typelayout-inprocess --boxes TREE.json [--box-frames OUT.json] [--iterations N] [--warmup N]
//
// With --boxes, only the box layout of that tree (Benchmarks/boxes/boxes.py generate) is timed,
// stage `boxes-COUNT`, and --box-frames writes every box's frame relative to its parent,
// [x, y, width, height] in document order, for compare-boxes.sh to check against Taffy's and
// Yoga's.
import BenchCorpus
import Foundation
import SwiftUIExamples
import TypeLayout
import TypeLayoutRendering
import TypeLayoutPreviewRunner
import TypeLayoutScreens
import TypeLayoutSwiftUI

#if canImport(Glibc)
import Glibc
#endif

var scale = 1
var iterations = 200
var warmup = 20
var only: String?
var boxTreePath: String?
var boxFramesPath: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--scale": scale = Int(arguments.next() ?? "") ?? scale
    case "--iterations": iterations = Int(arguments.next() ?? "") ?? iterations
    case "--warmup": warmup = Int(arguments.next() ?? "") ?? warmup
    case "--only": only = arguments.next()  // one stage, for profiling
    case "--boxes": boxTreePath = arguments.next()
    case "--box-frames": boxFramesPath = arguments.next()
    default:
        let usage = "usage: typelayout-inprocess [--scale N] [--iterations N] [--warmup N] [--only STAGE]"
            + " | --boxes TREE.json [--box-frames OUT.json]\n"
        _ = usage.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
}

// TYPELAYOUT_CLOCK=cpu times with the process's CPU clock instead of the wall clock: on a
// machine loaded past its cores, a sample of tens of milliseconds is mostly time spent waiting
// for a core (compare-boxes.sh times both sides so).
let timingClock = getenv("TYPELAYOUT_CLOCK").map { String(cString: $0) } == "cpu" ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC

func now() -> UInt64 {
    var time = timespec()
    clock_gettime(timingClock, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Times `body` as described at the top; a slow stage (seconds) passes its own `iterations`
/// and `warmup` so that a whole run stays short.
@MainActor func stage(_ name: String, iterations: Int = iterations, warmup: Int = warmup, _ body: () throws -> Void) rethrows {
    if let only, only != name { return }
    for _ in 0..<warmup { try body() }
    var samples: [UInt64] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = now()
        try body()
        samples.append(now() - start)
    }
    samples.sort()
    let median = samples[samples.count / 2], p90 = samples[min(samples.count - 1, samples.count * 9 / 10)]
    print("\(name)\t\(format3(Double(median) / 1000))\t\(format3(Double(p90) / 1000))\t\(iterations)")
}

func format3(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}

if let boxTreePath {
    let file: BoxTreeFile
    do {
        file = try BoxTreeFile(contentsOf: boxTreePath)
    } catch {
        let message = "typelayout-inprocess: \(boxTreePath): \(error)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(1)
    }
    func layout() throws -> BoxLayout { try file.tree.layout(root: file.root, width: file.viewportWidth) }
    try stage("boxes-\(file.tree.count)") { consume(try layout()) }
    if let boxFramesPath {
        let frames = try layout().frames.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] }
        try JSONSerialization.data(withJSONObject: frames).write(to: URL(fileURLWithPath: boxFramesPath))
    }
    exit(0)
}

let body = try Corpus.text(Corpus.bodyText)
let style = Corpus.style
let engine = TextLayoutEngine()
let large = try engine.layout(body, paragraphStyle: style, category: .large)
precondition(large.lines.count == 3)
let image = try Rasterizer().render(large, scale: scale, padding: 8)

// Lay out again what was laid out before: the engine's shaping cache answers.
try stage("relayout") { consume(try engine.layout(body, paragraphStyle: style, category: .large)) }
// A new engine: text analysis and HarfBuzz shaping again, then the layout.
try stage("relayout-cold") { consume(try TextLayoutEngine().layout(body, paragraphStyle: style, category: .large)) }
try stage("sweep12") { consume(try engine.layout(body, paragraphStyle: style, categories: ContentSizeCategory.allCases)) }
// The sweep of a label the engine has not seen: analysis and shaping once, shared by the 12.
try stage("sweep12-cold") {
    consume(try TextLayoutEngine().layout(body, paragraphStyle: style, categories: ContentSizeCategory.allCases))
}
// A prepared text (analysis and shaping done once) laid out again at a width other than the
// last one's, alternating two, so no layout answers from the one before: issue 18's goal is at
// most 0.3 × a full layout ("relayout-cold").
let prepared = try engine.prepare(body, paragraphStyle: style)
let preparedWidths = [style.width ?? 343, (style.width ?? 343) - 40]
var preparedTurn = 0
try stage("prepared-relayout") {
    preparedTurn += 1
    consume(try prepared.layout(width: preparedWidths[preparedTurn & 1], category: .large))
}
try stage("raster-cold") { consume(try Rasterizer(cache: GlyphCache()).render(large, scale: scale, padding: 8)) }
let warm = Rasterizer(cache: GlyphCache())
try stage("raster-warm") { consume(try warm.render(large, scale: scale, padding: 8)) }
try stage("png") { consume(try PNGCodec.encode(image)) }
// Everything after font loading, nothing cached: what the floor's "total" does.
try stage("pipeline") {
    let layout = try TextLayoutEngine().layout(body, paragraphStyle: style, category: .large)
    consume(try PNGCodec.encode(Rasterizer(cache: GlyphCache()).render(layout, scale: scale, padding: 8)))
}
// The contact sheet of the 12 categories, nothing cached, encoded: what render-cli
// --categories all does after start-up, and what the floor's "sheet" does.
try stage("sheet") {
    let engine = TextLayoutEngine()
    let layouts = try engine.layout(body, paragraphStyle: style, categories: ContentSizeCategory.allCases)
    var sheet = ContactSheet(scale: scale, padding: 8)
    sheet.columns = 4
    consume(try PNGCodec.encode(sheet.render(layouts, engine: engine, rasterizer: Rasterizer(cache: GlyphCache()))))
}
// Screens (Examples/screens/, read once): every node laid out at the 12 categories, texts
// prepared once for the 12, as render-cli screen --categories all does before drawing. The
// issue's goal: the settings screen's 12 in at most 2 ms.
let cellScreen = try Corpus.screen(Corpus.cellScreen)
let settingsScreen = try Corpus.screen(Corpus.settingsScreen)
try stage("screen-cell12") { consume(try cellScreen.layouts(at: ContentSizeCategory.allCases, engine: engine)) }
try stage("screen-settings12") { consume(try settingsScreen.layouts(at: ContentSizeCategory.allCases, engine: engine)) }
// The same with a new engine: every text of the screen analysed and shaped again.
try stage("screen-settings12-cold") {
    consume(try settingsScreen.layouts(at: ContentSizeCategory.allCases, engine: TextLayoutEngine()))
}

// Issue 26: the same settings screen written in SwiftUI (Examples/swiftui/Settings.swift), on
// the screen file's device, laid out at the 12 categories by TypeLayoutSwiftUI's own engine,
// beside "screen-settings12" above. Goal: at most 1.5 × it.
try stage("swiftui-settings12") {
    consume(try HostingScreen(rootView: SettingsScreen(), device: settingsScreen.device, engine: engine)
        .layouts(categories: ContentSizeCategory.allCases))
}
// The list cell's 12-category golden check as assertGolden(of:device:categories:) makes it, less
// Swift Testing's bookkeeping: lay out, draw at 2 ×, read and decode each recorded reference PNG
// and its frames dump, compare. The references are recorded once, untimed, into a scratch
// folder. Goal: at most 40 ms.
let goldenFolder = FileManager.default.temporaryDirectory.appendingPathComponent("typelayout-inprocess-\(getpid())").path
try FileManager.default.createDirectory(atPath: goldenFolder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: goldenFolder) }
let cellHost = HostingScreen(rootView: ListCell(), device: cellScreen.device, engine: engine)
let goldenRenderer = ScreenRenderer(scale: 2)
for layout in try cellHost.layouts(categories: ContentSizeCategory.allCases) {
    let base = goldenFolder + "/ListCell." + layout.category.shortName
    try PNGCodec.write(try goldenRenderer.render(layout), to: base + ".png")
    try (layout.framesJSON() + "\n").write(toFile: base + ".layout.json", atomically: true, encoding: .utf8)
}
try stage("swiftui-cell-golden12") {
    for layout in try cellHost.layouts(categories: ContentSizeCategory.allCases) {
        let base = goldenFolder + "/ListCell." + layout.category.shortName
        let image = try goldenRenderer.render(layout)
        let reference = try PNGCodec.read(contentsOf: base + ".png")
        let frames = try String(contentsOfFile: base + ".layout.json", encoding: .utf8)
        guard image == reference, frames == layout.framesJSON() + "\n" else {
            throw SwiftUILayoutError.invalidGeometry("the list cell's golden check failed at \(layout.category.shortName)")
        }
    }
}

// Issue 27: a Form of 30 rows under a navigation bar (Form30.swift) laid out at the 12
// categories, layout only. Goal: at most 3 ms.
try stage("swiftui-form30-12") {
    consume(try HostingScreen(rootView: Form30(), device: .iPhone16, engine: engine).layouts(categories: ContentSizeCategory.allCases))
}
// Issue 27: the example settings app's previews (Examples/swiftui/SettingsApp, 6) at the 12
// sizes in the 3 languages of its catalog: sheets, frames dumps, the screen audit in three
// formats and the review gallery, written as `settings-app-previews` writes them, in process
// (the command's child-process probes are timed apart). 5 iterations after 1 untimed. Goal: 5 s.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
let appPreviews = [
    Preview(SettingsApp_Previews.self), Preview(SettingsHome_Previews.self), Preview(NotificationSettings_Previews.self),
    Preview(DisplaySettings_Previews.self), Preview(AboutSettings_Previews.self), Preview(Profile_Previews.self),
]
let appReport = goldenFolder + "/app"
try stage("swiftui-app-previews", iterations: 5, warmup: 1) {
    try? FileManager.default.removeItem(atPath: appReport)
    consume(try PreviewRunner.run(appPreviews, options: PreviewRunOptions(
        report: appReport, catalogs: [packageRoot + "/Examples/swiftui/SettingsApp/Localizable.xcstrings"])))
}
