import Testing
@testable import LocSimLint
@Test func placeholder() { #expect(Bool(true)) }
