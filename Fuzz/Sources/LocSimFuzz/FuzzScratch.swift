import Foundation

/// The per-process scratch tree a fuzz input is written into: the input's file, and for lint
/// targets a small app around it (an Info.plist with purpose strings, a source that asks).
enum FuzzScratch {
    /// The root of every scratch tree of this process.
    static let root = NSTemporaryDirectory() + "locsim-fuzz-\(ProcessInfo.processInfo.processIdentifier)"

    /// A scenario that plays the fuzzed track (`track.gpx`, beside it).
    static let gpxScenario = """
    name: fuzzed track
    device: {platform: iOS 18.0}
    app: {name: Runner, backgroundModes: [location]}
    steps:
      - launch
      - requestWhenInUse
      - choose: allowWhileUsing
      - startUpdating
      - playGPX: track.gpx
      - wait: 1h
    """

    /// Creates the scratch tree for `target` and returns its path.
    static func make(for target: FuzzTarget) -> String {
        let dir = root + "/" + target.rawValue
        let fm = FileManager.default
        try? fm.removeItem(atPath: dir)
        for sub in ["App/en.lproj", "App.xcodeproj", "Config"] {
            try? fm.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        }
        if target != .plist {
            write(dir + "/App/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.fuzz</string>
            <key>NSLocationWhenInUseUsageDescription</key><string>Shows where you are on the map.</string>
            </dict></plist>
            """)
        }
        if target != .swift {
            write(dir + "/App/Asking.swift", """
            import CoreLocation
            final class Asking: NSObject, CLLocationManagerDelegate {
                let manager = CLLocationManager()
                func ask() { manager.delegate = self; manager.requestWhenInUseAuthorization() }
            }
            """)
        }
        return dir
    }

    private static func write(_ path: String, _ text: String) {
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
}
