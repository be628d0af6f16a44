/// Which names the playground answers to, and which origins may change its sessions.
///
/// A page on any website can make a browser send requests to `127.0.0.1`, and a name the attacker
/// controls can be rebound to `127.0.0.1` (DNS rebinding), after which that page is same-origin
/// with the playground. The browser still sends the attacker's name in `Host`, so the server
/// answers only requests whose `Host` is a loopback name or address, or a name the user allowed
/// (`--allowed-host`), as Jupyter, webpack-dev-server and Vite's `allowedHosts` do.
struct HostPolicy: Sendable, Equatable {
    /// Names (lower-cased, IPv6 addresses without brackets) allowed besides the loopback ones.
    let allowedHosts: Set<String>

    /// A policy that allows the loopback names and addresses and `allowedHosts` (each a name or
    /// address, with or without brackets, case-insensitive).
    init(allowedHosts: some Sequence<String> = []) {
        // `name:port` allows the name on any port; a bare IPv6 address is not `host:port`.
        self.allowedHosts = Set(allowedHosts.map { Authority($0)?.host ?? Self.normalizedName($0) })
    }

    /// Whether a request with this `Host` header (`nil`: none) may be answered.
    func allows(host header: String?) -> Bool {
        guard let header, let authority = Authority(header) else { return false }
        return allows(name: authority.host)
    }

    /// Whether `name` (a parsed `Host` or `Origin` host) is loopback or allowed.
    func allows(name: String) -> Bool {
        Self.isLoopback(name) || allowedHosts.contains(name)
    }

    /// Whether a request with this `Origin` header came from the playground's own page: the same
    /// host and port as its `Host` header, or an allowed host. `null` (a sandboxed frame, a file)
    /// and anything that is not `scheme://host[:port]` are not.
    func isOwnOrigin(_ origin: String, host header: String?) -> Bool {
        guard let origin = Authority(origin: origin) else { return false }
        if allowedHosts.contains(origin.host) { return true }
        guard let header, let host = Authority(header) else { return false }
        return origin.host == host.host && origin.port == (host.port ?? 80)
    }

    /// `localhost`, an IPv4 address in 127.0.0.0/8 (dotted decimal, four parts) or `::1`, in any
    /// of its spellings. `127.evil.example` is a name, not an address, and is not loopback.
    static func isLoopback(_ name: String) -> Bool {
        if name == "localhost" { return true }
        if let v4 = ipv4(name) { return v4.0 == 127 }
        if let v6 = ipv6(name) { return v6 == Array(repeating: 0, count: 7) + [1] }
        return false
    }

    /// A name as compared: lower-cased, without IPv6 brackets.
    static func normalizedName(_ name: String) -> String {
        var name = name.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        return name
    }

    /// The four parts of a dotted-decimal IPv4 address.
    static func ipv4(_ text: String) -> (UInt8, UInt8, UInt8, UInt8)? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { p -> UInt8? in
            guard (1...3).contains(p.count), p.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return UInt8(p)
        }
        guard bytes.count == 4 else { return nil }
        return (bytes[0], bytes[1], bytes[2], bytes[3])
    }

    /// The eight 16-bit groups of an IPv6 address (`::` expanded; no embedded IPv4, no zone).
    static func ipv6(_ text: String) -> [UInt16]? {
        guard text.contains(":"), text.count <= 39 else { return nil }
        func groups(_ s: Substring) -> [UInt16]? {
            if s.isEmpty { return [] }
            var out: [UInt16] = []
            for g in s.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(g.count), let v = UInt16(g, radix: 16) else { return nil }
                out.append(v)
            }
            return out
        }
        let halves = text.split(separator: "::", maxSplits: 1, omittingEmptySubsequences: false).map { Substring($0) }
        if halves.count == 2 {
            guard let head = groups(halves[0]), let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
            return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard let all = groups(halves[0]), all.count == 8 else { return nil }
        return all
    }
}

/// The host and port of a `Host` header (`name`, `name:port`, `[v6]:port`) or of an `Origin`
/// (`scheme://host[:port]`), the host normalized by ``HostPolicy/normalizedName(_:)``.
struct Authority: Sendable, Equatable {
    /// The host, lower-cased, IPv6 without brackets.
    var host: String
    /// The port, when one was written.
    var port: Int?

    /// Parses a `Host` header; `nil` when it is not `host[:port]`.
    init?(_ text: String) {
        var rest = Substring(text)
        let host: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            guard HostPolicy.ipv6(String(host)) != nil else { return nil }
        } else {
            let colon = rest.firstIndex(of: ":") ?? rest.endIndex
            host = rest[..<colon]
            rest = rest[colon...]
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._:".contains($0)) }) else { return nil }
        if rest.isEmpty {
            port = nil
        } else {
            guard rest.first == ":", let port = Int(rest.dropFirst()), (0...65_535).contains(port),
                  rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            self.port = port
        }
        self.host = HostPolicy.normalizedName(String(host))
    }

    /// Parses an `Origin` header; the port defaults to the scheme's (80 for `http`, 443 for
    /// `https`). `nil` for `null` and anything else.
    init?(origin: String) {
        let lower = origin.lowercased()
        let (scheme, defaultPort): (String, Int)
        if lower.hasPrefix("http://") { (scheme, defaultPort) = ("http://", 80) }
        else if lower.hasPrefix("https://") { (scheme, defaultPort) = ("https://", 443) }
        else { return nil }
        guard let parsed = Authority(String(origin.dropFirst(scheme.count))) else { return nil }
        self = parsed
        port = parsed.port ?? defaultPort
    }
}
