import Foundation
import SwiftUICorpus
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// What the adaptive patterns of the corpus do between the smallest and the largest sizes.
@Suite
@MainActor
struct CorpusBehaviourTests {
    @Test func viewThatFitsDropsHoursAsTextGrows() throws {
        let all = try layouts(of: WeatherCard(), categories: [.extraSmall, .accessibilityExtraExtraExtraLarge])
        #expect(all[0]["six-hours"] != nil)
        #expect(all[1]["six-hours"] == nil)
        #expect(all[1]["three-hours"] != nil || all[1]["summary"] != nil)
    }

    @Test func buttonsStackWhenTheyNoLongerFitSideBySide() throws {
        let all = try layouts(of: ActionButtonBar(), categories: [.extraSmall, .accessibilityMedium])
        #expect(all[0]["side-by-side"] != nil && all[0]["stacked"] == nil)
        #expect(all[1]["stacked"] != nil && all[1]["side-by-side"] == nil)
        // Stacked, the buttons take the width less the padding; neither is cut to an ellipsis.
        for layout in all {
            for title in ["Keep Subscription", "Cancel Subscription"] {
                let text = try #require(layout.textNode(showing: title)?.text)
                #expect(text.lines.count == 1 && text.lines[0].text == title, "\(layout.category.shortName)")
            }
        }
    }

    @Test func profileCountsTurnVerticalThroughAnyLayout() throws {
        let all = try layouts(of: ProfileHeader(), categories: [.large, .accessibilityMedium])
        let posts = try #require(all[0].rect("posts")), followers = try #require(all[0].rect("followers"))
        #expect(abs(posts.minY - followers.minY) < 0.5 && followers.minX > posts.maxX)
        let postsAX = try #require(all[1].rect("posts")), followersAX = try #require(all[1].rect("followers"))
        #expect(followersAX.minY >= postsAX.maxY)
    }

    @Test func adaptiveStackPutsThePriceUnderTheMethod() throws {
        let all = try layouts(of: ShippingOptions(), categories: [.large, .accessibilityLarge])
        let method = try #require(all[0].rect("method-Express")), price = try #require(all[0].rect("price-Express"))
        #expect(price.minX > method.maxX && price.minY < method.maxY)
        let methodAX = try #require(all[1].rect("method-Express")), priceAX = try #require(all[1].rect("price-Express"))
        #expect(priceAX.minY >= methodAX.maxY)
    }

    @Test func transactionAmountMovesUnderTheMerchant() throws {
        let all = try layouts(of: TransactionList(), categories: [.extraExtraExtraLarge, .accessibilityMedium])
        let merchant = try #require(all[0].rect("merchant")), amount = try #require(all[0].rect("amount"))
        #expect(amount.minX > merchant.maxX)
        let merchantAX = try #require(all[1].rect("merchant")), amountAX = try #require(all[1].rect("amount"))
        #expect(amountAX.minY >= merchantAX.maxY && abs(amountAX.minX - merchantAX.minX) < 0.5)
    }

    @Test func flowLayoutWrapsIntoMoreRowsAtTheLargestSize() throws {
        let all = try layouts(of: TagCloud(), categories: [.extraSmall, .accessibilityExtraExtraExtraLarge])
        func rows(_ layout: ScreenLayout) -> Int {
            Set(TagCloud.tags.compactMap { layout.rect("tag-\($0)")?.minY.rounded() }).count
        }
        let small = rows(all[0]), large = rows(all[1])
        #expect(small >= 2 && large > small, "rows at xs \(small), at ax5 \(large)")
        // At xs every tag is one line; at ax5 a tag wider than the row wraps inside it instead
        // of running past the screen's edge.
        for tag in TagCloud.tags {
            let text = try #require(all[0].textNode(under: "tag-\(tag)")?.text)
            #expect(text.lines.count == 1, "\(tag)")
        }
        let long = try #require(all[1].textNode(under: "tag-Film photography")?.text)
        #expect(long.lines.count == 2)
    }

