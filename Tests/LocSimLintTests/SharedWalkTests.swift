import Foundation
@testable import LocSimLint
import Testing

/// The Swift scanner's walks up from each call share their answers per ancestor
/// (`sharedWalk(from:cache:end:_:)`): a call must get the answer it gets alone, whatever calls
/// around it, above it or beside it in another closure walked first.
@Suite("Swift scan: shared walks")
struct SharedWalkTests {
    /// Calls in one `viewDidLoad`, each in its own kind of closure or nesting.
    static let snippets = [
        "f(g(h(manager.requestWhenInUseAuthorization())))",
        "Task { f(g(manager.requestWhenInUseAuthorization())) }",
        "button.addAction { f(manager.requestAlwaysAuthorization()) }",
        "NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main) { _ in g(manager.requestWhenInUseAuthorization()) }",
        "DispatchQueue.main.async { button.addAction { manager.requestAlwaysAuthorization() } }",
        "manager.requestWhenInUseAuthorization()",
    ]

    static func file(_ body: [String]) -> String {
        "import CoreLocation\nfinal class MapViewController: UIViewController {\n    let manager = CLLocationManager()\n    override func viewDidLoad() {\n"
            + body.map { "        " + $0 + "\n" }.joined() + "    }\n}\n"
    }

    struct Answer: Equatable, CustomStringConvertible {
        var phase: String?
        var context: CallContext
        var contextName: String?
        var type: String?
        var function: String?
        var description: String { "\(phase ?? "-") \(context) \(contextName ?? "-") \(type ?? "-") \(function ?? "-")" }
    }

    static func answers(_ text: String) -> [Answer] {
        SwiftSourceScanner.scan(text: text, path: "MapViewController.swift").events.map {
            Answer(phase: $0.screenPhase, context: $0.context, contextName: $0.contextName, type: $0.enclosingType, function: $0.enclosingFunction)
        }
    }

    @Test("each call in a file of many gets the answers it gets alone, in either order")
    func sharedAnswersAreTheCallsOwn() {
        let alone = Self.snippets.flatMap { Self.answers(Self.file([$0])) }
        #expect(alone.count == Self.snippets.count)
        #expect(Self.answers(Self.file(Self.snippets)) == alone)
        #expect(Self.answers(Self.file(Self.snippets.reversed())) == alone.reversed())
        // Not vacuous: the walks give different answers for different places.
        #expect(alone[1].phase == "viewDidLoad" && alone[5].phase == "viewDidLoad")
        #expect(alone[2].phase == nil && alone[4].phase == nil)
        #expect(alone[3].context == .foreground && alone[3].contextName == "addObserver observer")
        #expect(alone.allSatisfy { $0.type == "MapViewController" && $0.function == "viewDidLoad" })
    }
}
