import Foundation
import LocSimModel

/// Checks on App Clip and widget targets: an App Clip that references `requestAlwaysAuthorization`
/// (LOC025) or confirms location without `NSAppClipRequestLocationConfirmation` (LOC026), and
/// `NSWidgetWantsLocation` outside a widget extension's Info.plist (LOC027).
enum AppClipChecks {
    /// The extension point of WidgetKit extensions.
    static let widgetKitExtensionPoint = "com.apple.widgetkit-extension"

    /// Whether an event's `#if` conditions mention an App Clip flag (`APPCLIP`, `!IS_APP_CLIP`):
    /// which clause the clip compiles cannot be known without the build settings, so such code is
    /// not judged for the clip.
    static func isClipConditional(_ event: SourceEvent) -> Bool {
        event.compilationConditions.contains { $0.uppercased().contains("CLIP") }
    }

    static func run(_ target: AppTarget, events: [SourceEvent]) -> [Finding] {
        var findings = [Finding]()
        let plistName = target.infoPlist.map { ($0.path as NSString).lastPathComponent } ?? "the target's Info.plist"
        if target.isAppClip {
            for event in events where !isClipConditional(event) {
                switch event.kind {
                case .request(.always, let api):
                    let call = SourceChecks.explicitRequestAPIs.contains(api) ? "\(api)()" : api
                    let reference = api == "requestAlwaysAuthorization" ? "references requestAlwaysAuthorization, so App Store submission rejects it (ITMS-90842), and" : "asks for Always (\(call)), but"
                    findings.append(SourceChecks.make(CheckCatalog.appClipRequestsAlways,
                        "App Clip target '\(target.name)' \(reference) an App Clip can never get Always (P6); ask for When In Use, or exclude the code from the clip (#if !APPCLIP)", event.location))
                case .locationConfirmation where !confirmsLocation(target):
                    findings.append(SourceChecks.make(CheckCatalog.appClipConfirmationWithoutKey,
                        "confirmAcquired(in:) always fails with APActivationPayloadError.disallowed: \(plistName) of App Clip target '\(target.name)' has no NSAppClip dictionary with NSAppClipRequestLocationConfirmation = true (P6)", event.location))
                default:
                    continue
                }
            }
        }
        if let plist = target.infoPlist, plist.root[InfoPlistKey.widgetWantsLocation] != nil {
            let location = plist.location(ofKey: InfoPlistKey.widgetWantsLocation)
            if !target.isAppExtension {
                findings.append(SourceChecks.make(CheckCatalog.widgetLocationKeyMisplaced,
                    "NSWidgetWantsLocation is in the Info.plist of app target '\(target.name)', where the system never reads it: it belongs in the widget extension's Info.plist (B5, F10)", location))
            } else if case .dictionary(let ext)? = plist.root["NSExtension"], let point = ext["NSExtensionPointIdentifier"]?.stringValue, point != widgetKitExtensionPoint {
                findings.append(SourceChecks.make(CheckCatalog.widgetLocationKeyMisplaced,
                    "NSWidgetWantsLocation is in the Info.plist of a \(point) extension; only a WidgetKit extension (\(widgetKitExtensionPoint)) asks to extend location to its widgets (B5, F10)", location))
            }
        }
        return findings
    }

    /// Whether the target's Info.plist sets `NSAppClip` → `NSAppClipRequestLocationConfirmation` to true.
    static func confirmsLocation(_ target: AppTarget) -> Bool {
        guard case .dictionary(let clip)? = target.infoPlist?.root[InfoPlistKey.appClip] else { return false }
        if case .bool(true)? = clip[InfoPlistKey.appClipRequestLocationConfirmation] { return true }
        return false
    }
}
