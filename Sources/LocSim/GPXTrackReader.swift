import Foundation
import LocSimInput
import LocSimModel

/// Reads the points of a GPX document from ``XMLReader`` tokens: one pass, no recursion.
///
/// The rules are those documented on ``GPXTrack``.
struct GPXTrackReader {
    private var xml: XMLReader
    private let file: String
    /// The prefixes the root binds to a GPX namespace (`""` for unprefixed names).
    private var gpxPrefixes: Set<String> = []
    /// How many elements are open.
    private var depth = 0
    /// The point being read.
    private var point: OpenPoint?
    private var points: [GPXTrack.Point] = []
    /// The first point without a `<time>` and whether any point had one.
    private var firstUntimed: (element: String, line: Int)?
    private var anyTimed = false
    private var lastLine = 1

    /// A `trkpt`, `rtept` or `wpt` whose end tag is not read yet.
    private struct OpenPoint {
        var element: String
        var line: Int
        var depth: Int
        var coordinate: Coordinate
        var time: Duration?
        /// The text of the open `<time>` child and its line, while inside it.
        var timeText: String?
        var timeLine = 0
    }

    init(data: Data, file: String) throws(InputError) {
        self.file = file
        xml = try XMLReader(data, file: file, kind: "GPX", limits: XMLReader.Limits(maxBytes: GPXTrack.maxFileBytes))
    }

    /// Every point, timed as ``GPXTrack`` documents.
    mutating func read() throws(InputError) -> [GPXTrack.Point] {
        guard case .start(let rootName, let attributes, let rootLine)? = try xml.next() else {
            throw InputError(file: file, line: 1, message: "not a GPX file: no <gpx> root element")
        }
        try readRoot(rootName, attributes, line: rootLine)
        depth = 1
        while let token = try xml.next() {
            switch token {
            case .start(let name, let attributes, let line):
                lastLine = line
                depth += 1
                try start(localName(name), attributes, line: line)
            case .end(let name, let line):
                lastLine = line
                try end(localName(name), line: line)
                depth -= 1
            case .text(let text, let line):
                lastLine = line
                if point?.timeText != nil { point?.timeText?.append(text) }
            }
        }
        guard !points.isEmpty else {
            throw InputError(file: file, line: lastLine, message: "GPX file has no trkpt, rtept or wpt points")
        }
        if anyTimed, let untimed = firstUntimed {
            throw InputError(file: file, line: untimed.line, message: "<\(untimed.element)> has no <time> while other points have one: LocSim plays a timed track on the virtual clock and needs a time for every point")
        }
        return points
    }

    /// Checks the root is `gpx` in a GPX namespace and notes which prefixes name GPX elements.
    private mutating func readRoot(_ name: String, _ attributes: [XMLAttribute], line: Int) throws(InputError) {
        for attribute in attributes where GPXTrack.namespaces.contains(attribute.value) {
            if attribute.name == "xmlns" { gpxPrefixes.insert("") }
            if attribute.name.hasPrefix("xmlns:") { gpxPrefixes.insert(String(attribute.name.dropFirst(6))) }
        }
        guard let colon = name.firstIndex(of: ":") else {
            guard name == "gpx" else { throw InputError(file: file, line: line, message: "not a GPX file: no <gpx> root element") }
            // An unprefixed root is GPX whatever its default namespace (files without xmlns are common).
            gpxPrefixes.insert("")
            return
        }
        let prefix = String(name[..<colon])
        guard name[name.index(after: colon)...] == "gpx" else {
            throw InputError(file: file, line: line, message: "not a GPX file: no <gpx> root element")
        }
        guard gpxPrefixes.contains(prefix) else {
            let bound = attributes.first { $0.name == "xmlns:\(prefix)" }
            throw InputError(file: file, line: line, message: bound.map {
                "not a GPX file: the root <\(name)> is in the namespace '\(Self.shown($0.value))', not GPX (http://www.topografix.com/GPX/1/1)"
            } ?? "not a GPX file: the root <\(name)> uses the prefix '\(prefix)', which it does not bind to the GPX namespace (xmlns:\(prefix)=\"http://www.topografix.com/GPX/1/1\")")
        }
    }

