import SwiftSyntax

/// The declared types of the names in one Swift file, to decide whether a call's receiver is a
/// Core Location object (``SourceEvent/locationReceiverTypes``).
///
/// Reads stored properties and variables (`let m: CLLocationManager`, `var m = CLLocationManager()`,
/// `lazy var m: CLLocationManager? = …`), function and closure parameters with a type
/// (`_ manager: CLLocationManager`) and classes that inherit from a Core Location type. Scopes are
/// not tracked: a name declared with two different types in the file is unknown.
final class SwiftReceiverTypes: SyntaxVisitor {
    /// What lint knows about a receiver.
    enum Receiver: Equatable {
        /// A location manager, service session or monitor.
        case location
        /// Something else, known by its declared type or initializer.
        case other(String)
        /// Not known: an undeclared name, an expression lint cannot type.
        case unknown
    }

    /// Type names by variable or parameter name; `nil` when the name is declared with several types.
    private(set) var types: [String: String?] = [:]
    /// Classes of this file that inherit from a Core Location receiver type.
    private(set) var locationSubclasses: Set<String> = []

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    /// Whether `type` is a Core Location receiver type: one of ``SourceEvent/locationReceiverTypes``,
    /// a class of this file inheriting from one, or a type named `…LocationManager` (the usual name of
    /// a subclass declared in another file).
    func isLocationType(_ type: String) -> Bool {
        SourceEvent.locationReceiverTypes.contains(type) || locationSubclasses.contains(type) || type.hasSuffix("LocationManager")
    }

    /// What the receiver `base` of a member call is; `nil` base is the implicit `self`.
    func receiver(_ base: ExprSyntax?, in node: Syntax) -> Receiver {
        guard var base else { return enclosingTypeIsLocation(node) ? .location : .unknown }
        while true {
            if let unwrapped = base.as(OptionalChainingExprSyntax.self) { base = unwrapped.expression; continue }
            if let unwrapped = base.as(ForceUnwrapExprSyntax.self) { base = unwrapped.expression; continue }
            if let tuple = base.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { base = only.expression; continue }
            break
        }
        if let call = base.as(FunctionCallExprSyntax.self) {
            guard let type = Self.initializedType(call) else { return .unknown }
            return isLocationType(type) ? .location : .other(type)
        }
        let name: String
        if let member = base.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else if let reference = base.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return .unknown
        }
        if name == "self" || name == "super" { return enclosingTypeIsLocation(node) ? .location : .unknown }
        guard let declared = types[name], let type = declared else { return .unknown }
        return isLocationType(type) ? .location : .other(type)
    }

    /// The declared or initialized type of a plain name or `self` property (`tracker`,
    /// `self.tracker?`), whether or not it is a location type; `nil` when unknown.
    func declaredTypeName(_ base: ExprSyntax) -> String? {
        var base = base
        while true {
            if let unwrapped = base.as(OptionalChainingExprSyntax.self) { base = unwrapped.expression; continue }
            if let unwrapped = base.as(ForceUnwrapExprSyntax.self) { base = unwrapped.expression; continue }
            break
        }
        let name: String
        if let member = base.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else if let reference = base.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return nil
        }
        guard let declared = types[name], let type = declared else { return nil }
        return type
    }

    /// The type a call creates, when it is `Type(…)` or `Type.init(…)` with a capitalized name.
    static func initializedType(_ call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base { callee = base }
        if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
        let name: String
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = callee.as(MemberAccessExprSyntax.self), member.base != nil, member.declName.baseName.text.first?.isUppercase == true {
            name = member.declName.baseName.text // CoreLocation.CLLocationManager()
        } else {
            return nil
        }
        return name.first?.isUppercase == true ? name : nil
    }

    /// The type name of a type annotation without optionals and module prefix.
    static func typeName(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return typeName(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeName(unwrapped.wrappedType) }
        if let attributed = type.as(AttributedTypeSyntax.self) { return typeName(attributed.baseType) }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }

    private func note(_ name: String, _ type: String?) {
        guard let type else { return }
        if let existing = types[name] {
            if existing != type { types[name] = .some(nil) }
        } else {
            types[name] = type
        }
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
        let created = node.initializer?.value.as(FunctionCallExprSyntax.self).flatMap(Self.initializedType)
        if let created, isLocationType(created) {
            // `var manager: LocationProviding = CLLocationManager()`: the object is a location manager.
            note(name, created)
        } else if let annotation = node.typeAnnotation {
            note(name, Self.typeName(annotation.type))
        } else {
            note(name, created)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        // `init(manager: LocationManaging = CLLocationManager())`: defaulted to a location manager.
        let defaulted = node.defaultValue?.value.as(FunctionCallExprSyntax.self).flatMap(Self.initializedType)
        note((node.secondName ?? node.firstName).text, defaulted.map(isLocationType) == true ? defaulted : Self.typeName(node.type))
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        if let type = node.type { note((node.secondName ?? node.firstName).text, Self.typeName(type)) }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = node.inheritanceClause?.inheritedTypes.compactMap { Self.typeName($0.type) } ?? []
        if inherited.contains(where: SourceEvent.locationReceiverTypes.contains) { locationSubclasses.insert(node.name.text) }
        return .visitChildren
    }

    /// Whether the code is inside a class (or an extension of one) that is a Core Location type.
    private func enclosingTypeIsLocation(_ node: Syntax) -> Bool {
        var current = node.parent
        while let n = current {
            if let declaration = n.as(ClassDeclSyntax.self) { return isLocationType(declaration.name.text) }
            if let declaration = n.as(ExtensionDeclSyntax.self) { return Self.typeName(declaration.extendedType).map(isLocationType) ?? false }
            if n.is(StructDeclSyntax.self) || n.is(EnumDeclSyntax.self) || n.is(ActorDeclSyntax.self) { return false }
            current = n.parent
        }
        return false
    }
}
