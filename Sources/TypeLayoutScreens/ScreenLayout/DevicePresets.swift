import TypeLayout

extension Device {
    /// The preset devices, portrait, in points, with the safe-area insets UIKit reports on
    /// them (the status bar or the Dynamic Island above, the home indicator below).
    public static let presets: [Device] = presetEntries.map(\.device)

    /// A preset by its name (`iPhone 16 Pro Max`) or short name (`iphone-16-pro-max`), in any
    /// case, spaces and dashes alike.
    ///
    /// - Throws: ``ScreenError/unknownDevice(_:validNames:)``, suggesting the nearest short names.
    public static func named(_ name: String) throws -> Device {
        let key = lookUpKey(name)
        if let entry = presetEntries.first(where: { entry in
            lookUpKey(entry.device.name) == key || entry.shortNames.contains { lookUpKey($0) == key }
        }) {
            return entry.device
        }
        throw ScreenError.unknownDevice(name, validNames: presetEntries.flatMap(\.shortNames))
    }

    /// The preset names ``named(_:)`` accepts, short names first.
    public static var presetNames: [String] {
        presetEntries.flatMap(\.shortNames) + presetEntries.map(\.device.name)
    }

    /// iPhone SE (3rd generation): 375 × 667 pt, 20 pt status bar.
    public static let iPhoneSE = Device(name: "iPhone SE (3rd generation)", width: 375, height: 667, safeArea: (20, 0, 0, 0))
    /// iPhone 16: 393 × 852 pt, 59 pt above (the Dynamic Island), 34 pt below (the home indicator).
    public static let iPhone16 = Device(name: "iPhone 16", width: 393, height: 852, safeArea: (59, 0, 34, 0))
    /// iPhone 16 Pro Max: 440 × 956 pt, 62 pt above, 34 pt below.
    public static let iPhone16ProMax = Device(name: "iPhone 16 Pro Max", width: 440, height: 956, safeArea: (62, 0, 34, 0))
    /// iPad Pro 11-inch (M4): 834 × 1210 pt, 24 pt above, 20 pt below.
    public static let iPadPro11 = Device(name: "iPad Pro 11-inch (M4)", width: 834, height: 1210, safeArea: (24, 0, 20, 0))

    /// The presets and their short names. Sizes are Apple's published screen sizes in points;
    /// insets as the iOS simulator reports them (Apple publishes no table of them).
    private static let presetEntries: [(device: Device, shortNames: [String])] = [
        (iPhoneSE, ["iphone-se", "iphone-se-3"]),
        (iPhone16, ["iphone-16"]),
        (iPhone16ProMax, ["iphone-16-pro-max"]),
        (iPadPro11, ["ipad-11", "ipad-11-inch", "ipad-pro-11"]),
    ]

    /// Checks that the device can hold a layout: a positive size within
    /// ``BoxTree/maximumMagnitude`` and a safe area of
    /// finite, non-negative insets that leaves some width.
    func validated() throws -> Device {
        func invalid(_ reason: String) -> ScreenError { .invalidDevice(name: name, reason: reason) }
        // The box layout's limit: it takes viewports up to that size.
        let largest = BoxTree.maximumMagnitude
        for (side, size) in [("width", width), ("height", height)] where !(size.isFinite && size > 0 && size <= largest) {
            throw invalid("its \(side) must be a number of points greater than 0 and at most \(Int(largest)), got \(size)")
        }
        let insets = [("top", safeArea.top), ("left", safeArea.left), ("bottom", safeArea.bottom), ("right", safeArea.right)]
        for (side, inset) in insets where !(inset.isFinite && inset >= 0) {
            throw invalid("its safe area's \(side) inset must be a number of points of 0 or more, got \(inset)")
        }
        guard safeArea.left + safeArea.right < width else {
            throw invalid("its safe area's left and right insets leave no width")
        }
        return self
    }

    /// Letters and digits only, lowercased: `iPhone SE (3rd generation)` and `iphone-se` compare
    /// as written by people.
    private static func lookUpKey(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
