/// The built-in scenario `swift run locsim` runs with no arguments.
///
/// Seed 000's "Request Always Authorization Directly" story end to end: the initial prompt,
/// provisional Always, the app in the background, a region event, the confirmation prompt, and
/// Always confirmed with the held event delivered.
public enum DefaultScenario {
    /// The file name shown in output.
    public static let file = "<built-in: request-always-directly.yml>"

    /// The scenario text (format 1).
    public static let text = """
    # Seed 000, "Request Always Authorization Directly". Rules: E5, G1, G2, G3, G5, G6, C6, A10.
    name: Request Always Authorization Directly (seed 000)
    device:
      platform: iOS 18.0
      gracePeriod: 10s
    app:
      name: Trails
      purposeStrings:
        NSLocationWhenInUseUsageDescription: Trails shows your position on the trail map.
        NSLocationAlwaysAndWhenInUseUsageDescription: Trails tells you when you reach a trailhead, even when closed.
      backgroundModes: [location]
    steps:
      - launch
      - expect: {callbacks: [didChangeAuthorization(notDetermined)]}
      - requestAlways
      - expect:
          prompt: initial
          buttons: [allowOnce, allowWhileUsing, dontAllow]
          promptMessage: Trails shows your position
      - choose: allowWhileUsing
      - expect:
          status: authorizedAlways
          provisional: true
          settings: whileUsing
          callbacks: [didChangeAuthorization(authorizedAlways)]
      - monitorRegion: {name: trailhead, latitude: 37.3318, longitude: -122.0312, radius: 200}
      - background
      - wait: 1m
      - expect: {inUse: false, appState: background}
      - suspend
      - moveTo: {latitude: 37.3318, longitude: -122.0312}
      - expect:
          prompt: alwaysConfirmation
          buttons: [keepOnlyWhileUsing, changeToAlwaysAllow]
          promptMessage: even when closed
          callbacks: []
      - wait: 20s
      - choose: changeToAlwaysAllow
      - expect:
          status: authorizedAlways
          provisional: false
          settings: always
          callbacks: [didEnterRegion(trailhead)]
          notReceived: [didChangeAuthorization]
    """
}
