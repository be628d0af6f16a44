import Foundation
import SwiftParser
import SwiftSyntax

/// Finds location requests and related calls in Swift source with swift-syntax.
///
/// Recognizes `requestWhenInUseAuthorization()`, `requestAlwaysAuthorization()`,
/// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`, `allowsBackgroundLocationUpdates = …`,
/// the monitoring calls of `SourceEvent.monitoringAPIs`, `CLServiceSession(authorization:fullAccuracyPurposeKey:)`,
/// `CLBackgroundActivitySession()`, `CLMonitor(_:)` and `CLLocationUpdate.liveUpdates`, and for each
/// the lifecycle context, the status branch and any unbounded wait around it. A call with a Core
/// Location method name counts only when its receiver is not known to be of another type
/// (`SwiftReceiverTypes`).
public enum SwiftSourceScanner {
    /// Parses `text` (the contents of `path`) and returns what it found.
    ///
    /// Only the top-level declarations that mention one of ``SourceScan/interestingIdentifiers``
    /// are parsed (see `SwiftRelevantSlice`); lines and columns are those of the whole file.
    ///
    /// Any text either is analysed or gives a ``SourceNote`` (`LOC016`), within a budget: the
    /// parse and the walk run on a thread with a 1 GiB stack for at most 8 seconds of its CPU time
    /// (`SourceParseBudget`); text over 512 KiB, trees deeper than 2,000 levels and text
    /// `SwiftParseGuard` refuses are not analysed, and code swift-syntax drops for nesting too
    /// deeply is skipped.
    public static func scan(text: String, path: String, whole: Bool = false) -> SourceScan {
        // `whole`: a file read for LOC021's chains mentions none of the identifiers, so all of it is parsed.
        let parsed = whole ? text : SwiftRelevantSlice.slice(text, needles: SourceScan.interestingIdentifiers) ?? text
        let size = parsed.utf8.count
        guard size <= SwiftParseGuard.maximumParsedBytes else {
            return SourceScan(notes: [SourceNote(location: SourceLocation(file: path),
                                                 message: "\(size) bytes of declarations that mention location calls, more than the \(SwiftParseGuard.maximumParsedBytes)-byte limit of the Swift parser: not analysed, its location calls are not checked")])
        }
        if let refusal = SwiftParseGuard.refusal(SwiftLexicalScan(Array(parsed.utf8)), path: path) {
            return SourceScan(notes: [refusal])
        }
        let analysed = SourceParseBudget.run { analyse(parsed, fileText: text, path: path) }
        guard let analysed else {
            return SourceScan(notes: [SourceNote(location: SourceLocation(file: path),
                                                 message: "Swift syntax analysis took longer than \(Int(SourceParseBudget.timeLimit)) s: stopped, its location calls are not checked")])
        }
        return analysed
    }

    /// Parses and walks `parsed` (on the budget's thread).
    private static func analyse(_ parsed: String, fileText: String, path: String) -> SourceScan {
        let tree = Parser.parse(source: parsed)
        if let deep = SwiftParseGuard.nodeBeyondDepthLimit(in: tree) {
            let line = SourceLocationConverter(fileName: path, tree: tree).location(for: deep.position).line
            return SourceScan(notes: [SourceNote(location: SourceLocation(file: path, line: line),
                                                 message: "syntax nested more than \(SwiftParseGuard.maximumTreeDepth) levels deep: Swift syntax analysis of this file skipped, its location calls are not checked")])
        }
        let visitor = Visitor(path: path, tree: tree, fileText: fileText)
        visitor.walk(tree)
        if let overflow = SwiftParseGuard.overflow(in: tree, converter: visitor.converter, path: path) { visitor.result.notes.append(overflow) }
        return visitor.result
    }

    static let continuationFunctions: Set<String> = ["withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation", "withUnsafeThrowingContinuation"]
    static let escapeTokens = ["Task.sleep", "asyncAfter", "Timer", "timeout", "Timeout", "didBecomeActiveNotification", "DidBecomeActiveNotification",
                               "withTaskCancellationHandler", "scenePhase"]
    static let escapeNeedles = ByteSearch.Needles(escapeTokens)
    /// The Core Location method and property names whose receiver decides whether they are location calls.
    static let locationMethods: Set<String> = SourceEvent.monitoringAPIs.union([
        "requestWhenInUseAuthorization", "requestAlwaysAuthorization", "requestTemporaryFullAccuracyAuthorization",
    ])
    static let statusNames: Set<String> = ["notDetermined", "restricted", "denied", "authorizedAlways", "authorizedWhenInUse", "authorized"]

    private final class Visitor: SyntaxVisitor {
        let path: String
        let converter: SourceLocationConverter
        let hasEscape: Bool
        let tree: SourceFileSyntax
        /// Declared types, collected in a second walk only when a call with a Core Location name is met.
        lazy var receivers = SwiftReceiverTypes(tree)
        var result = SourceScan()

