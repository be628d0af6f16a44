// This file imports what app code imports on Linux — `LocSimCoreLocation` alone, as an iOS file
// imports `CoreLocation` alone — so that it compiles only if everything app code writes against
// Core Location is reachable from that one import (`NSObject` through the Foundation re-export,
// `CLError` patterns through the error code's own `~=`).
import LocSimCoreLocation
import Testing

/// A class written as location classes are: an `NSObject` delegate that sorts its errors with
/// `catch CLError.…` and `case CLError.…`.
private final class ErrorSorter: NSObject, CLLocationManagerDelegate {
    func sortThrown(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "none"
        } catch CLError.denied {
            return "denied"
        } catch CLError.locationUnknown {
            return "unknown"
        } catch {
            return "other"
        }
    }

    func sort(_ error: any Error) -> String {
        switch error {
        case CLError.denied: "denied"
        case CLError.network: "network"
        default: "other"
        }
    }

    func sort(clError error: CLError) -> String {
        switch error {
        case CLError.locationUnknown: "unknown"
        default: "other"
        }
    }

    func sort(code: CLError.Code) -> String {
        switch code {
        case CLError.denied: "denied"
        default: "other"
        }
    }
}

private struct NotALocationError: Error {}

@Suite("App code that imports LocSimCoreLocation alone")
struct AppCodeImportTests {
    @Test("N1: catch CLError.denied, case CLError.locationUnknown on any Error, on a CLError and on its code")
    func errorPatterns() {
        let sorter = ErrorSorter()
        let thrown: [any Error] = [CLError(.denied), CLError(.locationUnknown), CLError(.network), NotALocationError()]
        let sorted = thrown.map { error in sorter.sortThrown { throw error } }
        #expect(sorted == ["denied", "unknown", "other", "other"])
        let nothing = sorter.sortThrown {}
        #expect(nothing == "none")
        #expect(sorter.sort(CLError(.network)) == "network")
        #expect(sorter.sort(NotALocationError()) == "other")
        #expect(sorter.sort(clError: CLError(.locationUnknown)) == "unknown")
        #expect(sorter.sort(clError: CLError(.denied)) == "other")
        #expect(sorter.sort(code: .denied) == "denied")
        #expect(sorter.sort(code: .network) == "other")
    }
}
