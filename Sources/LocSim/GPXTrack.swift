import Foundation
import LocSimModel

/// A GPX 1.1 track: timed points the device follows on the virtual clock.
///
/// Reads `trkpt`, `rtept` and `wpt` elements with `lat` and `lon` (decimal degrees: no hex, no
/// exponent, no `nan` or `inf`; latitude −90…90, longitude −180…180) and an optional `time` child
/// (RFC 3339, e.g. `2024-05-01T10:00:00Z` or `2024-05-01T12:00:00.5+02:00`), the format Xcode uses
/// to simulate locations. Core Location has no such type.
///
/// - Timed tracks: when any point has a `<time>`, every point needs exactly one, and times never
///   go backwards; a point is reached at its time's offset from the first point's.
/// - Untimed files, such as Xcode's single-waypoint location files (`<wpt lat=… lon=…><name>…
///   </name></wpt>`): when no point has a `<time>`, the points are ``untimedSpacing`` apart, in
///   document order. A single waypoint is a fixed location, reached when the track is played.
///
/// The root is `<gpx>`, or a prefixed root such as `<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1">`
/// whose prefix the root binds to a GPX namespace (1.0 or 1.1); the namespace declarations of the
/// root decide which prefixes name GPX elements. The file is read by `XMLReader` (LocSimInput), bounded by
/// ``maxFileBytes`` and ``maxPoints``; every problem is an `InputError` with the file and line.
public struct GPXTrack: Hashable, Sendable {
    /// One timed point.
    public struct Point: Hashable, Sendable {
        /// Where.
        public var coordinate: Coordinate
        /// When, as time since the Unix epoch (only differences matter); for an untimed file, the
        /// point's index times ``GPXTrack/untimedSpacing``.
        public var time: Duration

        /// A point at `coordinate`, `time` after the track's reference instant.
        public init(coordinate: Coordinate, time: Duration) {
            self.coordinate = coordinate
            self.time = time
        }
    }

    /// The points, in document order.
    public var points: [Point]

    /// The time between consecutive points of a file whose points have no `<time>`: one second.
    public static let untimedSpacing: Duration = .seconds(1)

    /// The largest GPX file read: 64 MiB (a day of one-second fixes is about 7 MiB).
    public static let maxFileBytes = 64 << 20

    /// The most points in one file: 1,000,000 (a day of one-second fixes is 86,400).
    public static let maxPoints = 1_000_000

    /// The namespaces of GPX 1.1 and 1.0, which a prefixed root must be bound to.
    public static let namespaces: Set<String> = ["http://www.topografix.com/GPX/1/1", "http://www.topografix.com/GPX/1/0"]

    /// A track of `points`, given in time order (a track built in code, not read from a file).
    public init(points: [Point]) {
        self.points = points
    }

    /// Parses GPX text. `file` names the source in errors.
    /// - Throws: `InputError` with the file and line of the problem.
    public init(data: Data, file: String) throws {
        var reader = try GPXTrackReader(data: data, file: file)
        points = try reader.read()
    }

    /// Reads and parses a GPX file; one larger than ``maxFileBytes`` is refused before it is read.
    public init(contentsOf path: String) throws {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > Self.maxFileBytes {
            throw InputError(file: path, message: "GPX file too large: \(size) bytes (at most \(Self.maxFileBytes))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, line: nil, message: "cannot read GPX file")
        }
        try self.init(data: data, file: path)
    }
}