        init(path: String, tree: SourceFileSyntax, fileText: String) {
            self.path = path
            self.tree = tree
            self.converter = SourceLocationConverter(fileName: path, tree: tree)
            self.hasEscape = SwiftSourceScanner.escapeNeedles.occur(in: Data(fileText.utf8))
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            noteTypedCall(node)
            var name = Self.calleeName(node.calledExpression)
            // A receiver of another declared type is decided once every file is read: the type
            // may be a protocol `CLLocationManager` is made to conform to in another file.
            var receiverType: String?
            if SwiftSourceScanner.locationMethods.contains(name) {
                switch locationReceiver(node.calledExpression) {
                case .notAMember: name = ""
                case .location: break
                case .other(let type): receiverType = type
                }
            }
            switch name {
            case "requestWhenInUseAuthorization":
                add(.request(.whenInUse, api: name), at: node, receiverType: receiverType)
            case "requestAlwaysAuthorization":
                add(.request(.always, api: name), at: node, receiverType: receiverType)
            case "requestTemporaryFullAccuracyAuthorization":
                let key = node.arguments.first { $0.label?.text == "withPurposeKey" }.flatMap { Self.stringLiteral($0.expression) }
                add(.temporaryFullAccuracy(purposeKey: key, api: name), at: node, receiverType: receiverType)
            case _ where Self.isCreation(of: "CLServiceSession", node):
                let written = node.arguments.first { $0.label?.text == "authorization" }.map { $0.expression.trimmedDescription } ?? ""
                let requirement = SourceEvent.serviceSessionRequirements.first { written.hasSuffix(".\($0)") }
                add(.serviceSession(requirement: requirement), at: node)
                if requirement == "whenInUse" { add(.request(.whenInUse, api: SourceEvent.serviceSessionAPI("whenInUse")), at: node) }
                if requirement == "always" { add(.request(.always, api: SourceEvent.serviceSessionAPI("always")), at: node) }
                if let arg = node.arguments.first(where: { $0.label?.text == "fullAccuracyPurposeKey" }) {
                    add(.temporaryFullAccuracy(purposeKey: Self.stringLiteral(arg.expression), api: "CLServiceSession"), at: node)
                }
            case _ where Self.isCreation(of: "CLBackgroundActivitySession", node):
                add(.backgroundActivitySession, at: node)
            case _ where Self.isCreation(of: "CLMonitor", node):
                add(.request(.whenInUse, api: "CLMonitor"), at: node)
            case "liveUpdates" where Self.baseName(node.calledExpression) == "CLLocationUpdate":
                add(.request(.whenInUse, api: "CLLocationUpdate.liveUpdates"), at: node)
            case "confirmAcquired":
                add(.locationConfirmation, at: node)
            case "startMonitoring" where node.arguments.first?.label?.text != "for":
                break
            case _ where SourceEvent.monitoringAPIs.contains(name):
                add(.startMonitoring(name), at: node, receiverType: receiverType)
            default:
                if let status = Self.answeredStatus(node), let timer = timer(around: Syntax(node)) {
                    add(.timedStatusAnswer(status: status, timer: timer), at: node)
                }
                noteScreenRoots(of: node, name: name)
                if !name.isEmpty {
                    let (context, contextName) = self.context(of: Syntax(node))
                    if context != .unknown, let contextName { result.record(name, .init(context: context, name: contextName)) }
                    let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
                    if base == nil || base == "self", let phase = screenPhase(of: Syntax(node)), let type = sharedEnclosingType(of: Syntax(node))?.name {
                        result.screenCalls[type, default: [:]][name] = result.screenCalls[type]?[name] ?? phase
                    }
                }
            }
            return .visitChildren
        }

        /// `launchOptions?[UIApplication.LaunchOptionsKey.location]`, `keys.contains(…location)` (LOC032):
        /// the key looked up in the launch options. Naming it otherwise (`.location.rawValue` in a
        /// reporter's table of keys) decides nothing.
        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if node.declName.baseName.text == "location", let base = node.base?.trimmedDescription, base == "LaunchOptionsKey" || base.hasSuffix(".LaunchOptionsKey"),
               let argument = node.parent?.as(LabeledExprSyntax.self), let list = argument.parent?.parent {
                let lookup = list.is(SubscriptCallExprSyntax.self)
                    || list.as(FunctionCallExprSyntax.self).map { ["contains", "index"].contains(Self.calleeName($0.calledExpression)) } == true
                if lookup { add(.launchOptionsLocationKey, at: node) }
            }
            return .visitChildren
        }

