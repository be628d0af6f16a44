/// The built-in scenario `swift run locsim` runs with no arguments: the story of an app that asks
/// for Always directly.
///
/// The initial prompt, provisional Always after Allow While Using, the app in the background, a
/// region event, the confirmation prompt, and Always confirmed with the held event delivered.
/// ``text`` is, byte for byte, the file ``examplePath`` in the repository (a test checks it);
/// `locsim --print-default` prints it.
public enum DefaultScenario {
    /// The file name shown in output.
    public static let file = "<built-in: Examples/default-story.yml>"

    /// The file in the repository that holds the same text.
    public static let examplePath = "Examples/default-story.yml"

    /// The scenario text (format 1).
    public static let text = """
    # The default story, which `swift run locsim` runs. Rules: E5, G1, G2, G3, G5, G6, C6, A10 (Docs/Rules.md).
    # `locsim --print-default` prints this file, to edit and run (`locsim --print-default > mine.yml`,
    # then `locsim run mine.yml`).
    #
    # An app asks for Always straight away. Since iOS 13 the first prompt offers no Always: "Allow
    # While Using App" grants a provisional Always. The app reads authorizedAlways (the timeline
    # marks it provisional; the app cannot tell), while Settings shows While Using. Later, in the
    # background, a region event needs Always: the system asks a second time, and "Change to Always
    # Allow" makes Always permanent, silently, and the held event arrives.
    name: "Always asked for directly: Allow While Using gives a provisional Always, a second prompt confirms it"
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
      # E5: the first prompt has the When In Use buttons and message; no Always button.
      - expect:
          prompt: initial
          buttons: [allowOnce, allowWhileUsing, dontAllow]
          promptMessage: Trails shows your position
      - choose: allowWhileUsing
      # G1, A10: Always, but provisional: the app reads authorizedAlways, Settings shows While Using.
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
      # G3: a region event out of use needs Always: the second prompt appears, the event is held.
      - moveTo: {latitude: 37.3318, longitude: -122.0312}
      - expect:
          prompt: alwaysConfirmation
          buttons: [keepOnlyWhileUsing, changeToAlwaysAllow]
          promptMessage: even when closed
          callbacks: []
      - wait: 20s
      # G5, G6, C6: confirmed: Always is permanent with no callback, and the held event arrives.
      - choose: changeToAlwaysAllow
      - expect:
          status: authorizedAlways
          provisional: false
          settings: always
          callbacks: [didEnterRegion(trailhead)]
          notReceived: [didChangeAuthorization]

    """
}
