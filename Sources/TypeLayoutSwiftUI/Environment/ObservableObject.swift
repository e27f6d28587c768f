/// A class whose changes views observe, as Combine's `ObservableObject` (Combine isn't on
/// Linux): here views render the object as it is, and nothing observes changes.
public protocol ObservableObject: AnyObject {}

/// A property of an ``ObservableObject`` that announces its changes in SwiftUI; here a plain
/// stored value.
@propertyWrapper
public struct Published<Value> {
    private var value: Value

    /// A property starting at `wrappedValue`.
    public init(wrappedValue: Value) {
        value = wrappedValue
    }

    /// The value.
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The property itself (a publisher in Combine).
    public var projectedValue: Published<Value> { self }
}

/// An observable object a view owns, as SwiftUI's `@StateObject`: made once, from the
/// autoclosure, when first read.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let box: ValueBox<ObjectType?>
    private let make: () -> ObjectType

    /// An object made by `thunk` when first read.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        box = ValueBox(nil)
        make = thunk
    }

    /// The object.
    public var wrappedValue: ObjectType {
        if let object = box.value { return object }
        let object = make()
        box.value = object
        return object
    }

    /// Bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

/// An observable object a view is given, as SwiftUI's `@ObservedObject`.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// The object.
    public var wrappedValue: ObjectType

    /// A property observing `wrappedValue`.
    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    /// Bindings to the object's properties.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Makes bindings to an object's properties (`$model.name`).
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        /// A binding to a property of the object.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = self.object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
}

/// Bindings to the properties of an object, as SwiftUI's `@Bindable` for `@Observable` classes.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject> {
    /// The object.
    public var wrappedValue: Value

    /// Bindings to `wrappedValue`'s properties.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Bindings to `wrappedValue`'s properties.
    public init(_ wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// The wrapper itself.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to a property of the object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

/// An observable object a view reads from its environment, as SwiftUI's `@EnvironmentObject`:
/// set above it with ``View/environmentObject(_:)``.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    private let box = EnvironmentBox()

    /// Reads the object of its type from the environment.
    public init() {}

    /// The object. Reading one that no view above set is a programming error, as in SwiftUI.
    public var wrappedValue: ObjectType {
        guard let object = box.values?.objects[ObjectIdentifier(ObjectType.self)] as? ObjectType else {
            fatalError("No ObservableObject of type \(ObjectType.self) found: set one with .environmentObject(_:) above this view")
        }
        return object
    }

    /// Bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension EnvironmentObject: EnvironmentReading {
    func install(_ values: EnvironmentValues) { box.values = values }
}

extension View {
    /// `object` for the `@EnvironmentObject` properties of this view and the views inside it.
    public consuming func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(_EnvironmentObjectModifier(object: object))
    }
}

/// `.environmentObject`.
public struct _EnvironmentObjectModifier: ViewModifier, EnvironmentModifier {
    /// The body of a primitive modifier.
    public typealias Body = Never
    let object: AnyObject

    @MainActor func modify(_ environment: inout EnvironmentValues) {
        environment.objects[ObjectIdentifier(type(of: object))] = object
    }
}