        /// `launchOptions?[.location]` (LOC032).
        override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.arguments.count == 1, let key = node.arguments.first?.expression.as(MemberAccessExprSyntax.self), key.base == nil,
                  key.declName.baseName.text == "location" else { return .visitChildren }
            let subscripted = Self.calleeName(Self.unwrapped(node.calledExpression))
            if subscripted.lowercased().hasSuffix("launchoptions") || subscripted == "options" {
                add(.launchOptionsLocationKey, at: node)
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for index in elements.indices.dropLast(2) where elements[index + 1].is(AssignmentExprSyntax.self) {
                guard Self.calleeName(elements[index]) == "allowsBackgroundLocationUpdates" else { continue }
                let receiverType: String?
                switch locationReceiver(elements[index]) {
                case .notAMember: continue
                case .location: receiverType = nil
                case .other(let type): receiverType = type
                }
                let value = elements[index + 2].as(BooleanLiteralExprSyntax.self)?.literal.tokenKind
                add(value == .keyword(.false) ? .backgroundUpdatesDisabled : .backgroundUpdates(literalTrue: value == .keyword(.true)), at: elements[index], receiverType: receiverType)
            }
            return .visitChildren
        }

        /// What the receiver of a member named like a Core Location method is.
        enum CallReceiver {
            /// The callee is not a member or a name (a closure called, say): not a location call.
            case notAMember
            /// A location manager, session or monitor by declared type or initializer, or unknown
            /// (the name is then exactly the Core Location name).
            case location
            /// A receiver declared with another type: a location call only if that type turns out
            /// to be a protocol `CLLocationManager` conforms to, or a subclass, in some file.
            case other(String)
        }

        /// The receiver of the member `callee`.
        func locationReceiver(_ callee: ExprSyntax) -> CallReceiver {
            var callee = callee
            if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
            let base = callee.as(MemberAccessExprSyntax.self)?.base
            guard callee.is(MemberAccessExprSyntax.self) || callee.is(DeclReferenceExprSyntax.self) else { return .notAMember }
            if case .other(let type) = receivers.receiver(base, in: Syntax(callee)) { return .other(type) }
            return .location
        }

        func add(_ kind: SourceEvent.Kind, at node: some SyntaxProtocol, receiverType: String? = nil) {
            let position = node.startLocation(converter: converter)
            let (context, contextName) = context(of: Syntax(node))
            var event = SourceEvent(kind: kind, location: SourceLocation(file: path, line: position.line, column: position.column),
                                    enclosingFunction: enclosingFunction(of: Syntax(node)), context: context, contextName: contextName,
                                    branchStatuses: branchStatuses(of: Syntax(node)), unboundedWait: unboundedWait(of: Syntax(node)))
            event.enclosingType = sharedEnclosingType(of: Syntax(node))?.name
            event.screenPhase = screenPhase(of: Syntax(node))
            event.compilationConditions = Self.compilationConditions(of: Syntax(node))
            event.receiverType = receiverType
            result.events.append(event)
        }

        // MARK: Launch and first screen

