import Foundation
import Testing
import LocSim
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

    @Test("A point without <time> is an InputError naming the file and the point's line")
    func missingTime() {
        let data = Self.gpx("""
            <trkpt lat="37.3349" lon="-122.0090"><time>2024-05-01T10:00:00Z</time></trkpt>
            <trkpt lat="37.3449" lon="-122.0090"></trkpt>
        """)
        #expect(throws: InputError(file: "walk.gpx", line: 5,
                                   message: "<trkpt> has no <time>: LocSim plays tracks on the virtual clock and needs a time for every point")) {
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
}
