import Foundation
import Testing
@testable import LocSimLint

/// LOC024–LOC028: the Always key nobody asks for, App Clips, the widget key and the App Store
/// pre-flight of dependencies.
@Suite struct AppClipAndPreflightTests {
    static let whenInUseOnly = """
    import CoreLocation
    final class Finder {
        let manager = CLLocationManager()
        func findMe() { manager.requestWhenInUseAuthorization() }
    }
    """
    static let always = """
    import CoreLocation
    final class Tracker {
        let manager = CLLocationManager()
        func enableBackgroundTracking() { manager.requestAlwaysAuthorization() }
    }
    """

    @Test("LOC024 (J2): an Always text in an app whose sources only ask When In Use is never shown")
    func alwaysKeyNeverRequested() throws {
        let findings = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Finder.swift": Self.whenInUseOnly]).lint()
        #expect(findings.map(\.checkID) == ["LOC024"])
        #expect(findings.first?.severity == .note)
        #expect(findings.first?.location.file.hasSuffix("Info.plist") == true)
    }

    @Test("LOC024 (J2, P7): not reported when a source or a dependency asks for Always, or when no source was scanned")
    func alwaysKeyUsed() throws {
        #expect(try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.swift": Self.always]).ids() == [])
        #expect(try Fixture(["App/Info.plist": infoPlist(goodKeys)]).ids() == [])
        let pod = "@interface GeoKit : NSObject\n- (void)start; // calls [manager requestAlwaysAuthorization]\n@end\n@implementation GeoKit\n- (void)start { [self.manager requestAlwaysAuthorization]; }\n@end\n"
        #expect(try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Finder.swift": Self.whenInUseOnly, "Pods/GeoKit/GeoKit.m": pod]).ids() == [])
    }

    /// An App Clip Info.plist; `confirmation` adds `NSAppClipRequestLocationConfirmation`.
    static func clipPlist(confirmation: Bool?) -> String {
        let inner = confirmation.map { "\t\t<key>NSAppClipRequestLocationConfirmation</key>\n\t\t<\($0)/>\n" } ?? ""
        return infoPlist([PurposeKeyName.whenInUse: Text.whenInUse], raw: "\t<key>NSAppClip</key>\n\t<dict>\n\(inner)\t</dict>\n")
    }

    @Test("LOC025 (P6): an App Clip that references requestAlwaysAuthorization is rejected (ITMS-90842)")
    func appClipAlways() throws {
        let findings = try Fixture(["Clip/Info.plist": Self.clipPlist(confirmation: nil), "Clip/Tracker.swift": Self.always]).lint()
        #expect(findings.map(\.checkID).contains("LOC025"))
        #expect(findings.first { $0.checkID == "LOC025" }?.message.contains("ITMS-90842") == true)
        #expect(findings.first { $0.checkID == "LOC025" }?.severity == .error)
    }

    @Test("LOC025 (P6): code the clip excludes with #if !APPCLIP, and the same call in an app, are not reported")
    func appClipAlwaysExcluded() throws {
        let shared = """
        import CoreLocation
        final class Tracker {
            let manager = CLLocationManager()
            func enable() {
                #if !APPCLIP
                manager.requestAlwaysAuthorization()
                #endif
            }
        }
        """
        #expect(try Fixture(["Clip/Info.plist": Self.clipPlist(confirmation: nil), "Clip/Tracker.swift": shared]).ids().contains("LOC025") == false)
        #expect(try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.swift": Self.always]).ids().contains("LOC025") == false)
    }

    @Test("LOC025 (P6): an XcodeGen application.on-demand-install-capable target is an App Clip")
    func appClipFromProjectType() throws {
        let spec = """
        name: Shop
        targets:
          ShopClip:
            type: application.on-demand-install-capable
            platform: iOS
            sources: [ShopClip]
            info:
              path: ShopClip/Info.plist
        """
        let f = try Fixture(["project.yml": spec, "ShopClip/Info.plist": infoPlist(goodKeys), "ShopClip/Tracker.swift": Self.always])
        #expect(try f.ids().contains("LOC025"))
    }

    static let confirm = """
    import AppClip
    import CoreLocation
    final class Checkin {
        func verify(_ payload: APActivationPayload, region: CLCircularRegion) {
            payload.confirmAcquired(in: region) { inRegion, error in print(inRegion) }
        }
    }
    """

    @Test("LOC026 (P6): confirmAcquired(in:) without NSAppClipRequestLocationConfirmation always fails")
    func confirmationWithoutKey() throws {
        for plist in [Self.clipPlist(confirmation: nil), Self.clipPlist(confirmation: false)] {
            let findings = try Fixture(["Clip/Info.plist": plist, "Clip/Checkin.swift": Self.confirm]).lint()
            #expect(findings.map(\.checkID) == ["LOC026"])
            #expect(findings.first?.location.line == 5)
        }
    }

