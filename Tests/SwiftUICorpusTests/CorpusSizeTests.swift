import Foundation
import SwiftUICorpus
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// Every corpus view laid out on an iPhone 16 at the 12 sizes: its key views are there at every
/// size, nothing reaches past the screen's sides (unless it scrolls sideways), and its text grows.
@Suite
@MainActor
struct CorpusSizeTests {
    nonisolated static let cases: [CorpusCase] = [
        CorpusCase(name: "SettingsScreen", ids: ["notifications", "appearance", "version"], texts: ["Settings", "Privacy Policy"]) { SettingsScreen() },
        CorpusCase(name: "NotificationPreferences", ids: ["delivery", "stepper", "badges"], texts: ["Show Previews"]) { NotificationPreferences() },
        CorpusCase(name: "AccountForm", ids: ["name", "birthday", "delete"], texts: ["Account", "Save"], mayTruncate: ["Amelia Hartley", "amelia@example.com", "New Password"]) { AccountForm() },
        CorpusCase(name: "LoginScreen", ids: ["title", "email", "sign-in"], texts: ["Forgot password?"]) { LoginScreen() },
        CorpusCase(name: "SignUpCard", ids: ["card", "email-field", "terms", "create"], texts: ["Create Account"]) { SignUpCard() },
        CorpusCase(name: "ContactList", ids: ["avatar", "name"], texts: ["NO", "Hiroshi Tanaka"], mayTruncate: ["Mobile · last called yesterday", "Work · Lisbon office", "Home"]) { ContactList() },
        CorpusCase(name: "Inbox", ids: ["sender-0", "date-0", "preview-0", "sender-1"], texts: ["Yesterday"], truncatesByDesign: true) { Inbox() },
        CorpusCase(name: "IconSettingsList", ids: ["icon-Airplane Mode", "icon-Battery"], texts: ["Wi-Fi", "Home"]) { IconSettingsList() },
        CorpusCase(name: "TransactionList", ids: ["merchant", "amount"], texts: ["TODAY"]) { TransactionList() },
        CorpusCase(name: "ArticleCard", ids: ["picture", "headline", "summary", "card"], texts: ["CLIMATE", "6 min read"], truncatesByDesign: true) { ArticleCard() },
        CorpusCase(name: "ProductGrid", ids: ["name-Linen Shirt", "add-Ceramic Mug"], texts: ["€120"], mayTruncate: ["Merino Wool Travel Blanket"]) { ProductGrid() },
        CorpusCase(name: "StatsDashboard", ids: ["stat-Steps", "stat-Water"], texts: ["8,412", "bpm"]) { StatsDashboard() },
        CorpusCase(name: "WeatherCard", ids: [], texts: ["21°", "Bergen"]) { WeatherCard() },
        CorpusCase(name: "OnboardingPage", ids: ["title", "continue", "skip"], texts: ["Continue"], scrollsUnderPinnedViews: true) { OnboardingPage() },
        CorpusCase(name: "OnboardingFlow", ids: ["page-dots", "continue"], texts: ["Share the load"], scrollsUnderPinnedViews: true) { OnboardingFlow(page: 2) },
        CorpusCase(name: "WelcomeFeatures", ids: ["title", "continue", "feature-Offline maps"], texts: ["Share with friends"], scrollsUnderPinnedViews: true) { WelcomeFeatures() },
        CorpusCase(name: "ProfileHeader", ids: ["avatar", "name", "posts", "followers", "following"], texts: ["Follow"]) { ProfileHeader() },
        CorpusCase(name: "ProfileScreen", ids: ["header", "payment", "sign-out"], texts: ["Orders"]) { ProfileScreen() },
        CorpusCase(name: "CustomTabBar", ids: ["bar", "tab-home", "tab-profile"], texts: ["Explore"]) { CustomTabBar() },
        CorpusCase(name: "TabApp", ids: [], texts: ["Itinerary", "Trips", "Settings"], scrollsUnderPinnedViews: true) { TabApp() },
        CorpusCase(name: "TagCloud", ids: ["flow", "tag-Hiking", "tag-Cycling"], texts: ["Interests"]) { TagCloud() },
        CorpusCase(name: "FilterChips", ids: ["chips", "chip-Open now"], texts: ["Café Lumen · 0.4 km"], scrollsSideways: true) { FilterChips() },
        CorpusCase(name: "ActionButtonBar", ids: [], texts: ["Keep Subscription", "Cancel Subscription"]) { ActionButtonBar() },
        CorpusCase(name: "ShippingOptions", ids: ["method-Standard", "price-Express"], texts: ["Free"]) { ShippingOptions() },
        CorpusCase(name: "EmptyStates", ids: ["empty", "add"], texts: ["No Plants Yet"]) { EmptyStates() },
        CorpusCase(name: "EmptySearch", ids: ["empty"], texts: ["Check the spelling or try a new search."]) { EmptyStates(searching: true) },
        CorpusCase(name: "ChatThread", ids: ["bubble-0", "bubble-3"], texts: ["👍"]) { ChatThread() },
        CorpusCase(name: "PaywallPlans", ids: ["headline", "plan-yearly", "plan-monthly", "subscribe"], texts: ["BEST VALUE"]) { PaywallPlans() },
        CorpusCase(name: "SearchScreen", ids: ["recent-miso soup"], texts: ["Recipes", "Vegetarian"]) { SearchScreen() },
        CorpusCase(name: "EventDetail", ids: ["date-tile", "title", "tickets"], texts: ["About"], scrollsUnderPinnedViews: true) { EventDetail() },
        CorpusCase(name: "RecipeIngredients", ids: ["servings", "quantity-spaghetti", "name-olive oil"], texts: ["to taste"]) { RecipeIngredients() },
        CorpusCase(name: "OrderSummary", ids: ["pencil", "total", "checkout"], texts: ["€50.85"], mayTruncate: ["Promo code"]) { OrderSummary() },
        CorpusCase(name: "MiniPlayer", ids: ["artwork", "song", "play", "player"], texts: ["The Lantern Quartet"], truncatesByDesign: true) { MiniPlayer() },
        CorpusCase(name: "PhotoSheet", ids: ["photo", "caption", "close"], texts: ["Harbour at dusk"]) { PhotoSheet() },
        CorpusCase(name: "ToastBanner", ids: ["toast", "message", "close"], texts: []) { ToastBanner() },
    ]

