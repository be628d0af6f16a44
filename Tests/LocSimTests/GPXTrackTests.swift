import Foundation
import Testing
@testable import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// The GPX input parser and track playback on the virtual clock.
@Suite("GPX tracks")
struct GPXTrackTests {
    static func gpx(_ points: String) -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="LocSim tests" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><trkseg>
        \(points)
          </trkseg></trk>
        </gpx>
        """.utf8)
    }

    static let valid = gpx("""
        <trkpt lat="37.3349" lon="-122.0090"><time>2024-05-01T10:00:00Z</time></trkpt>
        <trkpt lat="37.3449" lon="-122.0090"><time>2024-05-01T10:00:30Z</time></trkpt>
        <trkpt lat="37.3549" lon="-122.0090"><time>2024-05-01T10:01:00.500Z</time></trkpt>
    """)

    @Test("A valid track parses every point with its coordinate and time")
    func validTrack() throws {
        let track = try GPXTrack(data: Self.valid, file: "walk.gpx")
        #expect(track.points.map(\.coordinate) == [Coordinate(latitude: 37.3349, longitude: -122.0090),
                                                   Coordinate(latitude: 37.3449, longitude: -122.0090),
                                                   Coordinate(latitude: 37.3549, longitude: -122.0090)])
        let start = track.points[0].time
        #expect(track.points.map { $0.time - start } == [.zero, .seconds(30), .milliseconds(60_500)])
        // Waypoints and route points count too.
        let wpt = try GPXTrack(data: Data("""
            <gpx version="1.1"><wpt lat="1" lon="2"><time>2024-05-01T10:00:00Z</time></wpt><rte><rtept lat="3" lon="4"><time>2024-05-01T10:00:01Z</time></rtept></rte></gpx>
            """.utf8), file: "w.gpx")
        #expect(wpt.points.map(\.coordinate) == [Coordinate(latitude: 1, longitude: 2), Coordinate(latitude: 3, longitude: 4)])
    }

    @Test("A point without <time> among timed points is an InputError naming the file and the point's line")
    func missingTime() {
        let data = Self.gpx("""
            <trkpt lat="37.3349" lon="-122.0090"><time>2024-05-01T10:00:00Z</time></trkpt>
            <trkpt lat="37.3449" lon="-122.0090"></trkpt>
        """)
        #expect(throws: InputError(file: "walk.gpx", line: 5,
                                   message: "<trkpt> has no <time> while other points have one: LocSim plays a timed track on the virtual clock and needs a time for every point")) {
            try GPXTrack(data: data, file: "walk.gpx")
        }
    }

    @Test("An out-of-range or non-numeric latitude is an InputError with its line")
    func badLatitude() {
        for lat in ["91", "north"] {
            let data = Self.gpx("""
                <trkpt lat="37.3349" lon="-122.0090"><time>2024-05-01T10:00:00Z</time></trkpt>
                <trkpt lat="\(lat)" lon="-122.0090"><time>2024-05-01T10:00:30Z</time></trkpt>
            """)
            #expect(throws: InputError(file: "walk.gpx", line: 5, message: "<trkpt> has an invalid coordinate lat=\"\(lat)\" lon=\"-122.0090\"")) {
                try GPXTrack(data: data, file: "walk.gpx")
            }
        }
    }

    @Test("Malformed XML, a bad <time>, backwards time, no <gpx> root and no points are InputErrors with file and line")
    func malformed() throws {
        let broken = Self.gpx("""
            <trkpt lat="37.3349" lon="-122.0090"><time>2024-05-01T10:00:00Z</time></trkpt>
            <trkpt lat="37.3449" lon="-122.0090"><time>2024-05-01T10:00:30Z</trkpt>
        """)
        do {
            _ = try GPXTrack(data: broken, file: "broken.gpx")
            Issue.record("malformed XML parsed")
        } catch let error as InputError {
            #expect(error.file == "broken.gpx")
            #expect(error.line == 5)
            #expect(error.message.hasPrefix("malformed GPX: "))
            #expect(error.description.hasPrefix("broken.gpx:5: malformed GPX: "))
        }

        // A truncated file is malformed too, even though its points are complete.
        let truncated = Data("<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T10:00:00Z</time></trkpt>\n".utf8)
        do {
            _ = try GPXTrack(data: truncated, file: "cut.gpx")
            Issue.record("truncated GPX parsed")
        } catch let error as InputError {
            #expect(error.file == "cut.gpx" && error.line != nil)
            #expect(error.message.hasPrefix("malformed GPX: "))
        }

        let badTime = Self.gpx("""
            <trkpt lat="37.3349" lon="-122.0090"><time>yesterday</time></trkpt>
        """)
        #expect(throws: InputError(file: "t.gpx", line: 4, message: "invalid <time> \"yesterday\" (expected ISO 8601, e.g. 2024-05-01T10:00:00Z)")) {
            try GPXTrack(data: badTime, file: "t.gpx")
        }
        let backwards = Self.gpx("""
            <trkpt lat="37.3349" lon="-122.0090"><time>2024-05-01T10:00:30Z</time></trkpt>
            <trkpt lat="37.3449" lon="-122.0090"><time>2024-05-01T10:00:00Z</time></trkpt>
        """)
        #expect(throws: InputError(file: "b.gpx", line: 5, message: "<trkpt> time goes backwards")) {
            try GPXTrack(data: backwards, file: "b.gpx")
        }
        #expect(throws: InputError(file: "k.xml", line: 1, message: "not a GPX file: no <gpx> root element")) {
            try GPXTrack(data: Data("<kml><trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T10:00:00Z</time></trkpt></kml>".utf8), file: "k.xml")
        }
        #expect(throws: InputError.self) { try GPXTrack(data: Self.gpx(""), file: "empty.gpx") }
        #expect(throws: InputError(file: "/nonexistent/x.gpx", line: nil, message: "cannot read GPX file")) {
            try GPXTrack(contentsOf: "/nonexistent/x.gpx")
        }
    }

    @Test("A played track moves the device on the virtual clock and running updates see each fix")
    func playback() throws {
        let track = try GPXTrack(data: Self.valid, file: "walk.gpx")
        let sim = Rig.Sim()
        sim.app.launch()
        sim.app.changeSetting(.whileUsing)
        sim.call { $0.startUpdatingLocation() }
        sim.device.advance(by: .seconds(5))
        sim.device.play(track)
        #expect(sim.recorder.locations.flatMap { $0 }.map(\.coordinate) == [track.points[0].coordinate])
        sim.device.advance(by: .seconds(29))
        #expect(sim.recorder.locations.count == 1)
        sim.device.advance(by: .seconds(1))
        #expect(sim.recorder.locations.last?.map(\.coordinate) == [track.points[1].coordinate])
        #expect(sim.recorder.locations.last?.first?.timestamp == .seconds(35))
        sim.device.advance(by: .seconds(60))
        #expect(sim.recorder.locations.flatMap { $0 }.map(\.timestamp) == [.seconds(5), .seconds(35), .milliseconds(65_500)])
        #expect(sim.device.location?.coordinate == track.points[2].coordinate)
    }

    @Test("<time> is strict RFC 3339: offsets, fractions of any length, real dates only")
    func times() {
        let epoch = GPXTime.parse("1970-01-01T00:00:00Z")
        #expect(epoch == .zero)
        #expect(GPXTime.parse("2024-05-01T12:00:00+02:00") == GPXTime.parse("2024-05-01T10:00:00Z"))
        #expect(GPXTime.parse("2024-05-01t09:30:00.25-00:30") == GPXTime.parse("2024-05-01T10:00:00.250Z"))
        #expect(GPXTime.parse("2024-02-29T00:00:00Z") == .seconds(1_709_164_800))
        #expect(GPXTime.parse("1969-12-31T23:59:59Z") == .seconds(-1))
        // 35 and more fraction digits read (digits past nanoseconds are ignored).
        #expect(GPXTime.parse("2024-05-01T10:00:00.\(String(repeating: "9", count: 35))Z") == GPXTime.parse("2024-05-01T10:00:00.999999999Z"))
        for bad in ["2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-04-31T00:00:00Z",
                    "2024-05-01T24:00:00Z", "2024-05-01T10:60:00Z", "2024-05-01T10:00:60Z", "2024-05-01T10:00:00+25:00",
                    "2024-05-01T10:00:00+02:60", "2024-05-01T10:00:00", "2024-05-01 10:00:00Z", "2024-05-01T10:00:00.Z",
                    "2024-05-01T10:00:00ZZ", "24-05-01T10:00:00Z", "２０２４-05-01T10:00:00Z", "", "yesterday"] {
            #expect(GPXTime.parse(Substring(bad)) == nil, "\(bad)")
        }
    }

    @Test("Coordinates are decimal degrees only: hex, exponents, nan and inf are invalid")
    func decimals() {
        #expect(GPXTrackReader.decimal("37.3349") == 37.3349)
        #expect(GPXTrackReader.decimal("-122") == -122)
        #expect(GPXTrackReader.decimal("+.5") == 0.5)
        #expect(GPXTrackReader.decimal(" 1. ") == 1)
        for bad in ["0x1p3", "1e1", "nan", "inf", "-inf", "infinity", "", ".", "-", "1.2.3", "1,5", String(repeating: "1", count: 65)] {
            #expect(GPXTrackReader.decimal(bad) == nil, "\(bad)")
        }
    }

    @Test("Untimed files: Xcode's single waypoint is a fixed location; several points are untimedSpacing apart")
    func untimed() throws {
        let xcode = try GPXTrack(data: Data("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="Xcode">
                <wpt lat="37.331705" lon="-122.030237">
                    <name>Cupertino</name>
                </wpt>
            </gpx>
            """.utf8), file: "Cupertino.gpx")
        #expect(xcode.points == [GPXTrack.Point(coordinate: Coordinate(latitude: 37.331705, longitude: -122.030237), time: .zero)])
        let route = try GPXTrack(data: Self.gpx("""
            <trkpt lat="1" lon="2"/>
            <trkpt lat="3" lon="4"></trkpt>
            <trkpt lat="5" lon="6"><name>c</name></trkpt>
        """), file: "r.gpx")
        #expect(route.points.map(\.time) == [.zero, GPXTrack.untimedSpacing, GPXTrack.untimedSpacing * 2])
        // Played, a single waypoint is one fix, now.
        let sim = Rig.Sim()
        sim.app.launch()
        sim.app.changeSetting(.whileUsing)
        sim.call { $0.startUpdatingLocation() }
        sim.device.play(xcode)
        sim.device.advance(by: .seconds(60))
        #expect(sim.recorder.locations.flatMap { $0 }.map(\.coordinate) == [xcode.points[0].coordinate])
    }

    @Test("Structure: a nested point, a second <time> and an element inside <time> are errors; CDATA times and a bound prefix read")
    func structure() throws {
        let nested = Self.gpx("""
            <trkpt lat="1" lon="2"><time>2024-05-01T10:00:00Z</time>
              <trkpt lat="3" lon="4"><time>2024-05-01T10:00:01Z</time></trkpt>
            </trkpt>
        """)
        #expect(throws: InputError(file: "n.gpx", line: 5, message: "<trkpt> inside the <trkpt> on line 4: a point cannot hold another")) {
            try GPXTrack(data: nested, file: "n.gpx")
        }
        let twice = Self.gpx("""
            <trkpt lat="1" lon="2"><time>2024-05-01T10:00:00Z</time>
            <time>2024-05-01T10:00:05Z</time></trkpt>
        """)
        #expect(throws: InputError(file: "t.gpx", line: 5, message: "a second <time> in the <trkpt> on line 4")) {
            try GPXTrack(data: twice, file: "t.gpx")
        }
        let element = Self.gpx("""
            <trkpt lat="1" lon="2"><time><b>2024-05-01T10:00:00Z</b></time></trkpt>
        """)
        #expect(throws: InputError(file: "e.gpx", line: 4, message: "<time> of the <trkpt> on line 4 holds an element")) {
            try GPXTrack(data: element, file: "e.gpx")
        }
        let cdata = try GPXTrack(data: Self.gpx("""
            <trkpt lat="1" lon="2"><time><![CDATA[2024-01-01T00:00:00Z]]></time></trkpt>
            <trkpt lat="1" lon="2"><time> 2024-01-01T00:00:<!-- split -->05Z </time></trkpt>
        """), file: "c.gpx")
        #expect(cdata.points.map(\.time) == [GPXTime.parse("2024-01-01T00:00:00Z"), GPXTime.parse("2024-01-01T00:00:05Z")])
        // A <time> in an extension (another namespace, or deeper than the point's child) is not the point's.
        let extended = try GPXTrack(data: Data("""
            <gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:x="urn:x"><trk><trkseg>
            <trkpt lat="1" lon="2"><time>2024-01-01T00:00:00Z</time><x:time>junk</x:time><extensions><time>junk</time></extensions></trkpt>
            </trkseg></trk></gpx>
            """.utf8), file: "x.gpx")
        #expect(extended.points.count == 1)
        let prefixed = try GPXTrack(data: Data("""
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:wpt lat="1" lon="2"><g:time>2024-01-01T00:00:00Z</g:time></g:wpt><wpt lat="9" lon="9"/></g:gpx>
            """.utf8), file: "g.gpx")
        #expect(prefixed.points.map(\.coordinate) == [Coordinate(latitude: 1, longitude: 2)])
        #expect(throws: InputError(file: "u.gpx", line: 1, message: "not a GPX file: the root <g:gpx> uses the prefix 'g', which it does not bind to the GPX namespace (xmlns:g=\"http://www.topografix.com/GPX/1/1\")")) {
            try GPXTrack(data: Data("<g:gpx><g:wpt lat=\"1\" lon=\"2\"/></g:gpx>".utf8), file: "u.gpx")
        }
    }

    @Test("40,000 points read and play back in linear time, every fix delivered")
    func manyPoints() throws {
        let count = 40_000
        var text = "<gpx version=\"1.1\"><trk><trkseg>\n"
        let start = GPXTime.parse("2024-05-01T00:00:00Z") ?? .zero
        for i in 0..<count {
            let seconds = i % 60, minutes = (i / 60) % 60, hours = i / 3600
            let time = "2024-05-01T\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds)Z"
            text += "<trkpt lat=\"\(Double(i % 90) / 2)\" lon=\"-122.0\"><time>\(time)</time></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        let track = try GPXTrack(data: Data(text.utf8), file: "long.gpx")
        #expect(track.points.count == count)
        #expect(track.points.last.map { $0.time - start } == .seconds(count - 1))
        let sim = Rig.Sim()
        sim.device.recordsTimeline = false
        sim.app.launch()
        sim.app.changeSetting(.whileUsing)
        sim.call { $0.startUpdatingLocation() }
        sim.device.play(track)
        sim.device.advance(by: .seconds(count))
        let timestamps = sim.recorder.locations.flatMap { $0 }.map(\.timestamp)
        #expect(timestamps.count == count)
        #expect(timestamps.last == .seconds(count - 1))
    }

    @Test("Tracks played while another is playing merge in time order (ties: the earlier track first)")
    func overlappingTracks() throws {
        func track(_ offsets: [Int], lat: Double) -> GPXTrack {
            GPXTrack(points: offsets.map { GPXTrack.Point(coordinate: Coordinate(latitude: lat, longitude: 0), time: .seconds($0)) })
        }
        let sim = Rig.Sim()
        sim.app.launch()
        sim.app.changeSetting(.whileUsing)
        sim.call { $0.startUpdatingLocation() }
        sim.device.play(track([0, 20, 40, 60], lat: 1))
        sim.device.advance(by: .seconds(10))
        sim.device.play(track([0, 10, 30, 100], lat: 2))
        sim.device.advance(by: .seconds(200))
        let fixes = sim.recorder.locations.flatMap { $0 }
        #expect(fixes.map(\.timestamp) == [0, 10, 20, 20, 40, 40, 60, 110].map { Duration.seconds($0) })
        #expect(fixes.map(\.coordinate.latitude) == [1, 2, 1, 2, 1, 2, 1, 2])
        #expect(sim.device.location?.coordinate.latitude == 2)
    }

    @Test("Every single-byte mutation and truncation of a valid track reads or is an InputError with a line in the file")
    func mutations() throws {
        let original = [UInt8](Self.valid)
        let replacements: [UInt8] = [0x00, 0x0D, 0x80, 0xFF, 0xC0, 0xED] + Array("<>&\"'?!]-/:= x0".utf8)
        var variants: [[UInt8]] = []
        for index in original.indices {
            variants.append(Array(original[..<index]))
            for byte in replacements where byte != original[index] {
                var copy = original
                copy[index] = byte
                variants.append(copy)
            }
        }
        var read = 0
        for variant in variants {
            // A CR is a line end too (the reader counts CR, LF and CR LF as one each).
            let lines = variant.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
            do {
                _ = try GPXTrack(data: Data(variant), file: "m.gpx")
                read += 1
            } catch let error as InputError {
                #expect(error.file == "m.gpx")
                #expect(error.line.map { (1...lines).contains($0) } == true, "\(error)")
            }
        }
        // Some mutations are harmless (a digit in a coordinate, a space in text).
        #expect(read > 0 && read < variants.count)
    }
}
