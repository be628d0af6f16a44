import Foundation
import SwiftParser
import SwiftSyntax

/// Reads the targets of a Tuist project (`Project.swift`) with swift-syntax; no Tuist binary is
/// run and no manifest code is executed.
///
/// A target is a `Target(…)`, `.target(…)` or `Target.target(…)` call with a `name:` argument,
/// written in `Project.swift` or in a function of the project's `ProjectDescriptionHelpers`
/// (`Tuist/ProjectDescriptionHelpers`, a plugin's helpers) that `Project.swift` calls: the
/// function's parameters take the call's arguments or their defaults, up to
/// ``maximumHelperDepth`` calls deep. Read from each target: `name`, `product`, `destinations` or
/// `platform`, `deploymentTargets` or `deploymentTarget`, `sources` and `buildableFolders` (a
/// glob's folder before its first wildcard), `infoPlist` (`.default`, `.extendingDefault(with:)`,
/// `.dictionary(…)`, `.file(path:)`, a path literal) and `settings: .settings(base: […])` for
/// `INFOPLIST_KEY_…`. Values are literals (`"…"`, `.string("…")`, `.array(…)`, `true`, string
/// interpolation of known values) or names of constants and single-expression computed properties
/// or functions declared in the manifest or its helpers (`Project.infoPlist`). A target whose name
/// or Info.plist cannot be evaluated is reported (LOC031), never guessed.
enum TuistManifest {
    /// How many helper calls deep targets are followed: 3.
    static let maximumHelperDepth = 3

    /// Whether `data` is a Tuist manifest (it imports `ProjectDescription`).
    static func isManifest(_ data: Data) -> Bool {
        ByteSearch.Needles(["import ProjectDescription"]).occur(in: data)
    }

    /// The targets of the manifest at `path`, with `helpers` (paths of the helper sources) and
    /// `root` (the folder `.relativeToRoot` paths start from).
    static func load(_ path: String, helpers: [String], root: String, log: InputLog) throws -> [ProjectTarget] {
        let manifest = try parse(path, log: log)
        guard let manifest else { return [] }
        var files = [manifest]
        for helper in helpers.sorted() {
            if let parsed = try parse(helper, log: log) { files.append(parsed) }
        }
        var reader = Reader(manifest: path, root: root, files: files, log: log)
        reader.collectDeclarations()
        reader.collectTargets(in: Syntax(manifest.tree), env: Environment(), depth: 0)
        if reader.targets.isEmpty, !reader.unevaluated.isEmpty {
            let first = reader.unevaluated[0]
            log.targetNotLinted((path as NSString).lastPathComponent, reason: "Tuist targets not evaluated",
                                message: "Tuist project: its targets are made by \(first.what), which lint does not evaluate; no target of this manifest is linted as an app", at: first.location)
        }
        return reader.targets
    }

    /// A parsed Swift file.
    struct File {
        var path: String
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter
    }

    static func parse(_ path: String, log: InputLog) throws -> File? {
        let data = try RegularFile.contents(of: path)
        let text = String(decoding: data, as: UTF8.self)
        if let refusal = SwiftParseGuard.refusal(SwiftLexicalScan(Array(text.utf8)), path: path) {
            log.targetNotLinted((path as NSString).lastPathComponent, reason: "manifest not analysed", message: "Tuist manifest not analysed: \(refusal.message)", at: refusal.location)
            return nil
        }
        let tree = Parser.parse(source: text)
        return File(path: path, tree: tree, converter: SourceLocationConverter(fileName: path, tree: tree))
    }

    /// A value of the manifest language, as far as lint evaluates it.
    indirect enum Value {
        case string(String)
        case bool(Bool)
        case array([Value])
        case dictionary([(key: String, value: Value, location: SourceLocation)])
        /// `.name(arguments)` or `Type.name(…)`, the arguments by label (`_` for none).
        case member(String, [(label: String, value: Value)])
        case unknown

        var string: String? { if case .string(let s) = self { return s } else { return nil } }

        /// The argument labelled `label` of a `.member(…)`.
        func argument(_ label: String) -> Value? {
            guard case .member(_, let arguments) = self else { return nil }
            return arguments.first { $0.label == label }?.value
        }

        /// The member's name (`app` for `.app`).
        var memberName: String? { if case .member(let name, _) = self { return name } else { return nil } }
    }

