import TypeLayout

/// What a review gallery shows: groups of findings (a key's strings, a screen's nodes, a
/// golden test's references), each finding with its facts and pictures, written by
/// ``ReviewGalleryWriter`` as one self-contained folder a reviewer opens in a browser.
///
/// The model is the same for every source, so one page serves the string audit, the screen
/// audit and golden-test failures: a string audit groups by key, a screen audit by screen
/// (naming the failing node in ``ReviewFinding/node`` and outlining its frame on the pictures),
/// golden failures by test file.
public struct ReviewGallery: Sendable {
    /// The page's title.
    public var title: String
    /// What a group is, for the page's words ("key", "screen", "test").
    public var groupNoun: String
    /// The groups, in the order the page lists them.
    public var groups: [ReviewGroup]
    /// Lines shown under the title (the command, the rules, the totals checked).
    public var notes: [String]
    /// Whether each finding's pictures are shown side by side at one size (a golden's
    /// reference, actual and difference) rather than the first failing one large beside
    /// thumbnails of all (a string's categories).
    public var showsPicturesSideBySide: Bool
    /// Inputs that could not be read or laid out (a screen file that doesn't parse, a catalog
    /// that isn't JSON): shown as failures at the top of the page, so that a run with one is
    /// never a green page.
    public var inputErrors: [ReviewInputError]

    /// A gallery of `groups`.
    public init(title: String, groupNoun: String, groups: [ReviewGroup], notes: [String] = [], showsPicturesSideBySide: Bool = false,
                inputErrors: [ReviewInputError] = []) {
        self.title = title
        self.groupNoun = groupNoun
        self.groups = groups
        self.notes = notes
        self.showsPicturesSideBySide = showsPicturesSideBySide
        self.inputErrors = inputErrors
    }

    /// Findings per reason, per language and per first failing category, for the page's
    /// summary: each finding counted once under each of its reasons; per language, failures and
    /// warnings apart.
    public var summary: ReviewSummary {
        var summary = ReviewSummary()
        for group in groups {
            for finding in group.findings {
                summary.findings += 1
                for reason in finding.reasons { summary.reasons[reason, default: 0] += 1 }
                if finding.isWarning {
                    summary.warningLanguages[finding.language, default: 0] += 1
                } else {
                    summary.languages[finding.language, default: 0] += 1
                }
                if let first = finding.firstFailingCategory { summary.firstFailingCategories[first, default: 0] += 1 }
            }
        }
        summary.groups = groups.count
        summary.pictures = groups.reduce(0) { $0 + $1.findings.reduce(0) { $0 + $1.pictures.count } }
        return summary
    }
}

/// An input a gallery's run could not read, where and why: a failure of its own on the page.
public struct ReviewInputError: Sendable, Hashable {
    /// The file's path.
    public var file: String
    /// The line of the problem, from 1; 0 when it is about the whole file.
    public var line: Int
    /// The column of the problem, from 1; 0 when it is about the whole file.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// An input error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, as compilers print it (the position left out when 0).
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}

/// The totals at the top of a gallery page.
public struct ReviewSummary: Sendable, Hashable {
    /// Groups (keys, screens, tests) with at least one finding.
    public var groups = 0
    /// Findings.
    public var findings = 0
    /// Pictures.
    public var pictures = 0
    /// Findings per reason.
    public var reasons: [String: Int] = [:]
    /// Failing findings per language (warnings left out).
    public var languages: [String: Int] = [:]
    /// Warnings per language (``ReviewFinding/isWarning``).
    public var warningLanguages: [String: Int] = [:]
    /// Findings per first failing category ("fails from accessibilityMedium up").
    public var firstFailingCategories: [String: Int] = [:]

    /// An empty summary.
    public init() {}
}

/// One thing a gallery lists findings for: a key (all its languages), a screen (all its
/// nodes and languages) or a golden test file.
public struct ReviewGroup: Sendable {
    /// The key, screen or test name.
    public var title: String
    /// Where it comes from (the catalog file, the screen file), shown under the title.
    public var subtitle: String
    /// Its findings, in the order shown.
    public var findings: [ReviewFinding]

    /// A group.
    public init(title: String, subtitle: String, findings: [ReviewFinding]) {
        self.title = title
        self.subtitle = subtitle
        self.findings = findings
    }
}

/// One failing thing in one language under one platform: a string in its label, a node on a
/// screen, a golden reference.
public struct ReviewFinding: Sendable {
    /// The language tag ("de", "pt-BR"); "" when there is none (golden tests).
    public var language: String
    /// The platform whose scaling applied ("uikit", "android 1.3"); "" when there is none.
    public var platform: String
    /// The node that fails, for a screen's finding (its id); `nil` for strings.
    public var node: String?
    /// The first category it fails at, by short name ("ax1"), for "fails from ax1 up"; `nil`
    /// when the finding isn't about categories.
    public var firstFailingCategory: String?
    /// Every category it fails at, by short name, in order: what the category filter matches.
    public var failingCategories: [String]
    /// Why it fails ("truncated", "wordBroken", "pixels differ"), most serious first.
    public var reasons: [String]
    /// The text concerned (the translation), shown in full.
    public var text: String
    /// The measured numbers, a line each ("ax3 at 28 pt: 3 lines, 343 × 101 pt").
    public var details: [String]
    /// The pictures: the first is shown large, all of them as thumbnails beside it.
    public var pictures: [ReviewPicture]
    /// Whether it is a warning (an untranslated string), which doesn't fail, rather than a failure.
    public var isWarning: Bool

    /// A finding.
    public init(language: String, platform: String, node: String? = nil, firstFailingCategory: String?,
                failingCategories: [String], reasons: [String], text: String, details: [String], pictures: [ReviewPicture],
                isWarning: Bool = false) {
        self.language = language
        self.platform = platform
        self.node = node
        self.firstFailingCategory = firstFailingCategory
        self.failingCategories = failingCategories
        self.reasons = reasons
        self.text = text
        self.details = details
        self.pictures = pictures
        self.isWarning = isWarning
    }
}

/// One picture of a finding, drawn or copied when the gallery is written.
public struct ReviewPicture: Sendable {
    /// Where the picture comes from.
    public enum Source: Sendable {
        /// Drawn when written (so that tens of thousands of pictures are never all in memory),
        /// then stored as a compact PNG (``ReviewPictureStyle/pngData(_:)``).
        case render(@Sendable () throws -> RGBAImage)
        /// A PNG file copied as it is (a golden test's reference, actual and difference).
        case file(String)
    }

    /// What it shows, under its thumbnail ("large", "ax3", "reference").
    public var label: String
    /// Whether it shows a failure (outlined in the page).
    public var isFailing: Bool
    /// The file name it gets inside the report's `images` folder: unique in the gallery (the
    /// writer refuses duplicates), a safe name (``ReviewGalleryWriter/safeFileName(_:)``).
    public var fileName: String
    /// How it is made.
    public var source: Source

    /// A picture.
    public init(label: String, isFailing: Bool, fileName: String, source: Source) {
        self.label = label
        self.isFailing = isFailing
        self.fileName = fileName
        self.source = source
    }
}