    /// The name without its prefix when the prefix names GPX elements, else nil.
    private func localName(_ name: String) -> String? {
        guard let colon = name.firstIndex(of: ":") else { return gpxPrefixes.contains("") ? name : nil }
        return gpxPrefixes.contains(String(name[..<colon])) ? String(name[name.index(after: colon)...]) : nil
    }

    private mutating func start(_ name: String?, _ attributes: [XMLAttribute], line: Int) throws(InputError) {
        if let open = point, open.timeText != nil {
            throw InputError(file: file, line: line, message: "<time> of the <\(open.element)> on line \(open.line) holds an element")
        }
        guard let name else { return }
        switch name {
        case "trkpt", "rtept", "wpt":
            if let open = point {
                throw InputError(file: file, line: line, message: "<\(name)> inside the <\(open.element)> on line \(open.line): a point cannot hold another")
            }
            guard points.count < GPXTrack.maxPoints else {
                throw InputError(file: file, line: line, message: "more than \(GPXTrack.maxPoints) points in one GPX file")
            }
            point = OpenPoint(element: name, line: line, depth: depth, coordinate: try coordinate(of: name, attributes, line: line))
        case "time":
            guard var open = point, depth == open.depth + 1 else { return }
            if open.time != nil {
                throw InputError(file: file, line: line, message: "a second <time> in the <\(open.element)> on line \(open.line)")
            }
            open.timeText = ""
            open.timeLine = line
            point = open
        default:
            break
        }
    }

    private mutating func end(_ name: String?, line: Int) throws(InputError) {
        guard var open = point, let name else { return }
        if name == "time", let text = open.timeText, depth == open.depth + 1 {
            let trimmed = Self.trimmed(text)
            guard let time = GPXTime.parse(trimmed) else {
                throw InputError(file: file, line: open.timeLine, message: "invalid <time> \"\(Self.shown(String(trimmed)))\" (expected ISO 8601, e.g. 2024-05-01T10:00:00Z)")
            }
            open.time = time
            open.timeText = nil
            point = open
        } else if depth == open.depth, name == open.element {
            try finish(open)
            point = nil
        }
    }

    /// Adds a point whose end tag was read.
    private mutating func finish(_ open: OpenPoint) throws(InputError) {
        let time: Duration
        if let t = open.time {
            anyTimed = true
            if let last = points.last, t < last.time {
                throw InputError(file: file, line: open.line, message: "<\(open.element)> time goes backwards")
            }
            time = t
        } else {
            if firstUntimed == nil { firstUntimed = (open.element, open.line) }
            time = GPXTrack.untimedSpacing * points.count
        }
        points.append(GPXTrack.Point(coordinate: open.coordinate, time: time))
    }

    /// The `lat` and `lon` attributes as a coordinate.
    private func coordinate(of name: String, _ attributes: [XMLAttribute], line: Int) throws(InputError) -> Coordinate {
        guard let latText = attributes.first(where: { $0.name == "lat" })?.value,
              let lonText = attributes.first(where: { $0.name == "lon" })?.value else {
            throw InputError(file: file, line: line, message: "<\(name)> needs lat and lon attributes")
        }
        guard let lat = Self.decimal(latText), (-90...90).contains(lat), let lon = Self.decimal(lonText), (-180...180).contains(lon) else {
            throw InputError(file: file, line: line, message: "<\(name)> has an invalid coordinate lat=\"\(Self.shown(latText))\" lon=\"\(Self.shown(lonText))\"")
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// The longest coordinate text read: 64 characters (degrees need about 20).
    static let maxDecimalLength = 64

    /// `text` as a decimal number (`[+-]digits[.digits]`, leading and trailing spaces allowed, as
    /// XML Schema's `xsd:decimal`): no exponent, hex, `nan` or `inf`.
    static func decimal(_ text: String) -> Double? {
        let trimmed = Self.trimmed(text)
        guard trimmed.utf8.count <= maxDecimalLength else { return nil }
        var digits = trimmed.utf8[...]
        if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { digits = digits.dropFirst() }
        let parts = digits.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(isDigit) }), parts.contains(where: { !$0.isEmpty }) else { return nil }
        return Double(trimmed)
    }

    /// `text` without the XML whitespace (space, tab, line end) around it.
    static func trimmed(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return text[first...last]
    }

    /// `text` for a message: at most 40 characters, then `…`.
    static func shown(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(40) + "…"
    }
}
