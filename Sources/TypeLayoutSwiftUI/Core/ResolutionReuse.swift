import Foundation
import TypeLayout
import TypeLayoutScreens

// A hosting screen's layouts at several categories resolve the views once, then redo only
// what read the category.
//
// At the first category every `resolve` call leaves a record: the call's view type, its nodes,
// its calls below, and whether it read the category (`EnvironmentValues.dynamicTypeSize` and
// what derives from it, `@ScaledMetric`, the session's Dynamic Type context: each read notes
// itself in the ``CategoryReadTracker`` the layout's environment carries). A view's body and
// its own nodes are a function of the view, the environment and the session; so a call none of
// whose views read the category gives the same nodes at any category, and is kept. At a later
// category the calls are replayed from the root: a call that read the category is resolved
// afresh with everything under it; one that only has such a call below it is resolved again
// with its calls below replayed in order; the rest are kept, their nodes only cleared of the
// last layout's sizes and frames. Anything unexpected (calls that don't match the record, a view
// resolved while the nodes were laid out) makes the hosting screen redo that layout afresh.

/// Notes reads of the category during resolution, in the record of the call being resolved.
///
/// Held by the layout's session and carried by its environment (so the environment's getters
/// can note a read); neither outlives the hosting screen's `layouts` call.
nonisolated final class CategoryReadTracker {
    /// The call being resolved while recording; `nil` otherwise.
    var current: ResolutionRecord?
    /// Whether the nodes are being laid out.
    var isLayingOut = false
    /// Whether the category was read while the nodes were laid out: by a node that kept an
    /// environment, which, kept for another category, would read the first one's.
    private(set) var readWhileLayingOut = false

    /// Notes that the call being resolved (or the layout) read the category.
    func noteRead() {
        if let current {
            current.readsCategory = true
        } else if isLayingOut {
            readWhileLayingOut = true
        }
    }

    /// Starts a layout.
    func begin() { readWhileLayingOut = false }
}

/// One `resolve` call at the first category.
nonisolated final class ResolutionRecord {
    /// The view's type (`nil` for the root record above the root view).
    let viewType: ObjectIdentifier?
    /// The nodes the call made.
    var nodes: [LayoutNode] = []
    /// The nodes' traits as the call left them, before the views above it changed them (a
    /// modifier above, redone at another category, changes a kept node's traits again).
    var traits: [ViewTraits] = []
    /// The calls the view made below it, in order.
    var children: [ResolutionRecord] = []
    /// Whether the view's own work (its body, its dynamic properties, its nodes) read the
    /// category.
    var readsCategory = false
    /// Whether a call below it did.
    var hasReadsBelow = false
    /// Whether the view's calls below are independent of each other's nodes
    /// (``ResolvesChildrenIndependently``).
    let childrenAreIndependent: Bool

    init(viewType: ObjectIdentifier?, childrenAreIndependent: Bool = false) {
        self.viewType = viewType
        self.childrenAreIndependent = childrenAreIndependent
    }

    /// Whether the call's nodes may differ at another category.
    var dependsOnCategory: Bool { readsCategory || hasReadsBelow }
}

/// A primitive view whose calls below don't depend on each other: no view it resolves is made
/// from the nodes of another (`TupleView`, `ForEach`). In any other view, a call made after a
/// call whose nodes are new at this category (redone) is itself redone: its view may carry those
/// nodes (a section's rows in its group) or what they hold (a navigation bar made from their
/// traits).
protocol ResolvesChildrenIndependently {}

/// How the views of a layout resolve.
enum ResolutionMode {
    /// Afresh, nothing kept.
    case fresh
    /// Afresh, each call recorded under the tracker's current record.
    case recording
    /// Replayed from the records: the next call is `parent`'s child at `next`; after a call
    /// redone in a view whose calls depend on each other (`tainted`), the rest are redone too.
    case replaying(parent: ResolutionRecord, next: Int, tainted: Bool)
}

extension ResolveContext {
    /// `view` resolved afresh, its call recorded.
    func resolveRecording<V: View>(_ view: V) throws -> [LayoutNode] {
        let tracker = session.categoryReads
        let parent = tracker.current
        let record = ResolutionRecord(viewType: ObjectIdentifier(V.self),
                                      childrenAreIndependent: V.self is any ResolvesChildrenIndependently.Type)
        parent?.children.append(record)
        tracker.current = record
        defer {
            tracker.current = parent
            if record.dependsOnCategory { parent?.hasReadsBelow = true }
        }
        let nodes = try resolveAfresh(view)
        record.nodes = nodes
        record.traits = nodes.map(\.traits)
        return nodes
    }

