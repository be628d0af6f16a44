import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LocSimModel

/// A GPX 1.1 track: timed points the device follows on the virtual clock.
///
/// Reads `trkpt`, `rtept` and `wpt` elements with `lat`, `lon` and a `time` child, the format
/// Xcode uses to simulate locations. Core Location has no such type.
public struct GPXTrack: Hashable, Sendable {
    /// One timed point.
    public struct Point: Hashable, Sendable {
        /// Where.
        public var coordinate: Coordinate
        /// When, as time since the Unix epoch (only differences matter).
        public var time: Duration
    }

    /// The points, in document order.
    public var points: [Point]

    /// Parses GPX text. `file` names the source in errors.
    /// - Throws: `InputError` with the file and line of the problem.
    public init(data: Data, file: String) throws {
        let delegate = GPXParserDelegate(file: file)
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        let ok = parser.parse()
        // swift-corelibs-foundation may return true after a recovered XML error: check it first.
        if let (line, xmlError) = delegate.xmlError {
            throw InputError(file: file, line: line, message: "malformed GPX: \(Self.describe(xmlError))")
        }
        if let error = delegate.error { throw error }
        guard ok else {
            throw InputError(file: file, line: parser.lineNumber, message: "malformed GPX: \(parser.parserError.map(Self.describe) ?? "XML error")")
        }
        guard delegate.sawRoot else { throw InputError(file: file, line: 1, message: "not a GPX file: no <gpx> root element") }
        guard !delegate.points.isEmpty else { throw InputError(file: file, line: parser.lineNumber, message: "GPX file has no trkpt, rtept or wpt points") }
        points = delegate.points
    }

    /// An XML parser error in words: Foundation on Linux only says "NSXMLParserErrorDomain error N".
    static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        let names: [Int: String] = [
            3: "the document does not start as XML", 4: "the document is empty or not XML",
            5: "the document ends too early", 9: "an invalid character", 23: "a tag is not closed",
            26: "an undeclared entity", 38: "an attribute is not quoted", 41: "an attribute has no value",
            73: "a closing tag is missing", 76: "mismatched opening and closing tags", 111: "a tag is not finished",
        ]
        return names[code].map { "\($0) (XML error \(code))" } ?? "XML error \(code)"
    }

    /// Reads and parses a GPX file.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, line: nil, message: "cannot read GPX file")
        }
        try self.init(data: data, file: path)
    }
}

private final class GPXParserDelegate: NSObject, XMLParserDelegate {
    let file: String
    var points: [GPXTrack.Point] = []
    var error: InputError?
    var sawRoot = false
    /// The first XML syntax error and its line (not the abort that follows ``error``).
    var xmlError: (Int, any Error)?
    private var current: (lat: Double, lon: Double, line: Int)?
    private var inTime = false
    private var timeText = ""
    private var time: Duration?

    init(file: String) { self.file = file }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        guard error == nil else { return }
        if name == "gpx" { sawRoot = true }
        if name == "trkpt" || name == "wpt" || name == "rtept" {
            guard let latText = attributes["lat"], let lonText = attributes["lon"] else {
                return fail(parser, "<\(name)> needs lat and lon attributes")
            }
            guard let lat = Double(latText), (-90...90).contains(lat), let lon = Double(lonText), (-180...180).contains(lon) else {
                return fail(parser, "<\(name)> has an invalid coordinate lat=\"\(latText)\" lon=\"\(lonText)\"")
            }
            current = (lat, lon, parser.lineNumber)
            time = nil
        } else if name == "time", current != nil {
            inTime = true
            timeText = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTime { timeText += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard error == nil else { return }
        if name == "time", inTime {
            inTime = false
            let text = timeText.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let t = Self.parseTime(text) else { return fail(parser, "invalid <time> \"\(text)\" (expected ISO 8601, e.g. 2024-05-01T10:00:00Z)") }
            time = t
        } else if name == "trkpt" || name == "wpt" || name == "rtept", let c = current {
            guard let time else {
                error = InputError(file: file, line: c.line, message: "<\(name)> has no <time>: LocSim plays tracks on the virtual clock and needs a time for every point")
                parser.abortParsing()
                return
            }
            if let last = points.last, time < last.time {
                error = InputError(file: file, line: c.line, message: "<\(name)> time goes backwards")
                parser.abortParsing()
                return
            }
            points.append(GPXTrack.Point(coordinate: Coordinate(latitude: c.lat, longitude: c.lon), time: time))
            current = nil
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if error == nil, xmlError == nil { xmlError = (parser.lineNumber, parseError) }
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        error = InputError(file: file, line: parser.lineNumber, message: message)
        parser.abortParsing()
    }

    static func parseTime(_ text: String) -> Duration? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        guard let date = plain.date(from: text) ?? withFraction.date(from: text) else { return nil }
        let ms = (date.timeIntervalSince1970 * 1000).rounded()
        return .milliseconds(Int64(ms))
    }
}