    @Test("LOC026 (P6): with NSAppClipRequestLocationConfirmation = true nothing is reported")
    func confirmationWithKey() throws {
        #expect(try Fixture(["Clip/Info.plist": Self.clipPlist(confirmation: true), "Clip/Checkin.swift": Self.confirm]).ids() == [])
    }

    static let widgetKey = "\t<key>NSWidgetWantsLocation</key>\n\t<true/>\n"

    static func extensionPlist(point: String) -> String {
        infoPlist(raw: widgetKey + "\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>\(point)</string>\n\t</dict>\n")
    }

    @Test("LOC027 (B5, F10): NSWidgetWantsLocation in the app's Info.plist or a Today extension's is never read")
    func widgetKeyMisplaced() throws {
        let app = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse], raw: Self.widgetKey)]).lint()
        #expect(app.map(\.checkID) == ["LOC027"])
        #expect(app.first?.location.line == 11)
        let today = try Fixture(["Today/Info.plist": Self.extensionPlist(point: "com.apple.widget-extension")]).lint()
        #expect(today.map(\.checkID) == ["LOC027"])
        #expect(today.first?.message.contains("com.apple.widget-extension") == true)
    }

    @Test("LOC027 (B5, F10): NSWidgetWantsLocation in a WidgetKit extension's Info.plist is right")
    func widgetKeyInWidget() throws {
        #expect(try Fixture(["Widget/Info.plist": Self.extensionPlist(point: "com.apple.widgetkit-extension")]).ids() == [])
    }

    static let podHeader = """
    #import <CoreLocation/CoreLocation.h>
    // Call requestWhenInUseAuthorization before showing the map.
    @interface GMSLocationHelper : NSObject
    - (void)askForAlways;
    @end
    """
    static let podSource = """
    #import "GMSLocationHelper.h"
    @implementation GMSLocationHelper
    - (void)askForAlways {
        [self.manager requestAlwaysAuthorization];
    }
    @end
    """

    @Test("LOC028 (P7): a pod that references requestAlwaysAuthorization makes the App Store demand the Always key")
    func dependencyNeedsKey() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Finder.swift": Self.whenInUseOnly,
                             "Pods/GoogleMaps/Helper/GMSLocationHelper.h": Self.podHeader, "Pods/GoogleMaps/Helper/GMSLocationHelper.m": Self.podSource,
                             "Pods/Target Support Files/Pods-App/Pods-App-umbrella.h": "// requestAlwaysAuthorization\n"])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC028"])
        #expect(findings.first?.message.contains("NSLocationAlwaysAndWhenInUseUsageDescription") == true)
        #expect(findings.first?.message.contains("Pods/GoogleMaps") == true)
        #expect(findings.first?.message.contains("GMSLocationHelper.m:4") == true)
        #expect(findings.first?.location.file.hasSuffix("App/Info.plist") == true)
    }

    @Test("LOC028 (P7): SwiftPM and Carthage checkouts and vendored framework headers are searched; each missing key is named once")
    func otherDependencyKinds() throws {
        let swift = "import CoreLocation\npublic func ask(_ m: CLLocationManager) { m.requestWhenInUseAuthorization() }\n"
        let f = try Fixture(["App/Info.plist": infoPlist(), "App/Main.swift": "print(1)\n",
                             "SourcePackages/checkouts/geo-kit/Sources/Geo.swift": swift,
                             "Carthage/Checkouts/Tracker/Sources/Tracker.m": Self.podSource,
                             "Vendor/Maps.framework/Headers/Maps.h": "- (void)requestWhenInUseAuthorization;\n"])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC028", "LOC028"])
        let messages = findings.map(\.message).joined(separator: "\n")
        #expect(messages.contains("has no NSLocationWhenInUseUsageDescription, but SourcePackages/checkouts/geo-kit, Vendor/Maps.framework reference requestWhenInUseAuthorization"))
        #expect(messages.contains("has no NSLocationAlwaysAndWhenInUseUsageDescription, but Carthage/Checkouts/Tracker references requestAlwaysAuthorization"))
    }

    @Test("LOC028 (P7): not reported when the key is declared, or the reference is in a comment, an example app or tests")
    func dependencyKeyPresent() throws {
        let declared = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.swift": Self.always,
                                    "Pods/GoogleMaps/GMSLocationHelper.m": Self.podSource]).ids()
        #expect(declared == [])
        let unlinked = try Fixture(["App/Info.plist": infoPlist(), "App/Main.swift": "print(1)\n",
                                    "Pods/GoogleMaps/GMSLocationHelper.h": Self.podHeader,
                                    "Carthage/Checkouts/Tracker/Example/Demo.m": Self.podSource,
                                    "Carthage/Checkouts/Tracker/TrackerTests/TrackerTests.m": Self.podSource]).ids()
        #expect(unlinked == [])
    }
}
