import Foundation
import Testing
import TypeLayout
import TypeLayoutTestSupport
import TypeLayoutRendering

@Suite(.temporaryFolders) struct PlatformCommandTests {
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try CLI.run(arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }

    @Test func metricsUnderReactNative() throws {
        let object = try Self.json(["metrics", "--style", "body", "--category", "ax5", "--platform", "react-native"])
        #expect(abs((object["pointSize"] as? Double ?? 0) - 60.707) < 1e-9)
        let table = try CLI.run(["metrics", "--style", "body", "--category", "ax5", "--platform", "react-native"])
        #expect(table.stdout.contains(" 60.7 "), "\(table.stdout)")
    }

    @Test func metricsUnderAndroidAndFlutterAndUIKit() throws {
        #expect(try Self.json(["metrics", "--size", "16", "--platform", "android", "--font-scale", "2"])["pointSize"] as? Double == 28)
        #expect(try Self.json(["metrics", "--style", "body", "--category", "ax5", "--platform", "flutter"])["pointSize"] as? Double == 53)
        #expect(try Self.json(["metrics", "--style", "body", "--category", "ax5", "--platform", "uikit"])["pointSize"] as? Double == 53)
        #expect(try Self.json(["metrics", "--style", "body", "--category", "ax5", "--platform", "swiftui"])["pointSize"] as? Double == 53)
    }

    /// Android has font scales, not categories: without --font-scale, --category picks the
    /// category's nearest Android scale in the label commands as in `screen` (it used to be ignored).
    @Test func androidLabelCommandsFollowTheCategory() throws {
        func layoutSize(_ arguments: [String]) throws -> Double {
            try #require(Self.json(["layout", "--style", "body", "--text", "Hi", "--platform", "android"] + arguments)["pointSize"] as? Double)
        }
        let large = try layoutSize(["--category", "l"]), ax5 = try layoutSize(["--category", "ax5"])
        #expect(large == 17 && ax5 > large)
        #expect(ax5 == (try layoutSize(["--font-scale", "2"])))
        #expect(try layoutSize(["--category", "xxxl"]) == layoutSize(["--font-scale", "1.3"]))
        let metrics = try CLI.run(["metrics", "--style", "body", "--platform", "android", "--categories", "l,ax5", "--json"])
        let sizes = (try JSONSerialization.jsonObject(with: Data(metrics.stdout.utf8)) as? [[String: Any]])?.compactMap { $0["pointSize"] as? Double }
        #expect(sizes == [large, ax5], "\(metrics.stderr)")
        let sheet = try CLI.run(["layout", "--style", "body", "--text", "Hi", "--platform", "android", "--categories", "l,ax5", "--json"])
        let sheetSizes = (try JSONSerialization.jsonObject(with: Data(sheet.stdout.utf8)) as? [[String: Any]])?.compactMap { $0["pointSize"] as? Double }
        #expect(sheetSizes == [large, ax5], "\(sheet.stderr)")
    }

    @Test func boldTextOnLayout() throws {
        let plain = try CLI.run(["layout", "--style", "body", "--text", "Bold"])
        let bold = try CLI.run(["layout", "--style", "body", "--text", "Bold", "--bold-text"])
        #expect(plain.status == 0 && bold.status == 0, "\(bold.stderr)")
        #expect(plain.stdout != bold.stdout)
    }

    @Test(arguments: [
        (["metrics", "--platform", "ios"], "unknown platform 'ios'"),
        (["metrics", "--font-scale", "2"], "--font-scale applies only to --platform android"),
        (["metrics", "--platform", "flutter", "--font-scale", "2"], "--font-scale applies only to --platform android"),
        (["metrics", "--platform", "android", "--font-scale", "0"], "font scale must be a number from 0.1 to 10"),
        (["metrics", "--platform", "android", "--font-scale", "inf"], "font scale must be a number from 0.1 to 10"),
        (["metrics", "--platform", "android", "--font-scale", "11"], "font scale must be a number from 0.1 to 10"),
        (["layout", "--platform", "android", "--font-scale", "2", "--category", "ax3"], "give --font-scale or --category/--categories"),
        (["render", "--platform", "android", "--font-scale", "2", "--categories", "all", "x.png"], "give --font-scale or --category/--categories"),
        (["render", "--compare-platforms", "uikit,web", "x.png"], "unknown platform 'web'"),
        (["render", "--compare-platforms", "uikit,uikit", "x.png"], "platforms must not repeat"),
        (["render", "--compare-platforms", "uikit", "--platform", "flutter", "x.png"], "not both"),
        (["render", "--compare-platforms", "uikit", "--font-scales", "1,2", "x.png"], "--font-scales applies only"),
        (["render", "--compare-platforms", "android", "--font-scales", "1,nan", "x.png"], "font scale must be a number"),
    ])
    func badValuesGetOneErrorLine(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("render-cli: error:") && lines[0].contains(message), "\(result.stderr)")
    }

    @Test func compareSheetWithFontScales() throws {
        let directory = try TestPaths.temporaryDirectory()
        let output = directory.appendingPathComponent("compare.png").path
        let object = try Self.json(["--compare-platforms", "uikit,react-native,android", "--categories", "l,ax5",
                                    "--font-scales", "1,1.3,2", "--style", "body", "--text", "Aa", "--scale", "1", output])
        let rows = object["rows"] as! [[String: Any]]
        #expect(rows.map { $0["platform"] as? String } == ["UIKit", "React Native", "Android"])
        let sizes = rows.map { ($0["cells"] as! [[String: Any]]).map { $0["pointSize"] as! Double } }
        #expect(sizes[0] == [17, 53])
        #expect(sizes[1][0] == 17 && abs(sizes[1][1] - 60.707) < 1e-9)
        #expect(sizes[2].count == 3 && sizes[2][2] == AndroidFontScale(2).convertSpToDp(17))
        let image = try PNGCodec.read(contentsOf: output)
        let report = object["image"] as! [String: Any]
        #expect(report["width"] as? Int == image.width && image.width > 0)
    }
}
