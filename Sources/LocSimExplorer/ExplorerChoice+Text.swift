import LocSimModel

extension ExplorerChoice {
    /// Reads a choice back from its ``description`` (`launch`, `choose allowOnce`, `tap(track)`,
    /// `wait 10s`): the spelling of paths in findings, which a test pastes to replay one.
    /// `nil` for anything else.
    public init?(description text: String) {
        switch text {
        case "launch": self = .launch; return
        case "foreground": self = .foreground; return
        case "background": self = .background; return
        case "suspend": self = .suspend; return
        case "terminate": self = .terminate; return
        case "forceQuit": self = .forceQuit; return
        case "crash": self = .crash; return
        case "lock": self = .lock; return
        case "unlock": self = .unlock; return
        case "visit": self = .visit; return
        default: break
        }
        if text.hasPrefix("tap("), text.hasSuffix(")"), text.count > 5 {
            self = .tap(String(text.dropFirst(4).dropLast()))
            return
        }
        guard let space = text.firstIndex(of: " ") else { return nil }
        let word = text[..<space], rest = String(text[text.index(after: space)...])
        switch word {
        case "choose":
            guard let b = PromptButton(rawValue: rest) else { return nil }
            self = .choose(b)
        case "settings":
            guard let o = SettingsOption(rawValue: rest) else { return nil }
            self = .settings(o)
        case "precise":
            guard rest == "on" || rest == "off" else { return nil }
            self = .precise(rest == "on")
        case "locationServices":
            guard rest == "on" || rest == "off" else { return nil }
            self = .locationServices(rest == "on")
        case "enterRegion" where !rest.isEmpty:
            self = .enterRegion(rest)
        case "exitRegion" where !rest.isEmpty:
            self = .exitRegion(rest)
        case "wait":
            guard let d = DurationText.parse(rest) else { return nil }
            self = .wait(d)
        default:
            return nil
        }
    }
}
