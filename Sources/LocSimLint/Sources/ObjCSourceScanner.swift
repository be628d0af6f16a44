import Foundation

/// Finds location requests and related calls in Objective-C (`.m`, `.mm`) lexically.
///
/// No Objective-C parser is available, so comments and string literals are blanked first (so a
/// commented-out request is not reported), then method definitions and messages are matched.
/// Lifecycle contexts come from the enclosing method's selector; status branches are not
/// analysed in Objective-C. Sessions are recognized as messages to their class:
/// `[[CLServiceSession alloc] initWithAuthorization:…]`, `[CLServiceSession
/// sessionRequiringAuthorization:…]`, `[CLBackgroundActivitySession backgroundActivitySession]`,
/// `[CLMonitor requestMonitorWithConfiguration:…]`.
public enum ObjCSourceScanner {
    /// Scans `text` (the contents of `path`), within the budget of `SourceParseBudget` (a thread
    /// with a 1 GiB stack, 8 seconds of its CPU time): text the scan does not finish in time gives a ``SourceNote``
    /// (`LOC016`) instead.
    public static func scan(text: String, path: String) -> SourceScan {
        guard let scan = SourceParseBudget.run({ scanText(text, path: path) }) else {
            return SourceScan(notes: [SourceNote(location: SourceLocation(file: path),
                                                 message: "Objective-C analysis took longer than \(Int(SourceParseBudget.timeLimit)) s: stopped, its location calls are not checked")])
        }
        return scan
    }

    /// Scans `text` on the calling thread.
    private static func scanText(_ text: String, path: String) -> SourceScan {
        let (code, strings) = blankCommentsAndStrings(utf16Units(text))
        // ASCII code (comments and strings blanked): the patterns are matched by hand; other code
        // goes through the regular expressions, on the code as a string.
        let ascii = isASCII(code)
        let codeText = ascii ? "" : string(code[...])
        let length = code.count
        /// `NSString.substring(with:)` of the code.
        func substring(_ location: Int, _ count: Int) -> String { string(code[location..<location + count]) }
        let lineStarts = Self.lineStarts(code)
        func location(_ offset: Int) -> SourceLocation {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
            }
            return SourceLocation(file: path, line: low + 1, column: offset - lineStarts[low] + 1)
        }

        // Method definitions: (start offset, selector).
        let methods = methodDefinitions(code).map { (offset: $0.offset, selector: selector(ofSignature: code[$0.signature])) }
        func method(at offset: Int) -> (index: Int, selector: String)? {
            // The last method starting at or before `offset` (binary search: methods are in order).
            var low = 0, high = methods.count
            while low < high {
                let mid = (low + high) / 2
                if methods[mid].offset <= offset { low = mid + 1 } else { high = mid }
            }
            return low == 0 ? nil : (low - 1, methods[low - 1].selector)
        }
        func body(ofMethod index: Int) -> String {
            let start = methods[index].offset
            let end = index + 1 < methods.count ? methods[index + 1].offset : length
            return substring(start, end - start)
        }
        var waits = [Int: String?]()
        func unboundedWait(inMethod index: Int) -> String? {
            if let known = waits[index] { return known }
            let text = body(ofMethod: index)
            let wait: String? = text.contains("dispatch_semaphore_wait") && text.contains("DISPATCH_TIME_FOREVER") ? "dispatch_semaphore_wait(…, DISPATCH_TIME_FOREVER)" : nil
            waits[index] = wait
            return wait
        }
        func stringLiteral(after offset: Int, within limit: Int = 40) -> String? {
            // The first literal at or after `offset` (binary search: literals are in order).
            var low = 0, high = strings.count
            while low < high {
                let mid = (low + high) / 2
                if strings[mid].offset < offset { low = mid + 1 } else { high = mid }
            }
            return low < strings.count && strings[low].offset <= offset + limit ? strings[low].value : nil
        }