    @Test(arguments: cases)
    func atEverySize(_ corpusCase: CorpusCase) throws {
        let all = try layouts(of: corpusCase.make())
        try #require(all.count == 12)
        for layout in all {
            let size = layout.category.shortName
            for id in corpusCase.ids {
                #expect(layout[id] != nil, "\(corpusCase.name) at \(size): no \(id)")
            }
            for text in corpusCase.texts {
                #expect(layout.textNode(showing: text) != nil, "\(corpusCase.name) at \(size): no text \"\(text)\"")
            }
            if !corpusCase.truncatesByDesign {
                let cut = layout.nodes.compactMap(\.text).filter { $0.lines.contains { $0.text.contains("…") } }.map(\.string)
                    .filter { !corpusCase.mayTruncate.contains($0) }
                #expect(cut.isEmpty, "\(corpusCase.name) at \(size): truncated: \(cut.prefix(3))")
            }
            if !corpusCase.scrollsUnderPinnedViews {
                let overlaps = layout.overlappingTexts
                #expect(overlaps.isEmpty, "\(corpusCase.name) at \(size): texts overlap: \(overlaps.prefix(2))")
            }
            if !corpusCase.scrollsSideways {
                let outside = layout.nodesOutsideWidth.map { $0.id ?? $0.path }
                #expect(outside.isEmpty, "\(corpusCase.name) at \(size): past the sides: \(outside.prefix(5))")
            }
        }
        // Dynamic Type reaches the view: its lines are taller, in all, at ax5 than at xs.
        func lineHeights(_ layout: ScreenLayout) -> Double {
            layout.nodes.compactMap(\.text).flatMap(\.lines).reduce(0) { $0 + $1.ascent + $1.descent }
        }
        #expect(lineHeights(all[11]) > lineHeights(all[0]) * 1.5, "\(corpusCase.name)")
    }
}
