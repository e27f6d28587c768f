/// The Bold Text accessibility setting, like UIKit's `UILegibilityWeight` and SwiftUI's
/// `LegibilityWeight` (`UIAccessibility.isBoldTextEnabled`: "use heavier font weight").
public enum LegibilityWeight: String, CaseIterable, Sendable, Hashable, Codable {
    /// Bold Text off: weights as designed.
    case regular
    /// Bold Text on: weights made heavier by ``FontWeight/boldTextWeight``.
    case bold
}

extension FontWeight {
    /// The weight text of this weight is drawn in with Bold Text on.
    ///
    /// Apple publishes no map (its own is private: `CTFontGetAccessibilityBoldWeightOfWeight`;
    /// ../shared/dynamic-type/platform-scaling.json, `boldText`), so this one is ours: two steps
    /// of the nine-step `wght` scale up to bold and one step from there, capped at black and never
    /// lighter: ultraLight → light, thin → regular, light → medium, regular → semibold,
    /// medium and semibold → bold, bold → heavy, heavy and black → black. Between the named
    /// weights (variable fonts) it is continuous: `max(w, min(900, max(w + 100, min(w + 200, 700))))`.
    public var boldTextWeight: FontWeight {
        let w = rawValue
        return FontWeight(rawValue: max(w, min(900, max(w + 100, min(w + 200, 700)))))
    }

    /// This weight under a legibility weight: itself for ``LegibilityWeight/regular``,
    /// ``boldTextWeight`` for ``LegibilityWeight/bold``.
    public func resolved(for legibilityWeight: LegibilityWeight) -> FontWeight {
        legibilityWeight == .bold ? boldTextWeight : self
    }
}
