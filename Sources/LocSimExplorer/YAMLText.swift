import LocSim
import LocSimModel
import LocSimScenario

/// Small helpers that write YAML scalars the scenario parser reads back exactly.
enum YAMLText {
    /// Words YAML reads as something other than a string.
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]

    /// A plain word when it is safe, else a double-quoted string.
    static func quoted(_ s: String) -> String {
        let plain = !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
            && !(s.first!.isNumber || s.first == "-" || s.first == ".")
            && !Self.reserved.contains(s.lowercased())
        if plain { return s }
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if ch.value < 0x20 { out += "\\u" + String(ch.value, radix: 16).leftPadded(4) } else { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }

    /// A number without a trailing `.0` when it is whole.
    static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }

    /// The app-call step for a call on `main`: `requestAlways`, `{monitorRegion: home}`, `{set: {…}}`.
    static func step(_ call: AppCall) -> String {
        switch call {
        case .requestWhenInUse, .requestAlways, .requestLocation, .startUpdating, .stopUpdating,
             .startSignificantChanges, .stopSignificantChanges, .startVisits, .stopVisits:
            return call.word
        case .monitorRegion(let r):
            guard let c = r.center else {
                return r.radius == 100 ? "{monitorRegion: \(quoted(r.name))}" : "{monitorRegion: {name: \(quoted(r.name)), radius: \(number(r.radius))}}"
            }
            return "{monitorRegion: {name: \(quoted(r.name)), latitude: \(number(c.latitude)), longitude: \(number(c.longitude)), radius: \(number(r.radius))}}"
        case .stopMonitoringRegion(let n): return "{stopMonitoringRegion: \(quoted(n))}"
        case .requestFullAccuracy(let k): return "{requestFullAccuracy: \(quoted(k))}"
        case .set(let props):
            let parts = props.map { p -> String in
                switch p {
                case .allowsBackgroundLocationUpdates(let v): "allowsBackgroundLocationUpdates: \(v)"
                case .showsBackgroundLocationIndicator(let v): "showsBackgroundLocationIndicator: \(v)"
                case .pausesLocationUpdatesAutomatically(let v): "pausesLocationUpdatesAutomatically: \(v)"
                case .desiredAccuracy(let v): "desiredAccuracy: \(v.rawValue)"
                }
            }
            return "{set: {\(parts.joined(separator: ", "))}}"
        }
    }
}

extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
