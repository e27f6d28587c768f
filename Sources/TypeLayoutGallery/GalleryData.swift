#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayout

/// A gallery as the page reads it: `data/index.js`, every finding's filter facts as small
/// numbers into shared tables plus the summary, small enough to filter tens of thousands of
/// findings at once; and `data/chunk-N.js`, the rest of each group (texts, numbers, picture
/// paths and sizes), which the page loads only for the groups it shows.
struct GalleryData {
    private let gallery: ReviewGallery
    private let groupsPerChunk: Int
    private let pictureSizes: [String: PictureSize]

    init(_ gallery: ReviewGallery, groupsPerChunk: Int, pictureSizes: [String: PictureSize]) {
        self.gallery = gallery
        self.groupsPerChunk = groupsPerChunk
        self.pictureSizes = pictureSizes
    }

    /// The facet tables: every value once, in the order the filters list them.
    struct Tables: Encodable {
        var languages: [String]
        var platforms: [String]
        var categories: [String]
        var reasons: [String]
    }

    struct Index: Encodable {
        var title: String
        var groupNoun: String
        var notes: [String]
        var tables: Tables
        var summary: Summary
        var groupsPerChunk: Int
        var sideBySide: Bool
        /// Inputs that could not be read, each `file:line:column: message`.
        var errors: [String]
        /// Per group: its title, subtitle and findings, each finding `[language, platform,
        /// first failing category or -1, [failing categories], [reasons], kind]` as table
        /// indices, kind 0 for a failure and 1 for a warning (what the language chips filter).
        var groups: [Group]
    }

    struct Group: Encodable {
        var t: String
        var s: String
        var f: [[Facet]]
    }

    /// A number or a list of numbers in a finding's facts.
    enum Facet: Encodable {
        case one(Int)
        case many([Int])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .one(value): try container.encode(value)
            case let .many(values): try container.encode(values)
            }
        }
    }

    struct Summary: Encodable {
        var groups: Int
        var findings: Int
        var pictures: Int
        var reasons: [[String: Int]]
        var languages: [[String: Int]]
        var warningLanguages: [[String: Int]]
        var firstFailingCategories: [[String: Int]]
    }

    /// A group's details in a chunk: per finding its node, text, numbers and pictures.
    struct Details: Encodable {
        var n: String?
        var t: String
        var d: [String]
        var p: [Picture]
    }

    struct Picture: Encodable {
        var l: String
        var src: String
        var f: Bool
        var w: Int
        var h: Int
    }

    /// Categories in Dynamic Type order, then anything else in the order first seen.
    private static func orderedCategories(_ seen: [String]) -> [String] {
        let known = ContentSizeCategory.allCases.map(\.shortName)
        let present = Set(seen)
        return known.filter(present.contains) + seen.filter { !known.contains($0) }
    }

    private static func sortedByCount(_ counts: [String: Int], order: [String]) -> [[String: Int]] {
        order.filter { counts[$0] != nil }.map { [$0: counts[$0]!] }
    }

    /// The data files, by path inside the report.
    func files() throws -> [(String, [UInt8])] {
        var languages: [String] = [], platforms: [String] = [], categories: [String] = [], reasons: [String] = []
        var seen = (Set<String>(), Set<String>(), Set<String>(), Set<String>())
        for finding in gallery.groups.lazy.flatMap(\.findings) {
            if seen.0.insert(finding.language).inserted { languages.append(finding.language) }
            if seen.1.insert(finding.platform).inserted { platforms.append(finding.platform) }
            for category in finding.failingCategories + [finding.firstFailingCategory].compactMap({ $0 })
            where seen.2.insert(category).inserted { categories.append(category) }
            for reason in finding.reasons where seen.3.insert(reason).inserted { reasons.append(reason) }
        }
        let tables = Tables(languages: languages.sorted(), platforms: platforms.sorted(),
                            categories: Self.orderedCategories(categories), reasons: reasons)
        func positions(_ list: [String]) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: list.enumerated().map { ($1, $0) })
        }
        let language = positions(tables.languages), platform = positions(tables.platforms)
        let category = positions(tables.categories), reason = positions(tables.reasons)
        let groups = gallery.groups.map { group in
            Group(t: group.title, s: group.subtitle, f: group.findings.map { finding in
                [.one(language[finding.language]!), .one(platform[finding.platform]!),
                 .one(finding.firstFailingCategory.map { category[$0]! } ?? -1),
                 .many(finding.failingCategories.map { category[$0]! }), .many(finding.reasons.map { reason[$0]! }),
                 .one(finding.isWarning ? 1 : 0)]
            })
        }
        let summary = gallery.summary
        let index = Index(
            title: gallery.title, groupNoun: gallery.groupNoun, notes: gallery.notes, tables: tables,
            summary: Summary(groups: summary.groups, findings: summary.findings, pictures: summary.pictures,
                             reasons: Self.sortedByCount(summary.reasons, order: tables.reasons),
                             languages: Self.sortedByCount(summary.languages, order: tables.languages),
                             warningLanguages: Self.sortedByCount(summary.warningLanguages, order: tables.languages),
                             firstFailingCategories: Self.sortedByCount(summary.firstFailingCategories, order: tables.categories)),
            groupsPerChunk: groupsPerChunk, sideBySide: gallery.showsPicturesSideBySide,
            errors: gallery.inputErrors.map(\.description), groups: groups)
        let encoder = JSONEncoder()
        // Sorted keys: the same findings give the same bytes, so two reports can be compared (keys
        // otherwise follow the run's hash seed).
        encoder.outputFormatting = [.sortedKeys]
        var files = [("data/index.js", Array("window.GALLERY_INDEX = ".utf8) + Array(try encoder.encode(index)) + Array(";\n".utf8))]
        var first = 0
        while first < gallery.groups.count {
            let chunk = first / groupsPerChunk
            let details = gallery.groups[first..<min(first + groupsPerChunk, gallery.groups.count)].map { group in
                group.findings.map { finding in
                    Details(n: finding.node, t: finding.text, d: finding.details, p: finding.pictures.map { picture in
                        let size = pictureSizes[picture.fileName] ?? PictureSize(width: 0, height: 0)
                        return Picture(l: picture.label, src: "images/" + picture.fileName, f: picture.isFailing,
                                       w: size.width, h: size.height)
                    })
                }
            }
            files.append(("data/chunk-\(chunk).js", Array("window.GALLERY_CHUNK(\(chunk), ".utf8) + Array(try encoder.encode(details))
                + Array(");\n".utf8)))
            first += groupsPerChunk
        }
        return files
    }
}
