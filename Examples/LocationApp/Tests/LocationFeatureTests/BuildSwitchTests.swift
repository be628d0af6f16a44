import Foundation
import Testing

/// `LOCSIM=1 swift test` selects LocSim on any platform (Docs/SwiftAPI.md, section 5). CI runs the
/// example with and without it; this checks the manifest passed the switch on to the compiler.
@Suite("The LOCSIM switch")
struct BuildSwitchTests {
    @Test("the LOCSIM condition is set exactly when the build was asked for it")
    func conditionFollowsTheEnvironment() {
        #if LOCSIM
        let compiled = true
        #else
        let compiled = false
        #endif
        #expect(compiled == (ProcessInfo.processInfo.environment["LOCSIM"] == "1"))
    }
}