    /// What a name means where an expression is evaluated: a helper function's parameters.
    struct Environment {
        var bindings: [String: (expression: ExprSyntax, environment: Box)] = [:]

        /// The environment an argument is evaluated in.
        final class Box {
            let environment: Environment
            init(_ environment: Environment) { self.environment = environment }
        }
    }

    private struct Reader {
        let manifest: String
        let root: String
        let files: [File]
        let log: InputLog
        /// Constants and single-expression properties by name (`infoPlist` for `Project.infoPlist`).
        var constants: [String: ExprSyntax] = [:]
        /// Functions by base name.
        var functions: [String: FunctionDeclSyntax] = [:]
        var targets: [ProjectTarget] = []
        /// Target-making calls that could not be followed.
        var unevaluated: [(what: String, location: SourceLocation)] = []
        var evaluations = 0

        init(manifest: String, root: String, files: [File], log: InputLog) {
            self.manifest = manifest
            self.root = root
            self.files = files
            self.log = log
        }

        func location(of node: some SyntaxProtocol) -> SourceLocation {
            for file in files where file.tree.id == node.root.id {
                let position = node.startLocation(converter: file.converter)
                return SourceLocation(file: file.path, line: position.line, column: position.column)
            }
            return SourceLocation(file: manifest)
        }

        mutating func collectDeclarations() {
            for file in files {
                for node in Self.nodes(in: Syntax(file.tree)) {
                    if let binding = node.as(PatternBindingSyntax.self), let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        if let value = binding.initializer?.value, constants[name] == nil { constants[name] = value }
                        if case .getter(let body)? = binding.accessorBlock?.accessors, let only = Self.singleExpression(body), constants[name] == nil {
                            constants[name] = only
                        }
                    } else if let function = node.as(FunctionDeclSyntax.self), functions[function.name.text] == nil {
                        functions[function.name.text] = function
                    }
                }
            }
        }

        /// The nodes of a tree, depth first (declarations are looked up by name across files).
        static func nodes(in root: Syntax) -> [Syntax] {
            var result = [Syntax]()
            var stack = [root]
            while let node = stack.popLast() {
                result.append(node)
                stack.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
            }
            return result
        }

        /// The expression a body of one statement returns (`{ .extendingDefault(…) }`, `{ return x }`).
        static func singleExpression(_ items: CodeBlockItemListSyntax) -> ExprSyntax? {
            guard items.count == 1, let item = items.first?.item else { return nil }
            if let expression = item.as(ExprSyntax.self) { return expression }
            if let returned = item.as(ReturnStmtSyntax.self) { return returned.expression }
            return nil
        }

        /// `foo` for `foo(…)`, `a.foo(…)`, `.foo(…)`.
        static func calleeName(_ expression: ExprSyntax) -> String {
            if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
            if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            return ""
        }

        // MARK: Targets

