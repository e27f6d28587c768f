import Foundation
import Testing
@testable import TypeLayoutSwiftUI

/// `TypeTable`, which keeps resolution's answers by type: what it keeps is what was put, for
/// that type only, and a full table keeps no more (its answers are then found again).
struct TypeTableTests {
    /// Distinct types to key by: tuples of these make many more.
    static let types: [Any.Type] = [
        Int.self, String.self, Double.self, Bool.self, [Int].self, [String].self, Set<Int>.self,
        Optional<Int>.self, (Int, String).self, (Bool, Double).self, EmptyView.self, Text.self,
        Color.self, Spacer.self, Divider.self, [Int: String].self, (Int, Int).self, Character.self,
    ]

    @Test func keepsEachTypesAnswerApart() {
        let table = TypeTable<Int>(capacity: 64)
        for (index, type) in Self.types.enumerated() {
            #expect(table[type] == nil)
            table.insert(index, for: type)
        }
        #expect(table.count == Self.types.count)
        for (index, type) in Self.types.enumerated() { #expect(table[type] == index) }
        // A second answer for a type already kept is not taken (answers are pure functions).
        table.insert(-1, for: Int.self)
        #expect(table[Int.self] == 0 && table.count == Self.types.count)
        // Optional answers: a kept `nil` is told from "not kept".
        let optionals = TypeTable<Int?>(capacity: 8)
        optionals.insert(nil, for: String.self)
        #expect(optionals[String.self] == .some(nil))
        #expect(optionals[Int.self] == nil)
    }

    @Test func aFullTableKeepsNoMore() {
        let table = TypeTable<String>(capacity: 8)
        #expect(table.capacity == 8)
        for type in Self.types { table.insert(String(describing: type), for: type) }
        // Three quarters of 8: six answers, the first six types'; the rest are not kept.
        #expect(table.count == 6)
        for (index, type) in Self.types.enumerated() {
            #expect(table[type] == (index < 6 ? String(describing: type) : nil))
        }
    }

    @Test func capacityIsAPowerOfTwo() {
        #expect(TypeTable<Int>(capacity: 100).capacity == 128)
        #expect(TypeTable<Int>(capacity: 1).capacity == 8)
    }
}
