/// Built-in copies of the example app models, for the benchmark (a test checks they match
/// `Examples/explore/`).
package enum BenchmarkModels {
    package static let all: [(name: String, text: String)] = [
        ("buggy-tracker.yml", buggyTracker),
        ("careful-tracker.yml", carefulTracker),
    ]

    /// The iOS 13.4+ platforms the generated region models list, in order (16).
    package static let regionPlatforms = ["iOS 13.4", "iOS 13.5", "iOS 13.6", "iOS 13.7", "iOS 14.0", "iOS 14.1", "iOS 14.2", "iOS 14.3",
                                          "iOS 14.4", "iOS 14.5", "iOS 14.6", "iOS 14.7", "iOS 15.0", "iOS 15.1", "iOS 16.0", "iOS 17.0"]

    /// A generated app model with regions: `Examples/explore/region-reminder.yml`'s app, its
    /// monitoring tap starting `regions` regions (r1, r2, …), on the first `platforms` of
    /// ``regionPlatforms``. An Always app with several regions is the model whose state space
    /// grew without bound while held events (G5) were a list.
    package static func regionModel(regions: Int, platforms: Int) -> (name: String, text: String) {
        let names = (1...max(1, regions)).map { "r\($0)" }
        let list = regionPlatforms.prefix(max(1, min(platforms, regionPlatforms.count))).joined(separator: ", ")
        let text = """
        name: regions-\(names.count)x\(min(platforms, regionPlatforms.count))
        device: {platforms: [\(list)]}
        \(alwaysApp(name: "Reminders"))
            - {event: tap(background), when: ready, unless: background, set: [background], do: [{set: {allowsBackgroundLocationUpdates: true}}]}
            - {event: tap(background), when: ready, if: background, clear: [background], do: [{set: {allowsBackgroundLocationUpdates: false}}]}
            - {event: tap(monitor), when: ready, do: [\(names.map { "{monitorRegion: \($0)}" }.joined(separator: ", "))]}
        explore:
          depth: 64
          taps: [allow, background, monitor]
          maxStates: 100000000

        """
        return ("regions-\(names.count)x\(platforms).yml", text)
    }

    /// A generated geofencing app (issue 32): an Always app on iOS 18.0 whose user turns geofences
    /// on one by one, a tap per region (named `names`, `r1`, `r2`… by default), each monitoring
    /// its region; with `oneTap`, one tap (`all`) monitors them all in the order given. The app of
    /// `Benchmarks/spin/geofences.pml`, explored to `depth` (64: to the end).
    package static func geofenceModel(regions: Int = 2, names: [String]? = nil, oneTap: Bool = false, depth: Int = 64) -> (name: String, text: String) {
        let names = names ?? (1...max(1, regions)).map { "r\($0)" }
        let taps = oneTap
            ? "    - {event: tap(all), when: ready, do: [\(names.map { "{monitorRegion: \($0)}" }.joined(separator: ", "))]}"
            : names.map { "    - {event: tap(\($0)), when: ready, do: [{monitorRegion: \($0)}]}" }.joined(separator: "\n")
        let text = """
        name: geofences-\(names.count)
        device: {platforms: [iOS 18.0]}
        \(alwaysApp(name: "Geofences"))
        \(taps)
        explore:
          depth: \(depth)
          taps: [allow, \(oneTap ? "all" : names.joined(separator: ", "))]
          maxStates: 100000000

        """
        return ("geofences-\(names.count).yml", text)
    }

    /// A generated geofencing app on iOS 18's API (issue 32): the Always app of
    /// ``geofenceModel(regions:names:oneTap:depth:)``, which at each launch holds an Always
    /// `CLServiceSession` and opens the `CLMonitor` `places`, and whose user turns geofences on one
    /// by one, a tap per geofence (named `c1`, `c2`…), each adding its condition to the monitor;
    /// a satisfied condition's event starts updates. Explored to `depth` (64: to the end).
    package static func monitorGeofenceModel(conditions: Int = 2, depth: Int = 64) -> (name: String, text: String) {
        let names = (1...max(1, conditions)).map { "c\($0)" }
        let taps = names.map { "    - {event: tap(\($0)), when: ready, do: [{addCondition: {monitor: places, identifier: \($0)}}]}" }.joined(separator: "\n")
        let text = """
        name: monitor-geofences-\(names.count)
        device: {platforms: [iOS 18.0]}
        \(alwaysApp(name: "Geofences"))
            - {event: launch, do: [{createServiceSession: {name: session, authorization: always}}, {openMonitor: places}]}
            - {event: monitorEvent(satisfied), do: [startUpdating]}
        \(taps)
        explore:
          depth: \(depth)
          taps: [allow, \(names.joined(separator: ", "))]
          maxStates: 100000000

        """
        return ("monitor-geofences-\(names.count).yml", text)
    }

    /// The `app` section the generated region apps share, up to their own reactions: an app with
    /// the location background mode that asks for Always once, from a tap on its first screen,
    /// waits for the answer, and shows `ready` once authorized (`region-reminder.yml`'s app).
    private static func alwaysApp(name: String) -> String {
        """
        app:
          name: \(name)
          backgroundModes: [location]
          screens: [home, asking, ready, blocked]
          waiting: [asking]
          on:
            - {event: tap(allow), when: home, unless: asked, set: [asked], do: [requestAlways], goto: asking}
            - {event: didChangeAuthorization(authorizedAlways), when: [home, asking, blocked], goto: ready}
            - {event: didChangeAuthorization(authorizedWhenInUse), when: [home, asking, blocked], goto: ready}
            - {event: didChangeAuthorization(denied), goto: blocked}
            - {event: didChangeAuthorization(notDetermined), goto: home}
            - {event: foreground, when: asking, goto: home}
        """
    }

    static let buggyTracker = #"""
# A run tracker with every kind of problem `locsim explore` reports.
# Try: locsim explore Examples/explore/buggy-tracker.yml
name: buggy-tracker
device: {platforms: [iOS 12.4, iOS 13.2, iOS 18.0, visionOS 2.0]}   # explore each
app:
  name: Trails
  backgroundModes: []                          # no `location` mode: see the `set` below
  screens: [home, asking, tracking, blocked]   # the app's own states; the first is the start
  waiting: [asking]                            # screens that wait for an answer
  on:                                          # how the app reacts; first match wins
    # Asks for Always when the user taps Track, then waits for the answer.
    - {event: tap(track), when: home, do: [requestAlways], goto: asking}
    # Starts tracking on Always, and turns on background updates without the background mode.
    - {event: didChangeAuthorization(authorizedAlways), when: asking,
       do: [startUpdating, {set: {allowsBackgroundLocationUpdates: true}}], goto: tracking}
    - {event: didChangeAuthorization(denied), when: asking, goto: blocked}
    # Shows the map (and starts updates) as soon as it hears When In Use, wherever it is.
    - {event: didChangeAuthorization(authorizedWhenInUse), when: home, do: [startUpdating]}
    # Nags for When In Use every time it returns to the foreground.
    - {event: foreground, do: [requestWhenInUse]}
explore:
  depth: 12            # events per path
  taps: [track]        # UI actions the user may take
"""#

    static let carefulTracker = #"""
# The same tracker written carefully: `locsim explore` finds nothing.
# It follows the status it is told, asks only when the user taps, starts updates only from a tap,
# and treats a prompt that went away unanswered (device locked, C10) as no answer.
name: careful-tracker
device: {platforms: [iOS 12.4, iOS 13.2, iOS 18.0, visionOS 2.0]}
app:
  name: Trails
  screens: [starting, ready, asking, allowed, tracking, blocked]
  waiting: [asking]
  on:
    # Follow the status the delegate reports, stopping updates that can no longer run.
    - {event: didChangeAuthorization(notDetermined), when: tracking, do: [stopUpdating], goto: ready}
    - {event: didChangeAuthorization(notDetermined), goto: ready}
    - {event: didChangeAuthorization(denied), when: tracking, do: [stopUpdating], goto: blocked}
    - {event: didChangeAuthorization(denied), goto: blocked}
    - {event: didChangeAuthorization(restricted), when: tracking, do: [stopUpdating], goto: blocked}
    - {event: didChangeAuthorization(restricted), goto: blocked}
    - {event: didChangeAuthorization(authorizedWhenInUse), when: tracking}
    - {event: didChangeAuthorization(authorizedWhenInUse), goto: allowed}
    - {event: didChangeAuthorization(authorizedAlways), when: tracking}
    - {event: didChangeAuthorization(authorizedAlways), goto: allowed}
    # Ask only when the user needs location; start updates only from the user's tap.
    - {event: tap(locate), when: ready, do: [requestWhenInUse], goto: asking}
    - {event: tap(track), when: allowed, do: [startUpdating], goto: tracking}
    - {event: tap(stop), when: tracking, do: [stopUpdating], goto: allowed}
    # Back in the foreground while asking: the prompt went away unanswered; offer the button again.
    - {event: foreground, when: asking, goto: ready}
explore:
  depth: 14
  taps: [locate, track, stop]
"""#
}