        // `@implementation Name` offsets, for the class a call is in (LOC021's first screen).
        let implementations = ascii
            ? implementationMatches(code).map { (offset: $0.offset, name: string(code[$0.name])) }
            : implementationRegex.matches(in: codeText, range: NSRange(location: 0, length: length)).map {
                (offset: $0.range.location, name: substring($0.range(at: 1).location, $0.range(at: 1).length))
            }
        func implementation(at offset: Int) -> String? {
            implementations.last { $0.offset <= offset }?.name
        }
        var scan = SourceScan()
        scan.declaredTypes = Set(implementations.map(\.name))
        // Each match of a name, as the range of the name (the whole match: `\b` takes no room).
        let calls = ascii
            ? callMatches(code)
            : callRegex.matches(in: codeText, range: NSRange(location: 0, length: length)).map { $0.range(at: 1).location..<$0.range(at: 1).location + $0.range(at: 1).length }
        for match in calls {
            let name = string(code[match])
            let end = match.upperBound
            let following = substring(end, min(160, length - end))
            let kind: SourceEvent.Kind
            switch name {
            case "requestWhenInUseAuthorization": kind = .request(.whenInUse, api: name)
            case "requestAlwaysAuthorization": kind = .request(.always, api: name)
            case "confirmAcquiredInRegion": kind = .locationConfirmation
            case "UIApplicationLaunchOptionsLocationKey":
                // Looked up in the launch options (`launchOptions[…]`, `objectForKey:…`), not merely named.
                let before = substring(max(0, match.lowerBound - 16), min(16, match.lowerBound))
                let lead = before.trimmingCharacters(in: .whitespacesAndNewlines)
                guard lead.hasSuffix("[") || lead.hasSuffix("ForKey:") else { continue }
                kind = .launchOptionsLocationKey
            case "requestTemporaryFullAccuracyAuthorizationWithPurposeKey":
                kind = .temporaryFullAccuracy(purposeKey: stringLiteral(after: end), api: "requestTemporaryFullAccuracyAuthorization")
            case "allowsBackgroundLocationUpdates", "setAllowsBackgroundLocationUpdates":
                let trimmed = following.drop { $0 == " " || $0 == "\t" }
                guard let first = trimmed.first, first == "=" || first == ":" else { continue }
                let value = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
                let literalFalse = value.hasPrefix("NO") || value.hasPrefix("false") || value.hasPrefix("0")
                kind = literalFalse ? .backgroundUpdatesDisabled : .backgroundUpdates(literalTrue: value.hasPrefix("YES") || value.hasPrefix("true") || value.hasPrefix("1"))
            case "CLServiceSession", "CLBackgroundActivitySession", "CLMonitor":
                // Only a message to the class (`[CLServiceSession …]`, `[[CLServiceSession alloc] …]`),
                // not the type of a declaration (`CLServiceSession *session`).
                guard isReceiver(code, at: match.lowerBound) else { continue }
                let call = following.prefix { $0 != ";" }
                if name == "CLServiceSession" {
                    guard call.contains("sessionRequiringAuthorization") || call.contains("initWithAuthorization") else { continue }
                    kind = .serviceSession(requirement: SourceEvent.serviceSessionRequirements.first { call.contains("Requirement" + $0.prefix(1).uppercased() + $0.dropFirst()) })
                } else if name == "CLBackgroundActivitySession" {
                    let message = call.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
                    guard call.contains("backgroundActivitySession") || message.hasPrefix("new") || message.hasPrefix("alloc") else { continue }
                    kind = .backgroundActivitySession
                } else {
                    guard call.contains("requestMonitorWithConfiguration") else { continue }
                    kind = .request(.whenInUse, api: "CLMonitor")
                }
            default:
                kind = .startMonitoring(name)
            }
            let enclosing = method(at: match.lowerBound)
            let context = enclosing.flatMap { CallContext.of(function: $0.selector) } ?? .unknown
            var wait: String?
            if case .request = kind, let enclosing { wait = unboundedWait(inMethod: enclosing.index) }
            var event = SourceEvent(kind: kind, location: location(match.lowerBound), enclosingFunction: enclosing?.selector,
                                    context: context, contextName: enclosing?.selector, unboundedWait: wait)
            event.enclosingType = implementation(at: match.lowerBound)
            if let selector = enclosing?.selector {
                event.screenPhase = selector.hasPrefix("init") ? "init" : screenSelectors.contains(selector) ? selector : nil
            }
            scan.events.append(event)
            if case .serviceSession(let requirement) = kind {
                func implied(_ kind: SourceEvent.Kind) {
                    scan.events.append(SourceEvent(kind: kind, location: location(match.lowerBound), enclosingFunction: enclosing?.selector,
                                                   context: context, contextName: enclosing?.selector))
                }
                if requirement == "whenInUse" { implied(.request(.whenInUse, api: SourceEvent.serviceSessionAPI("whenInUse"))) }
                if requirement == "always" { implied(.request(.always, api: SourceEvent.serviceSessionAPI("always"))) }
                let statement = following.prefix { $0 != ";" }
                if statement.contains("fullAccuracyPurposeKey:") {
                    let keyOffset = end + (following as NSString).range(of: "fullAccuracyPurposeKey:").location
                    implied(.temporaryFullAccuracy(purposeKey: stringLiteral(after: keyOffset), api: "CLServiceSession"))
                }
            }
        }
        // Messages sent from lifecycle methods, for one level of indirection.
        // Each method's body is read once: its messages serve the screen calls, the typed calls
        // and the lifecycle contexts.
        for (index, method) in methods.enumerated() {
            let type = implementation(at: method.offset)
            let context = CallContext.of(function: method.selector)
            guard type != nil || context != nil else { continue }
            let end = index + 1 < methods.count ? methods[index + 1].offset : code.count
            let sent = messages(code[method.offset..<end])
            if let type {
                if screenSelectors.contains(method.selector) || method.selector.hasPrefix("init") {
                    let phase = method.selector.hasPrefix("init") ? "init" : method.selector
                    for message in sent where scan.screenCalls[type]?[message.name] == nil {
                        scan.screenCalls[type, default: [:]][message.name] = phase
                    }
                }
                let caller = SourceScan.methodKey(type, method.selector)
                let launchCallback = context == .launch ? method.selector : nil
                for message in sent {
                    for callee in typedCallees(message, in: type) { scan.recordTypedCall(from: caller, to: callee, launchCallback: launchCallback) }
                }
            }
            if let context {
                for message in sent { scan.record(message.name, .init(context: context, name: method.selector)) }
            }
        }
        return scan
    }

    // MARK: Lexing

    /// The names the scan looks for, as whole words (``callRegex``).
    static let callAlternatives = ["UIApplicationLaunchOptionsLocationKey", "confirmAcquiredInRegion", "requestWhenInUseAuthorization", "requestAlwaysAuthorization",
                                   "requestTemporaryFullAccuracyAuthorizationWithPurposeKey", "setAllowsBackgroundLocationUpdates", "allowsBackgroundLocationUpdates",
                                   "CLServiceSession", "CLBackgroundActivitySession", "CLMonitor"] + SourceEvent.objCMonitoringSelectors.sorted()
    static let callRegex = try! NSRegularExpression(pattern: #"\b("# + callAlternatives.joined(separator: "|") + #")\b"#)

    /// Whether the name at `offset` in blanked `code` is the receiver of a message: `[` (possibly
    /// after blanks) comes right before it.
    static func isReceiver(_ code: [UInt16], at offset: Int) -> Bool {
        var i = offset - 1
        while i >= 0, code[i] == 0x20 || code[i] == 0x09 || code[i] == 0x0A || code[i] == 0x0D { i -= 1 }
        return i >= 0 && code[i] == 0x5B
    }
    static let implementationRegex = try! NSRegularExpression(pattern: #"@implementation\s+([A-Za-z_]\w*)"#)
    /// The view controller methods that run as a screen is created (LOC021).
    static let screenSelectors: Set<String> = ["viewDidLoad", "viewWillAppear:", "viewDidAppear:", "loadView"]
    static let labelRegex = try! NSRegularExpression(pattern: #"([A-Za-z_]\w*)\s*:"#)

    /// ``selector(ofSignature:)-(String)`` of a signature in the code: by hand when it is ASCII.
    static func selector(ofSignature signature: ArraySlice<UInt16>) -> String {
        guard isASCII(signature) else { return selector(ofSignature: string(signature)) }
        // As below: parenthesized types dropped (a `)` leaves a blank), labels joined.
        var depth = 0
        var plain = [UInt16]()
        plain.reserveCapacity(signature.count)
        for c in signature {
            if c == 0x28 { depth += 1; continue }
            if c == 0x29 { depth -= 1; plain.append(0x20); continue }
            if depth == 0 { plain.append(c) }
        }
        let labels = labels(plain)
        if labels.isEmpty {
            // `trimmingCharacters(in: .whitespacesAndNewlines)`.
            guard let first = plain.firstIndex(where: { !isBlankUnit($0) }), let last = plain.lastIndex(where: { !isBlankUnit($0) }) else { return "" }
            return string(plain[first...last])
        }
        return labels.map { string(plain[$0]) + ":" }.joined()
    }

    /// `application:didFinishLaunchingWithOptions:` from `application:(UIApplication *)app didFinishLaunchingWithOptions:(NSDictionary *)options`.
    static func selector(ofSignature signature: String) -> String {
        // Drop parenthesized types so only labels and parameter names remain.
        var depth = 0
        var plain = ""
        for c in signature {
            if c == "(" { depth += 1; continue }
            if c == ")" { depth -= 1; plain.append(" "); continue }
            if depth == 0 { plain.append(c) }
        }
        let ns = plain as NSString
        let labels = labelRegex.matches(in: plain, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) + ":" }
        if labels.isEmpty { return plain.trimmingCharacters(in: .whitespacesAndNewlines) }
        return labels.joined()
    }

    /// Method definitions in blanked `code`: a line starting (after blanks) with `-` or `+`, a
    /// parenthesized return type, then the signature up to a `{` with no `;` before it.
    ///
    /// Returns each definition's line-start offset and the signature's range, in order. The
    /// definitions do not overlap (the next is looked for after the previous `{`). Linear time:
    /// the search for the next `)` and the next `{`/`;` only ever moves forward, so a file of
    /// unfinished `- (…` lines is not rescanned from every line.
    static func methodDefinitions(_ code: [UInt16]) -> [(offset: Int, signature: Range<Int>)] {
        let n = code.count
        let newline: UInt16 = 0x0A, space: UInt16 = 0x20, tab: UInt16 = 0x09
        let minus: UInt16 = 0x2D, plus: UInt16 = 0x2B, openParen: UInt16 = 0x28, closeParen: UInt16 = 0x29, brace: UInt16 = 0x7B, semicolon: UInt16 = 0x3B
        var nextClose = -1, nextStop = -1
        /// The first `)` at or after `x` (`n` if none); `x` never decreases between calls.
        func closing(from x: Int) -> Int {
            if nextClose < x { nextClose = x; while nextClose < n, code[nextClose] != closeParen { nextClose += 1 } }
            return nextClose
        }
        /// The first `{` or `;` at or after `x` (`n` if none); `x` never decreases between calls.
        func stop(from x: Int) -> Int {
            if nextStop < x { nextStop = x; while nextStop < n, code[nextStop] != brace, code[nextStop] != semicolon { nextStop += 1 } }
            return nextStop
        }
        var result = [(offset: Int, signature: Range<Int>)]()
        var lineStart = 0
        while lineStart < n {
            var j = lineStart
            while j < n, code[j] == space || code[j] == tab { j += 1 }
            var resume = lineStart
            if j < n, code[j] == minus || code[j] == plus {
                j += 1
                while j < n, code[j] == space || code[j] == tab { j += 1 }
                if j < n, code[j] == openParen {
                    let typeEnd = closing(from: j + 1)
                    if typeEnd < n {
                        let end = stop(from: typeEnd + 1)
                        if end < n, code[end] == brace {
                            result.append((lineStart, typeEnd + 1..<end))
                            resume = end + 1
                        }
                    }
                }
            }
            // The next line start at or after `resume`.
            var k = resume
            while k < n, code[k] != newline { k += 1 }
            lineStart = k + 1
        }
        return result
    }

    /// Each message in blanked `code`, with its receiver as written (`self`, `self.service`,
    /// `Service`, `[Service alloc]`) and its first selector part: `requestPermission` in
    /// `[self requestPermission]`, `[self.service requestPermission:x]` or
    /// `[[Service shared] requestPermission]`.
    ///
    /// A message is `[`, blanks, a receiver (a dotted name, or a bracketed message without `]`
    /// inside), at least one blank, then the name. Messages do not overlap (the next is looked for
    /// after the previous name). Linear time: the search for a nested message's `]` only moves
    /// forward, so a body of unclosed `[[` is not rescanned from every bracket.
    static func messages(_ code: ArraySlice<UInt16>) -> [(receiver: String, name: String)] {
        let end = code.endIndex
        let open: UInt16 = 0x5B, close: UInt16 = 0x5D, dot: UInt16 = 0x2E
        var nextClose = code.startIndex - 1
        /// The first `]` at or after `x` (`end` if none); `x` never decreases between calls.
        func closing(from x: Int) -> Int {
            if nextClose < x { nextClose = x; while nextClose < end, code[nextClose] != close { nextClose += 1 } }
            return nextClose
        }
        var names = [(receiver: String, name: String)]()
        var i = code.startIndex
        while i < end {
            guard code[i] == open else { i += 1; continue }
            var j = i + 1
            while j < end, isBlankUnit(code[j]) { j += 1 }
            let receiverStart = j
            if j < end, isWordStart(code[j]) {
                while j < end, isWordUnit(code[j]) || code[j] == dot { j += 1 }
            } else if j < end, code[j] == open {
                let inner = closing(from: j + 1)
                guard inner < end else { i += 1; continue }
                j = inner + 1
            } else {
                i += 1
                continue
            }
            let blanks = j
            while j < end, isBlankUnit(code[j]) { j += 1 }
            guard j > blanks, j < end, isWordStart(code[j]) else { i += 1; continue }
            let nameStart = j
            while j < end, isWordUnit(code[j]) { j += 1 }
            names.append((string(code[receiverStart..<blanks]), string(code[nameStart..<j])))
            i = j
        }
        return names
    }

    /// The `Type.method` keys a message calls when its receiver's class is known: `self` (the
    /// class being implemented), a class by name (`[LocationStore shared]`), `[[Tracker alloc] init]`
    /// and `[Tracker new]` (`Tracker.init`); a nested class message (`[[LocationStore shared] start]`) also gives
    /// `LocationStore.shared`. Other receivers (properties, variables) are unknown.
    static func typedCallees(_ message: (receiver: String, name: String), in type: String) -> [String] {
        func className(_ text: Substring) -> String? {
            guard let first = text.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first),
                  text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            return String(text)
        }
        let receiver = message.receiver
        if receiver == "self" { return [SourceScan.methodKey(type, message.name)] }
        if let name = className(Substring(receiver)) { return [SourceScan.methodKey(name, message.name == "new" ? "init" : message.name)] }
        guard receiver.hasPrefix("["), receiver.hasSuffix("]") else { return [] }
        let inner = receiver.dropFirst().dropLast().split(whereSeparator: { $0.isWhitespace })
        guard inner.count == 2, let name = className(inner[0]), inner[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return [] }
        if ["alloc", "new"].contains(inner[1]) { return message.name.hasPrefix("init") ? [SourceScan.methodKey(name, "init")] : [] }
        return [SourceScan.methodKey(name, String(inner[1]))]
    }

    /// The offsets where lines start.
    static func lineStarts(_ code: [UInt16]) -> [Int] {
        var starts = [0]
        for (i, c) in code.enumerated() where c == 0x0A { starts.append(i + 1) }
        return starts
    }

    /// Replaces comments and the contents of string and character literals with spaces (newlines
    /// kept, also those after a line-continuing backslash, so offsets and lines do not move), and
    /// returns the string literals found.
    static func blankCommentsAndStrings(_ input: [UInt16]) -> (code: [UInt16], strings: [(offset: Int, value: String)]) {
        var code = input
        var strings = [(offset: Int, value: String)]()
        let slash: UInt16 = 0x2F, star: UInt16 = 0x2A, quote: UInt16 = 0x22, apostrophe: UInt16 = 0x27, backslash: UInt16 = 0x5C, newline: UInt16 = 0x0A, space: UInt16 = 0x20
        var i = 0
        let n = input.count
        while i < n {
            let c = input[i]
            if c == slash, i + 1 < n, input[i + 1] == slash {
                // A backslash-newline continues the comment on the next line (the newline stays).
                while i < n, input[i] != newline || (i > 0 && input[i - 1] == backslash) {
                    if input[i] != newline { code[i] = space }
                    i += 1
                }
            } else if c == slash, i + 1 < n, input[i + 1] == star {
                code[i] = space; code[i + 1] = space; i += 2
                while i < n, !(input[i] == star && i + 1 < n && input[i + 1] == slash) {
                    if input[i] != newline { code[i] = space }
                    i += 1
                }
                if i < n { code[i] = space; code[i + 1] = space; i += 2 }
            } else if c == quote || c == apostrophe {
                let start = i
                i += 1
                var value = [UInt16]()
                while i < n, input[i] != c, input[i] != newline {
                    if input[i] == backslash, i + 1 < n {
                        // A backslash-newline continues the literal: the newline is kept (so lines do not
                        // shift) and is no part of the value.
                        code[i] = space
                        if input[i + 1] != newline { value.append(input[i + 1]); code[i + 1] = space }
                        i += 2
                        continue
                    }
                    value.append(input[i])
                    code[i] = space
                    i += 1
                }
                if c == quote { strings.append((start, string(value[...]))) }
                i += 1
            } else {
                i += 1
            }
        }
        return (code, strings)
    }
}