        /// Whether `call` makes a target: `Target(name:…)`, `.target(name:…)`, `Target.target(…)`.
        static func isTargetConstructor(_ call: FunctionCallExprSyntax) -> Bool {
            guard call.arguments.contains(where: { $0.label?.text == "name" }) else { return false }
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "Target" }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
            let name = member.declName.baseName.text
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            return (name == "target" && (base == nil || base == "Target")) || (name == "init" && base == "Target")
        }

        mutating func collectTargets(in node: Syntax, env: Environment, depth: Int) {
            for child in node.children(viewMode: .sourceAccurate) {
                guard let call = child.as(FunctionCallExprSyntax.self) else {
                    collectTargets(in: child, env: env, depth: depth)
                    continue
                }
                if Self.isTargetConstructor(call) {
                    makeTarget(call, env: env)
                    continue
                }
                let callee = Self.calleeName(call.calledExpression)
                if let function = functions[callee], let body = function.body {
                    if depth < TuistManifest.maximumHelperDepth {
                        collectTargets(in: Syntax(body), env: bind(function, to: call, in: env), depth: depth + 1)
                    } else if Self.nodes(in: Syntax(body)).contains(where: { $0.as(FunctionCallExprSyntax.self).map(Self.isTargetConstructor) ?? false }) {
                        unevaluated.append(("helpers nested more than \(TuistManifest.maximumHelperDepth) calls deep (\(callee))", location(of: call)))
                    }
                }
                collectTargets(in: child, env: env, depth: depth)
            }
        }

        /// The environment of `function`'s body called as `call`: each parameter bound to its
        /// argument (by label, then position) or its default value.
        func bind(_ function: FunctionDeclSyntax, to call: FunctionCallExprSyntax, in env: Environment) -> Environment {
            var bound = Environment()
            let caller = Environment.Box(env)
            let definition = Environment.Box(Environment())
            var arguments = Array(call.arguments)
            for parameter in function.signature.parameterClause.parameters {
                let label = parameter.firstName.text
                let name = (parameter.secondName ?? parameter.firstName).text
                let index = arguments.firstIndex { ($0.label?.text ?? "_") == label }
                if let index {
                    bound.bindings[name] = (arguments[index].expression, caller)
                    arguments.remove(at: index)
                } else if let value = parameter.defaultValue?.value {
                    bound.bindings[name] = (value, definition)
                }
            }
            if let trailing = call.trailingClosure, let last = function.signature.parameterClause.parameters.last {
                bound.bindings[(last.secondName ?? last.firstName).text] = (ExprSyntax(trailing), caller)
            }
            return bound
        }

        // MARK: Evaluation

        mutating func evaluate(_ expression: ExprSyntax, _ env: Environment, depth: Int = 0) -> Value {
            evaluations += 1
            guard depth < 32, evaluations < 100_000 else { return .unknown }
            if let literal = expression.as(StringLiteralExprSyntax.self) {
                var text = ""
                for segment in literal.segments {
                    if let plain = segment.as(StringSegmentSyntax.self) {
                        text += plain.content.text
                    } else if let interpolation = segment.as(ExpressionSegmentSyntax.self), interpolation.expressions.count == 1,
                              let inner = interpolation.expressions.first?.expression, let value = evaluate(inner, env, depth: depth + 1).string {
                        text += value
                    } else {
                        return .unknown
                    }
                }
                return .string(text)
            }
            if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return .bool(boolean.literal.tokenKind == .keyword(.true)) }
            if let number = expression.as(IntegerLiteralExprSyntax.self) { return .string(number.literal.text) }
            if let number = expression.as(FloatLiteralExprSyntax.self) { return .string(number.literal.text) }
            if let array = expression.as(ArrayExprSyntax.self) { return .array(array.elements.map { evaluate($0.expression, env, depth: depth + 1) }) }
            if let dictionary = expression.as(DictionaryExprSyntax.self) {
                guard case .elements(let elements) = dictionary.content else { return .dictionary([]) }
                var entries = [(key: String, value: Value, location: SourceLocation)]()
                for element in elements {
                    guard let key = evaluate(element.key, env, depth: depth + 1).string else { continue }
                    entries.append((key, evaluate(element.value, env, depth: depth + 1), location(of: element.key)))
                }
                return .dictionary(entries)
            }
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if let bound = env.bindings[name] { return evaluate(bound.expression, bound.environment.environment, depth: depth + 1) }
                if let constant = constants[name] { return evaluate(constant, Environment(), depth: depth + 1) }
                return .unknown
            }
            if let member = expression.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                // `Project.infoPlist`, `.defaultApp`: a constant or property of that name.
                if member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true,
                   let constant = constants[name] {
                    return evaluate(constant, Environment(), depth: depth + 1)
                }
                return .member(name, [])
            }
            if let call = expression.as(FunctionCallExprSyntax.self) {
                let name = Self.calleeName(call.calledExpression)
                let arguments = call.arguments.map { (label: $0.label?.text ?? "_", value: evaluate($0.expression, env, depth: depth + 1)) }
                switch name {
                case "string", "boolean", "integer", "real", "array", "dictionary":
                    // `Plist.Value` cases: the value itself.
                    if arguments.count == 1, name != "dictionary" || call.calledExpression.as(MemberAccessExprSyntax.self)?.base == nil { return arguments[0].value }
                default:
                    break
                }
                if let function = functions[name], let body = function.body, let only = Self.singleExpression(body.statements) {
                    return evaluate(only, bind(function, to: call, in: env), depth: depth + 1)
                }
                return .member(name, arguments)
            }
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                return evaluate(only.expression, env, depth: depth + 1)
            }
            return .unknown
        }

        // MARK: One target

        mutating func makeTarget(_ call: FunctionCallExprSyntax, env: Environment) {
            var arguments = [String: ExprSyntax]()
            for argument in call.arguments { if let label = argument.label?.text { arguments[label] = argument.expression } }
            let at = location(of: call)
            func value(_ label: String) -> Value? { arguments[label].map { evaluate($0, env) } }
            guard let name = value("name")?.string else {
                unevaluated.append(("a target whose name lint cannot evaluate", at))
                log.targetNotLinted("?", reason: "name not evaluated", message: "Tuist target: its name is not a literal or a known value, so the target is not linted", at: at)
                return
            }
            let product = value("product")?.memberName ?? "app"
            let kind = Self.kind(ofProduct: product)
            let directory = (manifest as NSString).deletingLastPathComponent
            var platform: String?
            var deployment: String?
            if let destinations = value("destinations") { platform = Self.platform(ofDestinations: destinations) }
            if let old = value("platform")?.memberName { platform = Self.platformName(old) }
            if let targets = value("deploymentTargets") ?? value("deploymentTarget") {
                (platform, deployment) = Self.deployment(targets, platform: platform)
            }
            var settings = BuildSettings(["SRCROOT": directory, "PROJECT_DIR": directory, "TARGET_NAME": name, "PRODUCT_NAME": name])
            if case .member(_, let settingArguments)? = value("settings"),
               case .dictionary(let base)? = settingArguments.first(where: { $0.label == "base" })?.value {
                var values = [String: String]()
                var origins = [String: SourceLocation]()
                for entry in base {
                    guard let text = Self.settingText(entry.value) else { continue }
                    values[entry.key] = text
                    origins[entry.key] = entry.location
                }
                settings.overlay(BuildSettings(values, origins: origins))
            }
            var made = ProjectTarget(name: name, kind: kind, projectFile: manifest, projectDirectory: directory, infoPlistPath: nil,
                                     settings: settings, extraInfo: [:], sourceRoots: [], platformName: platform, deploymentTarget: deployment)
            made.declaration = at
            made.isAppClip = product == "appClip"
            for (key, text) in settings.values where key.hasPrefix("INFOPLIST_KEY_") {
                made.extraInfo[String(key.dropFirst("INFOPLIST_KEY_".count))] = DeclaredValue(text: settings.resolve(text), raw: text, location: settings.origins[key] ?? at)
            }
            for label in ["sources", "buildableFolders"] {
                guard let sources = value(label) else { continue }
                made.sourceRoots += Self.globs(sources).map { resolvePath($0, in: directory) }.map(Self.globRoot)
            }
            var understood = true
            switch value("infoPlist") {
            case nil, .member("default", _)?:
                made.generatesInfoPlist = true
            case .string(let file)?:
                made.infoPlistPath = resolvePath(file, in: directory)
            case .member("file", let fileArguments)?:
                if let file = fileArguments.first.flatMap({ Self.pathText($0.value) }) { made.infoPlistPath = resolvePath(file, in: directory) } else { understood = false }
            case .member("extendingDefault", let plistArguments)?, .member("dictionary", let plistArguments)?:
                if case .dictionary(let entries)? = plistArguments.first?.value {
                    made.generatesInfoPlist = true
                    for entry in entries { made.extraInfo[entry.key] = Self.declared(entry.value, settings: settings, at: entry.location) }
                } else {
                    understood = false
                }
            default:
                understood = false
            }
            if !understood, kind == .application || kind == .appExtension {
                log.targetNotLinted(name, reason: "Info.plist not evaluated",
                                    message: "Tuist target '\(name)': its infoPlist is not a literal lint can read (.default, .extendingDefault(with: […]), .dictionary(…), .file(path:)), so the target is not linted as an app", at: at)
                return
            }
            targets.append(made)
        }

        /// A `Path` argument: `"x"`, `.relativeToManifest("x")`, `.relativeToRoot("x")` (as `//x`).
        static func pathText(_ value: Value) -> String? {
            switch value {
            case .string(let text): return text
            case .member("relativeToManifest", let arguments): return arguments.first?.value.string
            case .member("relativeToRoot", let arguments): return arguments.first?.value.string.map { "//" + $0 }
            case .member("path", let arguments): return arguments.first.flatMap { pathText($0.value) }
            default: return nil
            }
        }

        /// An absolute path for a manifest path (`//x` is from the root).
        func resolvePath(_ text: String, in directory: String) -> String {
            if text.hasPrefix("//") { return FileInventory.absolute(root + "/" + text.dropFirst(2)) }
            return FileInventory.absolute(text.hasPrefix("/") ? text : directory + "/" + text)
        }

        /// The glob texts of a `sources` value: a string, a list, `.paths([…])`, `.glob(…)`.
        static func globs(_ value: Value) -> [String] {
            switch value {
            case .string(let text): return [text]
            case .array(let values): return values.flatMap(globs)
            case .member(_, let arguments): return arguments.first.map { globs($0.value) } ?? []
            default: return pathText(value).map { [$0] } ?? []
            }
        }

        /// The folder of a glob before its first wildcard component (`Sources/**` → `Sources`).
        static func globRoot(_ path: String) -> String {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            let fixed = parts.prefix { !$0.contains("*") && !$0.contains("?") && !$0.contains("{") && !$0.contains("[") }
            let folder = fixed.joined(separator: "/")
            return folder.isEmpty ? "/" : folder
        }

        /// The text of a build-setting value (`"x"`, `.string("x")`, `["a", "b"]`).
        static func settingText(_ value: Value) -> String? {
            switch value {
            case .string(let text): return text
            case .bool(let flag): return flag ? "YES" : "NO"
            case .array(let values): return values.compactMap(\.string).joined(separator: " ")
            case .member("array", let arguments): return arguments.first.flatMap { settingText($0.value) }
            default: return nil
            }
        }

        /// An Info.plist entry as lint reads it: text, a list joined by spaces (`UIBackgroundModes`),
        /// a dictionary's keys (`NSLocationTemporaryUsageDescriptionDictionary`), `YES`/`NO`.
        static func declared(_ value: Value, settings: BuildSettings, at location: SourceLocation) -> DeclaredValue {
            let raw: String?
            switch value {
            case .string(let text): raw = text
            case .bool(let flag): raw = flag ? "YES" : "NO"
            case .array(let values): raw = values.compactMap(\.string).joined(separator: " ")
            case .dictionary(let entries): raw = entries.map(\.key).joined(separator: " ")
            default: raw = nil
            }
            return DeclaredValue(text: raw.flatMap { settings.resolve($0) }, raw: raw ?? "", location: location)
        }

        /// The lint kind of a Tuist `Product`.
        static func kind(ofProduct product: String) -> ProjectTarget.Kind {
            switch product {
            case "app", "appClip", "watch2App": return .application
            case "unitTests", "uiTests": return .test
            case "framework", "staticFramework", "staticLibrary", "dynamicLibrary", "bundle", "macro", "xpc": return .framework
            default: return product.lowercased().contains("extension") ? .appExtension : .other
            }
        }

        /// `iOS`, `macOS`, … for `platform: .iOS`.
        static func platformName(_ name: String) -> String? {
            switch name.lowercased() {
            case "ios": return "iOS"
            case "macos": return "macOS"
            case "watchos": return "watchOS"
            case "tvos": return "tvOS"
            case "visionos": return "visionOS"
            default: return nil
            }
        }

        /// The platform of `destinations:` (`.iOS`, `[.iPhone, .iPad]`, `.macOS`, …).
        static func platform(ofDestinations value: Value) -> String? {
            switch value {
            case .member(let name, _):
                switch name {
                case "iPhone", "iPad", "macWithiPadDesign", "macCatalyst", "appleVisionWithiPadDesign": return "iOS"
                case "mac": return "macOS"
                case "appleWatch": return "watchOS"
                case "appleTv": return "tvOS"
                case "appleVision": return "visionOS"
                default: return platformName(name)
                }
            case .array(let values): return values.lazy.compactMap(platform(ofDestinations:)).first
            default: return nil
            }
        }

        /// The platform and version of `deploymentTargets: .iOS("17.0")`, `.multiplatform(iOS: …)`,
        /// or Tuist 3's `deploymentTarget: .iOS(targetVersion: "15.0", devices: …)`.
        static func deployment(_ value: Value, platform: String?) -> (String?, String?) {
            guard case .member(let name, let arguments) = value else { return (platform, nil) }
            if name == "multiplatform" {
                let chosen = arguments.first { platformName($0.label) == platform } ?? arguments.first { $0.value.string != nil }
                return (chosen.flatMap { platformName($0.label) } ?? platform, chosen?.value.string)
            }
            let version = arguments.first { $0.label == "_" || $0.label == "targetVersion" }?.value.string
            return (platformName(name) ?? platform, version)
        }
    }
}