        /// Records the types a call creates when the app starts or builds its first screen (the
        /// views in a `@main` `App`'s `body`, a view controller assigned to `rootViewController` in a
        /// launch callback) and the types stored properties create.
        func noteScreenRoots(of node: FunctionCallExprSyntax, name: String) {
            guard let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) else { return }
            var current = Syntax(node).parent
            while let n = current {
                if let binding = n.as(PatternBindingSyntax.self), let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
                   let type = Self.typeDeclaration(owning: Syntax(variable)) {
                    let property = binding.pattern.trimmedDescription
                    if property == "body", type.isMain, binding.accessorBlock != nil {
                        result.rootTypes.insert(name)
                    } else if binding.initializer != nil {
                        result.ownedTypes[type.name, default: []].insert(name)
                    }
                    return
                }
                if let sequence = n.as(SequenceExprSyntax.self) {
                    let elements = Array(sequence.elements)
                    if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), Self.calleeName(elements[0]) == "rootViewController",
                       context(of: Syntax(node)).0 == .launch {
                        result.rootTypes.insert(name)
                        return
                    }
                }
                if n.is(FunctionDeclSyntax.self) || n.is(MemberBlockSyntax.self) { return }
                current = n.parent
            }
        }

        // MARK: Typed calls (LOC021's launch chains)

        /// Records `node` in ``SourceScan/typedCalls`` when it is made by a method of a type (not
        /// from a closure that may run later) and its receiver's type is known: `self` or none (the
        /// enclosing type), a type by name (`Store.load()`), a property or variable of a declared or
        /// initialized type (`tracker?.start()`), or an object created (`Tracker()`: `Tracker.init`).
        func noteTypedCall(_ node: FunctionCallExprSyntax) {
            guard let caller = typedCaller(of: Syntax(node)), let type = sharedEnclosingType(of: Syntax(node))?.name else { return }
            let callee: String
            if let created = SwiftReceiverTypes.initializedType(node) {
                callee = SourceScan.methodKey(created, "init")
            } else {
                var called = node.calledExpression
                if let generic = called.as(GenericSpecializationExprSyntax.self) { called = generic.expression }
                let name = Self.calleeName(called)
                guard !name.isEmpty else { return }
                if called.is(DeclReferenceExprSyntax.self) {
                    callee = SourceScan.methodKey(type, name)
                } else if let base = called.as(MemberAccessExprSyntax.self)?.base {
                    if let reference = Self.unwrapped(base).as(DeclReferenceExprSyntax.self), reference.baseName.text == "self" {
                        callee = SourceScan.methodKey(type, name)
                    } else if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
                        callee = SourceScan.methodKey(reference.baseName.text, name)
                    } else if Self.isNameOrSelfProperty(base), let receiverType = receivers.declaredTypeName(base) {
                        callee = SourceScan.methodKey(receiverType, name)
                    } else {
                        return
                    }
                } else {
                    return
                }
            }
            result.recordTypedCall(from: SourceScan.methodKey(type, caller), to: callee,
                                   launchCallback: CallContext.of(function: caller) == .launch ? caller : nil)
        }

        /// `base` without `?` and `!` (`self?` is `self`).
        static func unwrapped(_ base: ExprSyntax) -> ExprSyntax {
            var base = base
            while true {
                if let unwrapped = base.as(OptionalChainingExprSyntax.self) { base = unwrapped.expression; continue }
                if let unwrapped = base.as(ForceUnwrapExprSyntax.self) { base = unwrapped.expression; continue }
                return base
            }
        }

        /// SwiftUI containers whose trailing closure is their content, built with the view (not an
        /// action a user triggers, such as a `Button`'s).
        static let contentContainers: Set<String> = [
            "WindowGroup", "Window", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow",
            "Group", "NavigationStack", "NavigationView", "NavigationSplitView", "TabView", "Tab", "ScrollView", "List", "Form", "Section",
            "GeometryReader", "ViewThatFits", "ForEach",
        ]

        /// Whether a closure is the content of a SwiftUI container (`WindowGroup { ContentView() }`).
        static func isViewContent(_ closure: ClosureExprSyntax) -> Bool {
            guard let call = callTaking(closure), call.trailingClosure?.id == closure.id else { return false }
            return contentContainers.contains(calleeName(call.calledExpression))
        }

        /// The SwiftUI modifiers whose closure runs as a view appears.
        static let screenModifiers: Set<String> = ["onAppear", "task"]

        /// Whether a closure runs without a user action once the code around it runs: handed to
        /// `DispatchQueue…async`/`asyncAfter`, `Task { }` (`Task.detached`), or a Combine `sink`
        /// (it runs when the publisher emits, such as the status or a model's first value). A
        /// closure of any other call (a button's action) may wait for the user.
        static func runsWithoutUserAction(_ closure: ClosureExprSyntax) -> Bool {
            guard let call = callTaking(closure) else { return false }
            let callee = calleeName(call.calledExpression)
            switch callee {
            case "async", "asyncAfter": return call.calledExpression.is(MemberAccessExprSyntax.self)
            case "Task", "detached", "sink": return true
            default: return false
            }
        }

        /// Whether `base` is a plain name or a property of `self` (`tracker`, `tracker?`,
        /// `self.tracker!`): the receivers whose declared type `SwiftReceiverTypes` gives. A member
        /// of anything else (`Registry.shared.tracker`) is of unknown type.
        static func isNameOrSelfProperty(_ base: ExprSyntax) -> Bool {
            var base = base
            while true {
                if let unwrapped = base.as(OptionalChainingExprSyntax.self) { base = unwrapped.expression; continue }
                if let unwrapped = base.as(ForceUnwrapExprSyntax.self) { base = unwrapped.expression; continue }
                break
            }
            if base.is(DeclReferenceExprSyntax.self) { return true }
            guard let member = base.as(MemberAccessExprSyntax.self), let owner = member.base.map(unwrapped)?.as(DeclReferenceExprSyntax.self) else { return false }
            return owner.baseName.text == "self"
        }

        /// The method a call is made by, as a selector-style key (`init` for an initializer or a
        /// stored property's initial value); `nil` inside a closure that is not called at once, an
        /// accessor, or outside any method.
        func typedCaller(of node: Syntax) -> String? {
            Self.sharedWalk(from: node, cache: &typedCallers, end: nil, Self.typedCallerStep)
        }

        /// ``typedCaller(of:)``'s answer at ancestor `n`, or `nil` to go on to its parent.
        static func typedCallerStep(_ n: Syntax) -> String?? {
            if let closure = n.as(ClosureExprSyntax.self) {
                // SwiftUI's `.onAppear { }` / `.task { }`: the phase is the caller (`ContentView.onAppear`).
                if let call = callTaking(closure), case let callee = calleeName(call.calledExpression), screenModifiers.contains(callee) { return .some(callee) }
                guard closure.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == closure.id || runsWithoutUserAction(closure)
                        || isViewContent(closure) else { return .some(nil) }
            }
            if let function = n.as(FunctionDeclSyntax.self) { return .some(key(of: function)) }
            if n.is(InitializerDeclSyntax.self) { return .some("init") }
            if let binding = n.as(PatternBindingSyntax.self), binding.initializer != nil,
               let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), typeDeclaration(owning: Syntax(variable)) != nil {
                return .some("init")
            }
            if let accessor = n.as(AccessorBlockSyntax.self) {
                // A SwiftUI `body` is evaluated as the view is shown: what it creates is created then.
                if let binding = accessor.parent?.as(PatternBindingSyntax.self), binding.pattern.trimmedDescription == "body",
                   let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), typeDeclaration(owning: Syntax(variable)) != nil {
                    return .some("body")
                }
                return .some(nil)
            }
            if n.is(DeinitializerDeclSyntax.self) { return .some(nil) }
            return nil
        }

        /// What a walk up from `node`'s parent answers, `step` deciding at each ancestor (an answer,
        /// or `nil` to go on; `end` past the root), with the answers shared through `cache`: each
        /// ancestor passed keeps the answer, so the calls nested in one another (`f(g(h(…)))`, each
        /// walking up) cost the depth of the tree once, not once each. The answer of a walk from
        /// an ancestor depends on nothing below it.
        static func sharedWalk<T>(from node: Syntax, cache: inout [SyntaxIdentifier: T], end: T, _ step: (Syntax) -> T?) -> T {
            var passed: [SyntaxIdentifier] = []
            var current = node.parent
            var answer = end
            while let n = current {
                if let known = cache[n.id] { answer = known; break }
                passed.append(n.id)
                if let decided = step(n) { answer = decided; break }
                current = n.parent
            }
            for id in passed { cache[id] = answer }
            return answer
        }

        private var typedCallers: [SyntaxIdentifier: String?] = [:]
        private var enclosingTypes: [SyntaxIdentifier: (name: String, isMain: Bool)?] = [:]
        private var screenPhases: [SyntaxIdentifier: String?] = [:]
        private var contexts: [SyntaxIdentifier: (CallContext, String?)] = [:]

        /// ``enclosingType(of:)`` with the walk shared (``sharedWalk(from:cache:end:_:)``).
        func sharedEnclosingType(of node: Syntax) -> (name: String, isMain: Bool)? {
            Self.sharedWalk(from: node, cache: &enclosingTypes, end: nil, Self.enclosingTypeStep)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            if Self.isMain(node.attributes) { result.rootTypes.insert(node.name.text) }
            result.declaredTypes.insert(node.name.text)
            noteConformances(of: node.name.text, node.inheritanceClause)
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            if Self.isMain(node.attributes) { result.rootTypes.insert(node.name.text) }
            result.declaredTypes.insert(node.name.text)
            noteConformances(of: node.name.text, node.inheritanceClause)
            return .visitChildren
        }

        /// Records the protocols (and superclass) `type` declares, for LOC021's chains through a
        /// protocol (`locationManager.request()` on a `LocationManager` protocol reaches the one
        /// class that conforms).
        func noteConformances(of type: String, _ clause: InheritanceClauseSyntax?) {
            for inherited in clause?.inheritedTypes ?? [] {
                if let name = SwiftReceiverTypes.typeName(inherited.type) { result.conformances[name, default: []].insert(type) }
            }
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            result.declaredProtocols.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            result.declaredTypes.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            result.declaredTypes.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            result.declaredTypes.insert(node.extendedType.trimmedDescription)
            noteConformances(of: node.extendedType.trimmedDescription, node.inheritanceClause)
            return .visitChildren
        }

        /// Whether `attributes` contain `@main` or `@UIApplicationMain`/`@NSApplicationMain`.
        static func isMain(_ attributes: AttributeListSyntax) -> Bool {
            attributes.contains { ["main", "UIApplicationMain", "NSApplicationMain"].contains($0.as(AttributeSyntax.self)?.attributeName.trimmedDescription ?? "") }
        }

        /// The innermost type declaration or extension around `node`: its name and whether it is the `@main` type.
        static func enclosingType(of node: Syntax) -> (name: String, isMain: Bool)? {
            var current = node.parent
            while let n = current {
                if let answer = enclosingTypeStep(n) { return answer }
                current = n.parent
            }
            return nil
        }

        /// ``enclosingType(of:)``'s answer at ancestor `n`, or `nil` to go on to its parent.
        static func enclosingTypeStep(_ n: Syntax) -> (name: String, isMain: Bool)?? {
            if let c = n.as(ClassDeclSyntax.self) { return .some((c.name.text, isMain(c.attributes))) }
            if let s = n.as(StructDeclSyntax.self) { return .some((s.name.text, isMain(s.attributes))) }
            if let a = n.as(ActorDeclSyntax.self) { return .some((a.name.text, false)) }
            if let e = n.as(EnumDeclSyntax.self) { return .some((e.name.text, false)) }
            if let x = n.as(ExtensionDeclSyntax.self) { return .some((x.extendedType.trimmedDescription, false)) }
            return nil
        }

        /// The type whose member `declaration` is (the declaration sits directly in its member block).
        static func typeDeclaration(owning declaration: Syntax) -> (name: String, isMain: Bool)? {
            guard declaration.parent?.is(MemberBlockItemSyntax.self) == true else { return nil }
            return enclosingType(of: declaration)
        }

        static let screenFunctions: Set<String> = ["viewDidLoad", "viewWillAppear:", "viewDidAppear:", "loadView"]

        /// The phase of screen or app-object creation the node runs in: an initializer or stored
        /// property's initial value (`init`), a view controller's `viewDidLoad`/`viewWillAppear:`/
        /// `viewDidAppear:`/`loadView`, or a SwiftUI `.onAppear`/`.task` closure; `nil` elsewhere
        /// (another closure, such as a button's action, or another function).
        func screenPhase(of node: Syntax) -> String? {
            Self.sharedWalk(from: node, cache: &screenPhases, end: nil, Self.screenPhaseStep)
        }

        /// ``screenPhase(of:)``'s answer at ancestor `n`, or `nil` to go on to its parent.
        static func screenPhaseStep(_ n: Syntax) -> String?? {
            if let closure = n.as(ClosureExprSyntax.self) {
                // `let manager: CLLocationManager = { … }()`: a closure called at once.
                if closure.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == closure.id { return nil }
                guard let call = callTaking(closure) else { return .some(nil) }
                let callee = calleeName(call.calledExpression)
                if screenModifiers.contains(callee) { return .some(callee) }
                // `DispatchQueue.main.async { … }`, `Task { … }` in `viewDidLoad` still run as the screen is created.
                guard runsWithoutUserAction(closure) else { return .some(nil) }
                return nil
            }
            if n.is(InitializerDeclSyntax.self) { return .some("init") }
            if let function = n.as(FunctionDeclSyntax.self) {
                let key = key(of: function)
                return .some(screenFunctions.contains(key) ? key : nil)
            }
            if let binding = n.as(PatternBindingSyntax.self), binding.initializer != nil,
               let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), typeDeclaration(owning: Syntax(variable)) != nil {
                return .some("init")
            }
            if n.is(AccessorBlockSyntax.self) { return .some(nil) }
            return nil
        }

        /// The conditions of the `#if` clauses around `node`, outermost first.
        static func compilationConditions(of node: Syntax) -> [String] {
            var conditions = [String]()
            var current = node.parent
            while let n = current {
                if let clause = n.as(IfConfigClauseSyntax.self) {
                    if let condition = clause.condition {
                        conditions.append(condition.trimmedDescription)
                    } else if let block = clause.parent?.parent?.as(IfConfigDeclSyntax.self), let first = block.clauses.first?.condition {
                        conditions.append("!(\(first.trimmedDescription))")
                    }
                }
                current = n.parent
            }
            return conditions.reversed()
        }

        // MARK: Timed answers

        /// The callees that deliver an answer: continuations, promises, completion handlers.
        static let answerCallees: Set<String> = ["resume", "fulfill", "resolve", "succeed", "yield", "send", "promise", "completion", "completionHandler", "callback", "handler"]

        /// The authorization status a call such as `continuation.resume(returning: .denied)` or
        /// `promise(.success(.authorizedAlways))` answers with, when written literally; `nil` for other
        /// calls and for `.notDetermined` (no answer claimed).
        static func answeredStatus(_ node: FunctionCallExprSyntax) -> String? {
            guard answerCallees.contains(calleeName(node.calledExpression)) else { return nil }
            let tokens = Array(node.arguments.tokens(viewMode: .sourceAccurate))
            for (index, token) in tokens.enumerated() {
                let text = token.text
                if index > 0, tokens[index - 1].text == ".", SwiftSourceScanner.statusNames.contains(text), text != "notDetermined" { return text }
                if text.hasPrefix("kCLAuthorizationStatus"), text != "kCLAuthorizationStatusNotDetermined" { return text }
            }
            return nil
        }

        /// The timer the node runs from: a closure given to `asyncAfter`, `scheduledTimer`,
        /// `Timer(…)`, `schedule(after:)` or `perform(…afterDelay:)`, or code after a `Task.sleep`
        /// in the same closure or function.
        func timer(around node: Syntax) -> String? {
            var current = node.parent
            while let n = current {
                if let closure = n.as(ClosureExprSyntax.self) {
                    if let call = Self.callTaking(closure) {
                        let callee = Self.calleeName(call.calledExpression)
                        if ["asyncAfter", "scheduledTimer", "Timer", "schedule"].contains(callee) { return callee }
                    }
                    if Self.sleepsBefore(node, in: Syntax(closure.statements)) { return "Task.sleep" }
                }
                if let function = n.as(FunctionDeclSyntax.self) {
                    if let body = function.body, Self.sleepsBefore(node, in: Syntax(body)) { return "Task.sleep" }
                    return nil
                }
                current = n.parent
            }
            return nil
        }

        /// Whether `Task.sleep` is called in `scope` before `node`.
        static func sleepsBefore(_ node: Syntax, in scope: Syntax) -> Bool {
            let before = scope.description.utf8.prefix(max(0, node.position.utf8Offset - scope.position.utf8Offset))
            return String(decoding: before, as: UTF8.self).contains("Task.sleep")
        }

        // MARK: Context

        /// The innermost lifecycle context: an observer closure, or a lifecycle function.
        func context(of node: Syntax) -> (CallContext, String?) {
            Self.sharedWalk(from: node, cache: &contexts, end: (.unknown, nil), Self.contextStep)
        }

        /// ``context(of:)``'s answer at ancestor `n`, or `nil` to go on to its parent.
        static func contextStep(_ n: Syntax) -> (CallContext, String?)? {
            if let closure = n.as(ClosureExprSyntax.self), let call = callTaking(closure) {
                let callee = calleeName(call.calledExpression)
                let argumentText = call.arguments.filter { !$0.expression.is(ClosureExprSyntax.self) }.map(\.trimmedDescription).joined(separator: ",")
                    + " " + call.calledExpression.trimmedDescription
                if let context = CallContext.of(observedName: argumentText) { return (context, "\(callee) observer") }
                if callee == "onChange", argumentText.contains("scenePhase") { return (.foreground, "onChange(of: scenePhase)") }
                if callee == "register", call.arguments.contains(where: { $0.label?.text == "forTaskWithIdentifier" }) { return (.background, "BGTaskScheduler task") }
            }
            if let function = n.as(FunctionDeclSyntax.self) {
                let key = key(of: function)
                return (CallContext.of(function: key) ?? .unknown, key)
            }
            return nil
        }

        func enclosingFunction(of node: Syntax) -> String? {
            var current = node.parent
            while let n = current {
                if let function = n.as(FunctionDeclSyntax.self) { return Self.key(of: function) }
                current = n.parent
            }
            return nil
        }

        /// Statuses of the innermost status branch the node is in, at any depth: a `case
        /// .authorizedWhenInUse:` of a switch on the status, an `if`, `guard` (the code after it)
        /// or `if case` whose condition compares the status with `==`. Branches on other things
        /// (`if !asked`, `switch mode`) and closures that run at once (called in place, `forEach`,
        /// `DispatchQueue.main.async`, …) are looked through; a `!=` or negated status test, a
        /// `default:` of a status switch, or another closure ends the search with none.
        func branchStatuses(of node: Syntax) -> [String] {
            var current = node.parent
            var child = node
            while let n = current {
                if n.is(FunctionDeclSyntax.self) || n.is(AccessorBlockSyntax.self) { return [] }
                if let closure = n.as(ClosureExprSyntax.self), !Self.runsAtOnce(closure) { return [] }
                if let switchCase = n.as(SwitchCaseSyntax.self) {
                    switch Self.statuses(of: switchCase) {
                    case .statuses(let names): return names
                    case .unclear: return []
                    case .none: break
                    }
                }
                if let ifExpr = n.as(IfExprSyntax.self), child.id == ifExpr.body.id {
                    switch Self.statuses(in: ifExpr.conditions) {
                    case .statuses(let names): return names
                    case .unclear: return []
                    case .none: break
                    }
                }
                // `guard status == .authorizedWhenInUse else { return }` before the node in its block.
                if let items = n.as(CodeBlockItemListSyntax.self) {
                    for item in items.reversed() where item.endPosition <= child.position {
                        guard let guardStatement = item.item.as(GuardStmtSyntax.self) else { continue }
                        switch Self.statuses(in: guardStatement.conditions) {
                        case .statuses(let names): return names
                        case .unclear: return []
                        case .none: continue
                        }
                    }
                }
                child = n
                current = n.parent
            }
            return []
        }

        /// What a condition or case says about the authorization status.
        enum StatusTest {
            /// It says nothing about it.
            case none
            /// The branch runs only for these statuses.
            case statuses([String])
            /// It tests the status in a way lint does not read (`!=`, `!`, `default:`).
            case unclear
        }

        /// The statuses a condition list tests with `==` (or `if case .x = status`): the first
        /// element that names a status decides.
        static func statuses(in conditions: ConditionElementListSyntax) -> StatusTest {
            for element in conditions {
                let tokens = Array(element.tokens(viewMode: .sourceAccurate))
                let named = tokens.indices.filter { $0 > 0 && tokens[$0 - 1].text == "." && SwiftSourceScanner.statusNames.contains(tokens[$0].text) }
                guard !named.isEmpty else { continue }
                if tokens.contains(where: { $0.text == "!=" || $0.text == "!" }) { return .unclear }
                var names = [String]()
                for (i, token) in tokens.enumerated() where token.text == "==" {
                    if i + 2 < tokens.count, tokens[i + 1].text == ".", SwiftSourceScanner.statusNames.contains(tokens[i + 2].text) { names.append(tokens[i + 2].text) }
                }
                if tokens.first?.text == "case" { names += named.map { tokens[$0].text } }
                return names.isEmpty ? .unclear : .statuses(names)
            }
            return .none
        }

        /// The statuses a `case` label matches; a `default:` of a switch whose cases name
        /// statuses is unclear, of another switch says nothing.
        static func statuses(of switchCase: SwitchCaseSyntax) -> StatusTest {
            guard case .case(let label) = switchCase.label else {
                let siblings = switchCase.parent?.as(SwitchCaseListSyntax.self).map(Array.init) ?? []
                let namesStatuses = siblings.contains { sibling in
                    guard case .switchCase(let other) = sibling, case .case(let otherLabel) = other.label else { return false }
                    return otherLabel.caseItems.contains { $0.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self).map { SwiftSourceScanner.statusNames.contains($0.declName.baseName.text) } ?? false }
                }
                return namesStatuses ? .unclear : .none
            }
            var names = [String]()
            for item in label.caseItems {
                guard let expr = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self) else { return .none }
                names.append(expr.declName.baseName.text)
            }
            if names.allSatisfy(SwiftSourceScanner.statusNames.contains) { return .statuses(names) }
            return names.contains(where: SwiftSourceScanner.statusNames.contains) ? .unclear : .none
        }

        /// Whether a closure runs at once where it is written: called in place, or given to a
        /// synchronous collection or queue call (`forEach`, `map`, `sync`, `autoreleasepool`, …)
        /// or to `DispatchQueue.main.async` (it runs as soon as the current callback returns, with
        /// the same status).
        static func runsAtOnce(_ closure: ClosureExprSyntax) -> Bool {
            if closure.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == closure.id { return true }
            guard let call = callTaking(closure) else { return false }
            let callee = calleeName(call.calledExpression)
            if callee == "async" { return call.calledExpression.trimmedDescription.hasSuffix("main.async") }
            return synchronousClosureCallees.contains(callee)
        }

        static let synchronousClosureCallees: Set<String> = [
            "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "contains", "first", "allSatisfy", "sorted",
            "sync", "autoreleasepool", "withExtendedLifetime", "performAndWait",
        ]

        /// How the code waits for the answer without a way out, if it does.
        func unboundedWait(of node: Syntax) -> String? {
            var current = node.parent
            while let n = current {
                if let closure = n.as(ClosureExprSyntax.self), let call = Self.callTaking(closure) {
                    let callee = Self.calleeName(call.calledExpression)
                    if SwiftSourceScanner.continuationFunctions.contains(callee) { return hasEscape ? nil : callee }
                }
                if let function = n.as(FunctionDeclSyntax.self) {
                    let body = function.body?.description ?? ""
                    if body.contains("DispatchSemaphore"), body.contains(".wait()") { return "DispatchSemaphore.wait()" }
                    return nil
                }
                current = n.parent
            }
            return nil
        }

        // MARK: Syntax helpers

        /// The call a closure is an argument or trailing closure of.
        static func callTaking(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
            var parent = closure.parent
            if parent?.is(LabeledExprSyntax.self) == true { parent = parent?.parent?.parent }
            if parent?.is(MultipleTrailingClosureElementSyntax.self) == true { parent = parent?.parent?.parent }
            return parent?.as(FunctionCallExprSyntax.self)
        }

        /// `foo` for `foo(…)`, `a.b.foo(…)`, `foo<T>(…)`.
        static func calleeName(_ expr: some SyntaxProtocol) -> String {
            if let member = expr.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
            if let ref = expr.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
            if let generic = expr.as(GenericSpecializationExprSyntax.self) { return calleeName(generic.expression) }
            return ""
        }

        /// Whether `node` is `type(…)` or `type.init(…)`.
        static func isCreation(of type: String, _ node: FunctionCallExprSyntax) -> Bool {
            let name = calleeName(node.calledExpression)
            return name == type || (name == "init" && baseName(node.calledExpression) == type)
        }

        /// `CLServiceSession` for `CLServiceSession.init`, `CLLocationUpdate` for `CLLocationUpdate.liveUpdates`.
        static func baseName(_ expr: ExprSyntax) -> String {
            guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base else { return "" }
            return calleeName(base)
        }

        /// The value of a simple string literal.
        static func stringLiteral(_ expr: ExprSyntax) -> String? {
            guard let literal = expr.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                  let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
            return segment.content.text
        }

        /// `application:didFinishLaunchingWithOptions:` for `func application(_:didFinishLaunchingWithOptions:)`.
        static func key(of function: FunctionDeclSyntax) -> String {
            let parameters = function.signature.parameterClause.parameters
            guard !parameters.isEmpty else { return function.name.text }
            var key = function.name.text + ":"
            for parameter in parameters.dropFirst() { key += parameter.firstName.text + ":" }
            return key
        }
    }
}
