import TypeLayout
import TypeLayoutScreens

/// The six example screens of Examples/screens/, written with the SwiftUI-named builders: the
/// same screens as the files, so that tests can check the two describe the same frames.
enum ExampleScreens {
    /// Examples/screens/, found from this file's place in the source tree.
    static let folder: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/TypeLayoutScreensTests/ExampleScreens.swift
        return parts.joined(separator: "/") + "/Examples/screens"
    }()

    /// The example files' names, without `.yaml`, in the order of the issue.
    static let names = ["larger-text-row", "list-cell", "card", "button-row", "tab-bar", "settings"]

    /// The example called `name`, built in Swift.
    static func screen(_ name: String) -> Screen {
        switch name {
        case "larger-text-row": largerTextRow
        case "list-cell": listCell
        case "card": card
        case "button-row": buttonRow
        case "tab-bar": tabBar
        case "settings": settings
        default: fatalError("no example called \(name)")
        }
    }

    static let groupedBackground = rgb(0xF2F2F7)
    static let separator = rgb(0xC6C6C8)
    static let secondaryLabel = rgb(0x8A8A8E)
    static let chevronGray = rgb(0xC4C4C7)
    static let systemBlue = rgb(0x007AFF)

    static var largerTextRow: Screen {
        Screen(device: Device(width: 375, height: 60), background: groupedBackground) {
            VStack(spacing: 0) {
                HStack(spacing: 8) {
                    Text("Larger Text").font(.body).frame(maxWidth: .infinity).id("title")
                    Image(placeholder: rgb(0x34C759), width: 51, height: 31).cornerRadius(15.5).id("toggle")
                }
                .axis(.horizontal, accessibility: .vertical)
                .padding(.horizontal, 16)
                .padding(.vertical, .scaled(10, relativeTo: .body))
                .background(.white)
                .id("row")
            }
        }
    }

    static var listCell: Screen {
        Screen(device: Device(width: 375, height: 84), background: groupedBackground) {
            VStack(spacing: 0) {
                HStack(spacing: 12) {
                    Image(placeholder: rgb(0xFF9500), width: 29, height: 29).imageScaling(.relativeTo(.body))
                        .cornerRadius(7).id("icon")
                    VStack(alignment: .leading, spacing: 2) {
                        Text("Notifications").font(.body).id("title")
                        Text("Banners, sounds, badges").font(.subheadline).foregroundColor(secondaryLabel).id("subtitle")
                    }
                    .frame(maxWidth: .infinity)
                    .id("labels")
                    Image(placeholder: chevronGray, width: 8, height: 13).imageScaling(.relativeTo(.body))
                        .cornerRadius(2).id("chevron")
                }
                .axis(.horizontal, accessibility: .vertical)
                .padding(.horizontal, 16)
                .padding(.vertical, .scaled(10, relativeTo: .body))
                .background(.white)
                .id("cell")
            }
        }
    }

    static var card: Screen {
        Screen(device: Device(width: 375, height: 372), background: groupedBackground) {
            VStack(spacing: 0) {
                VStack(alignment: .leading, spacing: 0) {
                    Image(file: folder + "/images/landscape.png", width: 343, height: 160).id("picture")
                    VStack(alignment: .leading, spacing: 4) {
                        Text("Spring in the Hills").font(.title3.weight(.semibold)).id("title")
                        Text("Green slopes, a warm sun and the long evenings are back: take a walk before the summer crowds arrive.")
                            .font(.body).foregroundColor(rgb(0x3C3C43)).id("body")
                    }
                    .padding(16)
                    .id("caption")
                }
                .background(.white)
                .cornerRadius(12)
                .style(.overflow, .keyword("hidden"))
                .id("card")
            }
            .padding(16)
        }
    }

    static func button(_ title: String, color: Color, fill: Color, oneLine: Bool, id: String) -> some ScreenView {
        Text(title).lineLimit(oneLine ? 1 : nil).multilineTextAlignment(.center).foregroundColor(color)
            .padding(12)
            .frame(maxWidth: .infinity)
            .background(fill)
            .cornerRadius(10)
            .id(id)
    }

    static var buttonRow: Screen {
        Screen(device: Device(width: 375, height: 84), background: groupedBackground) {
            VStack(spacing: 0) {
                ViewThatFits {
                    HStack(spacing: 12) {
                        button("Not Now", color: systemBlue, fill: rgb(0xE5E5EA), oneLine: true, id: "secondary")
                        button("Download All", color: .white, fill: systemBlue, oneLine: true, id: "primary")
                    }
                    .id("side-by-side")
                    VStack(spacing: 12) {
                        button("Not Now", color: systemBlue, fill: rgb(0xE5E5EA), oneLine: false, id: "secondary-stacked")
                        button("Download All", color: .white, fill: systemBlue, oneLine: false, id: "primary-stacked")
                    }
                    .id("stacked")
                }
                .id("buttons")
            }
            .padding(16)
        }
    }

    static func tab(_ title: String, selected: Bool, id: String, labelID: String? = nil) -> some ScreenView {
        let tint = selected ? rgb(0xFA2D48) : rgb(0x8E8E93)
        let label = Text(title).font(.caption2.weight(.medium)).lineLimit(1).foregroundColor(tint)
        return VStack(spacing: 2) {
            Image(placeholder: tint, width: 26, height: 24).cornerRadius(6)
            if let labelID { label.id(labelID) } else { label }
        }
        .frame(maxWidth: .infinity)
        .id(id)
    }

    static var tabBar: Screen {
        Screen(device: Device(width: 375, height: 124), background: .white) {
            VStack(alignment: .leading, spacing: 0) {
                Text("Listen Now").font(.title2.weight(.bold)).padding(16).id("heading")
                HStack(spacing: 0) {
                    tab("Listen Now", selected: true, id: "tab-home", labelID: "tab-home-label")
                    tab("Browse", selected: false, id: "tab-browse")
                    tab("Radio", selected: false, id: "tab-radio")
                    tab("Library", selected: false, id: "tab-library")
                }
                .padding(.top, 6)
                .padding(.bottom, 4)
                .style(.borderTopWidth, .number(0.5))
                .style(.borderColor, .color(separator))
                .background(rgb(0xF9F9F9))
                .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
                .id("tab-bar")
            }
        }
    }

    struct SettingsRow {
        var id: String
        var icon: Color
        var title: String
        var value: String? = nil
        var hasToggle = false
    }

    static let settingsSections: [(id: String, rows: [SettingsRow])] = [
        ("connectivity", [
            SettingsRow(id: "airplane-mode", icon: rgb(0xFF9500), title: "Airplane Mode", hasToggle: true),
            SettingsRow(id: "wifi", icon: systemBlue, title: "Wi-Fi", value: "Home"),
            SettingsRow(id: "bluetooth", icon: systemBlue, title: "Bluetooth", value: "On"),
        ]),
        ("alerts", [
            SettingsRow(id: "notifications", icon: rgb(0xFF3B30), title: "Notifications"),
            SettingsRow(id: "sounds", icon: rgb(0xFF2D55), title: "Sounds & Haptics"),
            SettingsRow(id: "focus", icon: rgb(0x5856D6), title: "Focus"),
        ]),
    ]

    static func settingsRow(_ row: SettingsRow, first: Bool) -> some ScreenView {
        let adaptive = HStack(spacing: 12) {
            Image(placeholder: row.icon, width: 29, height: 29).imageScaling(.accessibility).cornerRadius(7)
            Text(row.title).frame(maxWidth: .infinity).id(row.id + "-title")
            if let value = row.value { Text(value).foregroundColor(secondaryLabel) }
            if row.hasToggle {
                Image(placeholder: rgb(0x34C759), width: 51, height: 31).cornerRadius(15.5).id(row.id + "-toggle")
            } else {
                Image(placeholder: chevronGray, width: 8, height: 13).cornerRadius(2)
            }
        }
        .axis(.horizontal, accessibility: .vertical)
        .padding(.horizontal, 16)
        .padding(.vertical, .scaled(10, relativeTo: .body))
        return first ? adaptive.id(row.id)
            : adaptive.style(.borderTopWidth, .number(0.5)).style(.borderColor, .color(separator)).id(row.id)
    }

    static var settings: Screen {
        // A preset of the layout's own table, as `device: iPhone SE` names it in the file.
        Screen(device: (try? Device.named("iphone-se"))!, background: groupedBackground) {
            VStack(alignment: .leading, spacing: 20) {
                VStack(alignment: .leading, spacing: 8) {
                    Text("Settings").font(.largeTitle.weight(.bold)).id("navigation-title")
                    Text("Search").lineLimit(1).foregroundColor(secondaryLabel)
                        .frame(maxWidth: .infinity)
                        .padding(.horizontal, 8)
                        .padding(.vertical, 7)
                        .background(rgb(0xE3E3E8))
                        .cornerRadius(10)
                        .id("search")
                }
                .padding(.horizontal, 16)
                .id("header")
                HStack(spacing: 12) {
                    Image(placeholder: rgb(0xA2845E), width: 56, height: 56).imageScaling(.accessibility)
                        .cornerRadius(28).id("avatar")
                    VStack(alignment: .leading, spacing: 2) {
                        Text("Jane Appleseed").font(.title3).id("account-name")
                        Text("Apple Account, iCloud, Media & Purchases").font(.footnote)
                    }
                    .frame(maxWidth: .infinity)
                    .id("account-labels")
                    Image(placeholder: chevronGray, width: 8, height: 13).cornerRadius(2)
                }
                .axis(.horizontal, accessibility: .vertical)
                .padding(.horizontal, 16)
                .padding(.vertical, 10)
                .background(.white)
                .cornerRadius(10)
                .id("account")
                .padding(.horizontal, 16)
                for section in settingsSections {
                    VStack(spacing: 0) {
                        for (index, row) in section.rows.enumerated() { settingsRow(row, first: index == 0) }
                    }
                    .background(.white)
                    .cornerRadius(10)
                    .id(section.id)
                    .padding(.horizontal, 16)
                }
                Text("Text size, bold text and more are in Accessibility and in Display & Brightness.")
                    .font(.footnote).foregroundColor(rgb(0x6D6D72))
                    .frame(maxWidth: .infinity)
                    .padding(.horizontal, 32)
                    .id("footer")
            }
            .padding(.top, 8)
            .padding(.bottom, 20)
        }
    }
}

/// An opaque colour from `0xRRGGBB`.
func rgb(_ value: UInt32) -> Color {
    Color(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
}