    /// `view` from the record of the call at its place: kept, resolved again with its calls
    /// below replayed, or resolved afresh.
    func resolveReplaying<V: View>(_ view: V, parent: ResolutionRecord, next: Int, tainted: Bool) throws -> [LayoutNode] {
        guard next < parent.children.count, parent.children[next].viewType == ObjectIdentifier(V.self) else {
            session.resolution = .replaying(parent: parent, next: next + 1, tainted: tainted)
            return try resolveAfterMismatch(view)
        }
        let record = parent.children[next]
        guard record.dependsOnCategory || tainted else {
            session.resolution = .replaying(parent: parent, next: next + 1, tainted: false)
            record.prepareNodesForAnotherLayout(session.generation)
            for (node, traits) in zip(record.nodes, record.traits) { node.traits = traits }
            return record.nodes
        }
        // This call's nodes are new: the parent's later calls may be made from them.
        let after = ResolutionMode.replaying(parent: parent, next: next + 1, tainted: !parent.childrenAreIndependent)
        session.resolution = record.readsCategory || tainted ? .fresh : .replaying(parent: record, next: 0, tainted: false)
        defer { session.resolution = after }
        let nodes = try resolveAfresh(view)
        // Calls left over: the view didn't make the calls it made at the first category.
        if case .replaying(let replayed, let count, _) = session.resolution, replayed === record, count != record.children.count {
            session.noteReplayMismatch()
        }
        return nodes
    }

    /// `view` resolved afresh where the calls don't match the record (which a view that
    /// doesn't read the category should never cause): the layout is then redone afresh.
    private func resolveAfterMismatch<V: View>(_ view: V) throws -> [LayoutNode] {
        session.noteReplayMismatch()
        let after = session.resolution
        session.resolution = .fresh
        defer { session.resolution = after }
        return try resolveAfresh(view)
    }
}

/// What a hosting screen's layouts at several categories did: how many were replayed from the
/// first one's record, and how many of those a safety valve had to redo afresh. Tests read it:
/// a replay that silently fell back to afresh layouts gives the same frames, slower.
struct ReplaySummary: Equatable {
    var replayed = 0
    var redoneAfresh = 0
}

extension HostingScreen {
    /// The view laid out at each of `categories`, resolved once and redone where it read the
    /// category (`reusingResolution`), or resolved afresh at each.
    func layouts(categories: [ContentSizeCategory], language: String?, reusingResolution: Bool) throws -> [ScreenLayout] {
        guard reusingResolution else { return try categories.map { try layout(category: $0, language: language) } }
        return try replayedLayouts(categories: categories, language: language).layouts
    }

    /// The view laid out at each of `categories`, resolved once and redone where it read the
    /// category, with what the replay did.
    func replayedLayouts(categories: [ContentSizeCategory], language: String?) throws
        -> (layouts: [ScreenLayout], summary: ReplaySummary) {
        guard let first = categories.first, categories.count > 1 else {
            return (try categories.map { try layout(category: $0, language: language) }, ReplaySummary())
        }
        var summary = ReplaySummary()
        let session = makeSession(category: first, language: language)
        let environment = rootEnvironment(language: language, tracker: session.categoryReads)
        let root = ResolutionRecord(viewType: nil)
        var reusing = true
        var results: [ScreenLayout] = []
        results.reserveCapacity(categories.count)
        for (index, category) in categories.enumerated() {
            if index == 0 {
                session.categoryReads.current = root
                session.resolution = .recording
            } else {
                session.resolution = reusing ? .replaying(parent: root, next: 0, tainted: false) : .fresh
                if reusing { summary.replayed += 1 }
            }
            var layout = try self.layout(category: category, session: session, environment: environment)
            if index == 0 {
                // Replayed only if something is kept, and no node resolved views or read the
                // category while laid out (it kept an environment: the first category's).
                reusing = !session.resolvedWhileLayingOut && !session.categoryReads.readWhileLayingOut
                    && root.children.count == 1 && root.keepsAnyCall
            } else if reusing, session.replayMismatch || session.resolvedWhileLayingOut || session.categoryReads.readWhileLayingOut {
                reusing = false
                summary.redoneAfresh += 1
                session.resolution = .fresh
                layout = try self.layout(category: category, session: session, environment: environment)
            }
            results.append(layout)
        }
        return (results, summary)
    }
}

extension ResolutionRecord {
    /// Whether a replay keeps any call in this call's subtree.
    var keepsAnyCall: Bool {
        if !dependsOnCategory { return true }
        if readsCategory { return false }
        return children.contains { $0.keepsAnyCall }
    }

    /// Clears the last layout from the nodes of this call and of every call under it (a
    /// section's rows are held in its traits, not only as its children).
    @MainActor func prepareNodesForAnotherLayout(_ generation: Int) {
        for node in nodes { node.prepareForAnotherLayout(generation) }
        for child in children { child.prepareNodesForAnotherLayout(generation) }
    }
}