    @Test func scaledMetricIconsGrowWithTheText() throws {
        let all = try layouts(of: IconSettingsList(), categories: [.large, .accessibilityExtraExtraExtraLarge])
        let large = try #require(all[0].rect("icon-Wi-Fi")), ax5 = try #require(all[1].rect("icon-Wi-Fi"))
        #expect(large.width == 29 && large.height == 29)
        #expect(ax5.width > 29 * 2 && abs(ax5.width - ax5.height) < 0.5)
        // The symbol column of the welcome sheet scales the same way.
        let welcome = try layouts(of: WelcomeFeatures(), categories: [.large, .accessibilityMedium])
        let column = try #require(welcome[0].rect("symbol-Offline maps")), columnAX = try #require(welcome[1].rect("symbol-Offline maps"))
        #expect(column.width == 36 && columnAX.width > 36)
    }

    @Test func clampedTabBarStopsGrowingAtAX2() throws {
        let all = try layouts(of: CustomTabBar(), categories: [.accessibilityLarge, .accessibilityExtraExtraExtraLarge])
        let ax2 = try #require(all[0].rect("bar")), ax5 = try #require(all[1].rect("bar"))
        #expect(ax2.height == ax5.height)
        // Four tabs share the width equally.
        let home = try #require(all[0].rect("tab-home")), profile = try #require(all[0].rect("tab-profile"))
        #expect(abs(home.width - profile.width) < 0.5 && abs(home.width * 4 - 393) < 1)
    }

    @Test func chatBubblesKeepToTheirSides() throws {
        for layout in try layouts(of: ChatThread(), categories: [.large, .accessibilityExtraLarge]) {
            let theirs = try #require(layout.rect("bubble-2")), mine = try #require(layout.rect("bubble-1"))
            #expect(abs(theirs.minX - 16) < 0.5, "\(layout.category.shortName)")
            #expect(abs(mine.maxX - (393 - 16)) < 0.5, "\(layout.category.shortName)")
            // No spacing beside a Spacer: a bubble is at most the row less the padding and 64 points.
            #expect(theirs.width <= 393 - 32 - 64 + 0.5)
        }
    }

    @Test func emptyStateIsCentredInTheScreen() throws {
        for layout in try layouts(of: EmptyStates(), categories: [.large, .accessibilityExtraLarge]) {
            let empty = try #require(layout.rect("empty")), button = try #require(layout.rect("add"))
            let title = try #require(layout.textNode(showing: "No Plants Yet"))
            let description = try #require(layout.textNode(showing: "Add the plants you care for and we'll remind you when they need water."))
            // It fills the safe area; the description and the button are centred, in that order under the title.
            #expect(abs(empty.height - (852 - 59 - 34)) < 0.5)
            #expect(abs(button.midX - 393 / 2) < 0.5)
            #expect(abs(description.frame.x + description.frame.width / 2 - 393 / 2) < 0.5)
            #expect(description.frame.y >= title.frame.y + title.frame.height)
            #expect(button.minY > description.frame.y + description.frame.height)
        }
    }

    @Test(arguments: ["ar", "he"])
    func rowsMirrorRightToLeft(language: String) throws {
        let rtl = try layouts(of: ContactList(), categories: [.large, .accessibilityMedium], language: language)
        for layout in rtl {
            let avatar = try #require(layout.rect("avatar")), name = try #require(layout.rect("name"))
            #expect(avatar.minX > name.maxX, "\(layout.category.shortName)")
        }
        let inbox = try layouts(of: Inbox(), categories: [.large], language: language)[0]
        let sender = try #require(inbox.rect("sender-0")), date = try #require(inbox.rect("date-0"))
        #expect(date.maxX < sender.minX)
        let chat = try layouts(of: ChatThread(), categories: [.large], language: language)[0]
        #expect(abs(try #require(chat.rect("bubble-1")).minX - 16) < 0.5)
    }

    @Test func pagedTabViewShowsTheSelectedPageWithDotsAndNoTabBar() throws {
        for layout in try layouts(of: OnboardingFlow(page: 1), categories: [.large, .accessibilityLarge]) {
            #expect(layout["tab-bar"] == nil)
            #expect(layout.textNode(showing: "Never miss a deadline") != nil)
            #expect(layout.textNode(showing: "Plan your week in minutes") == nil)
            // Three dots, the page's bottom edge: the safe area's.
            let dots = try #require(layout.rect("page-dots"))
            #expect(abs(dots.maxY - (852 - 34)) < 0.5 && abs(dots.midX - 393 / 2) < 0.5)
            #expect(layout.nodes.filter { $0.frame.width == 7 && $0.frame.height == 7 && $0.style.backgroundColor != nil }.count == 3)
        }
    }
}
