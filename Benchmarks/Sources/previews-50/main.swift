import Foundation
import SwiftUICorpus
import SwiftUIExamples
import TypeLayout
import TypeLayoutPreviewRunner
import TypeLayoutSwiftUI

// Issue 27's large case as a team's preview command: 50 previews (the 35 corpus views of
// Tests/SwiftUICorpus as its tests lay them out, 9 of their rows and pages on their own with
// longer texts, and the example app's 6 previews), run by the same `PreviewCommand` as
// Examples/settings-app-previews. Benchmarks/previews-50/run.sh gives it a catalog of 10
// languages made from the keys `--keys` prints.
//
//   previews-50 --keys                                       # every key the previews look up
//   previews-50 --catalogs CATALOG --report DIR [options]    # PreviewCommand's options

/// A corpus view's preview, placed at its file as `#Preview` would place it.
@MainActor
func corpus(_ name: String, _ file: String? = nil, _ make: @escaping @MainActor @Sendable () -> some View) -> Preview {
    Preview(name, fileID: "SwiftUICorpus/\(file ?? name).swift", line: 1) { AnyView(make()) }
}

let previews: [Preview] = [
    corpus("SettingsScreen") { SwiftUICorpus.SettingsScreen() },
    corpus("NotificationPreferences") { NotificationPreferences() },
    corpus("AccountForm") { AccountForm() },
    corpus("LoginScreen") { LoginScreen() },
    corpus("SignUpCard") { SignUpCard() },
    corpus("ContactList", "ContactRow") { ContactList() },
    corpus("Inbox", "InboxRow") { Inbox() },
    corpus("IconSettingsList", "IconSettingsRow") { IconSettingsList() },
    corpus("TransactionList", "TransactionRow") { TransactionList() },
    corpus("ArticleCard") { ArticleCard() },
    corpus("ProductGrid", "ProductCard") { ProductGrid() },
    corpus("StatsDashboard") { StatsDashboard() },
    corpus("WeatherCard") { WeatherCard() },
    corpus("OnboardingPage") { OnboardingPage() },
    corpus("OnboardingFlow") { OnboardingFlow(page: 2) },
    corpus("WelcomeFeatures") { WelcomeFeatures() },
    corpus("ProfileHeader") { ProfileHeader() },
    corpus("ProfileScreen") { ProfileScreen() },
    corpus("CustomTabBar") { CustomTabBar() },
    corpus("TabApp") { TabApp() },
    corpus("TagCloud") { TagCloud() },
    corpus("FilterChips") { FilterChips() },
    corpus("ActionButtonBar") { ActionButtonBar() },
    corpus("ShippingOptions", "AdaptiveStack") { ShippingOptions() },
    corpus("EmptyStates") { EmptyStates() },
    corpus("EmptySearch", "EmptyStates") { EmptyStates(searching: true) },
    corpus("ChatThread") { ChatThread() },
    corpus("PaywallPlans") { PaywallPlans() },
    corpus("SearchScreen") { SearchScreen() },
    corpus("EventDetail") { EventDetail() },
    corpus("RecipeIngredients") { RecipeIngredients() },
    corpus("OrderSummary") { OrderSummary() },
    corpus("MiniPlayer") { MiniPlayer() },
    corpus("PhotoSheet") { PhotoSheet() },
    corpus("ToastBanner") { ToastBanner() },
    // Rows and pages previewed on their own, as teams preview them, with longer texts.
    corpus("OnboardingFlow-first", "OnboardingFlow") { OnboardingFlow(page: 0) },
    corpus("OnboardingFlow-second", "OnboardingFlow") { OnboardingFlow(page: 1) },
    corpus("CustomTabBar-profile", "CustomTabBar") { CustomTabBar(selection: .profile) },
    corpus("ContactRow") { ContactRow(name: "Margarethe Lindqvist-Oyelaran", detail: "Mobile · last called yesterday", color: .orange) },
    corpus("IconSettingsRow") { IconSettingsRow(title: "Personal Hotspot", symbol: "personalhotspot", color: .green, value: "Off") },
    corpus("ProductCard") { ProductCard(name: "Merino Wool Travel Blanket", price: "€89", color: .brown) },
    corpus("TransactionRow") { TransactionRow(merchant: "Corner Bakery & Coffee Roasters", category: "Food & Drink", amount: "−€12.40") },
    corpus("OnboardingPage-reminders", "OnboardingPage") {
        OnboardingPage(symbol: "bell", title: "Never miss a delivery window",
                       message: "We'll let you know an hour before your groceries arrive, and again when the driver is nearby.", page: 1)
    },
    corpus("ToastBanner-shared", "ToastBanner") { ToastBanner(message: "Your changes to “Weekend in Porto” were saved and shared with 4 people.") },
    // The example app's previews, as Examples/settings-app-previews lists them.
    Preview(SettingsApp_Previews.self), Preview(SettingsHome_Previews.self), Preview(NotificationSettings_Previews.self),
    Preview(DisplaySettings_Previews.self), Preview(AboutSettings_Previews.self), Preview(Profile_Previews.self),
]

/// The keys looked up while laying out, gathered from whichever thread asks.
final class KeyRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: Set<String> = []

    func record(_ key: String) { lock.withLock { _ = keys.insert(key) } }
    var sorted: [String] { lock.withLock { keys.sorted() } }
}

if CommandLine.arguments.dropFirst().first == "--keys" {
    // Every preview at every category with a lookup that finds nothing: each key asked for,
    // one a line (a key's own newlines escaped as \n), for the catalog generator.
    let recorder = KeyRecorder()
    for preview in previews {
        let host = HostingScreen(rootView: preview.makeView(), device: .iPhone16, typeContext: DynamicTypeContext(),
                                 localizedStrings: { key, _ in recorder.record(key); return nil })
        do { _ = try host.layouts(categories: ContentSizeCategory.allCases, language: "en") } catch {
            FileHandle.standardError.write(Data("previews-50: \(preview.displayName) threw \(error)\n".utf8))
            exit(1)
        }
    }
    for key in recorder.sorted { print(key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")) }
    exit(0)
}
PreviewCommand.main(previews)
