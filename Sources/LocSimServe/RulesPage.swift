import Foundation
import Ink

/// The rules reference (`Docs/Rules.md`) as one HTML page, rendered by Ink (a Markdown library):
/// emphasis, links, lists, tables and code as Markdown means them. Rule headings carry their ids
/// as anchors (`#### G5 — The held event` is `id="g5"`), for the page's links to `/rules#g5`;
/// other headings carry a slug of their text. A link to another document beside the rules file
/// (`Scenarios.md`) goes to `/docs/Scenarios.md`, which the server renders the same way.
enum RulesPage {
    /// The page for `markdown`, titled `title`.
    static func html(_ markdown: String, title: String = "LocSim rules") -> String {
        head(title) + parser.html(from: joiningCodeLines(markdown)) + "\n</body></html>\n"
    }

    /// `markdown` with each line that starts with a code span (`` `x` … ``) joined to the line
    /// before it when that line has text: Ink 0.6 would start a new paragraph there, where
    /// Markdown continues the one before. Code blocks are left as they are.
    static func joiningCodeLines(_ markdown: String) -> String {
        var lines: [String] = []
        var inFence = false
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("```") { inFence.toggle(); lines.append(line); continue }
            if !inFence, line.hasPrefix("`"), let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty,
               !last.hasPrefix("```"), !last.hasPrefix("#"), !last.hasPrefix("|") {
                lines[lines.count - 1] = last + " " + line
                continue
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Ink with LocSim's two modifiers: heading anchors and links to sibling documents.
    private static var parser: MarkdownParser {
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .headings) { html, markdown in
            let text = markdown.drop { $0 == "#" }.trimmingCharacters(in: .whitespacesAndNewlines)
            let id = ruleID(of: text)?.lowercased() ?? slug(text)
            guard html.hasPrefix("<h"), let close = html.firstIndex(of: ">"), !id.isEmpty else { return html }
            return String(html[..<close]) + " id=\"\(escape(id))\"" + String(html[close...])
        })
        parser.addModifier(Modifier(target: .links) { html, _ in
            siblingLink(html)
        })
        return parser
    }

    /// `<a href="Scenarios.md#x">` → `<a href="/docs/Scenarios.md#x">`; other links as they are.
    static func siblingLink(_ html: String) -> String {
        let marker = "<a href=\""
        guard html.hasPrefix(marker) else { return html }
        let rest = html.dropFirst(marker.count)
        let target = rest.prefix { $0 != "\"" }
        let file = target.prefix { $0 != "#" }
        guard docName(String(file)) != nil else { return html }
        return marker + "/docs/" + rest
    }

    /// `name` when it is a document name the server may serve from the rules file's folder
    /// (letters, digits, `-` and `_`, then `.md`); `nil` otherwise.
    static func docName(_ name: String) -> String? {
        guard name.hasSuffix(".md"), name.count > 3, name.count <= 64 else { return nil }
        let stem = name.dropLast(3)
        guard stem.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        else { return nil }
        return name
    }

    /// The page when the rules file is not there.
    static func missing(_ file: String?) -> String {
        head("LocSim rules") + "<p>The rules reference is <code>Docs/Rules.md</code> in LocSim's repository"
            + (file.map { "; this server found no file at <code>\(escape($0))</code> (start <code>locsim serve</code> in the repository, or pass <code>--rules PATH</code>)" } ?? "")
            + ".</p></body></html>\n"
    }

    /// `G5` for `G5 — The held event`; `nil` for a heading that is not a rule.
    static func ruleID(of heading: String) -> String? {
        guard let id = heading.split(separator: " ").first, id.count >= 2, id.count <= 3,
              let letter = id.first, letter.isUppercase, letter.isASCII, id.dropFirst().allSatisfy(\.isNumber),
              heading.dropFirst(id.count).hasPrefix(" — ") else { return nil }
        return String(id)
    }

    /// A heading's anchor as GitHub makes it: lower case, letters, digits, `-` and `_`, spaces as `-`.
    static func slug(_ heading: String) -> String {
        var out = ""
        for c in heading.lowercased() {
            if c == " " { out.append("-") } else if c.isLetter || c.isNumber || c == "-" || c == "_" { out.append(c) }
        }
        return out
    }

    /// `GET /rules.css`: the page's style, served rather than inline, as the content security
    /// policy allows no inline style.
    static let style = "body{font:15px/1.5 -apple-system,system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
        + "h4:target{background:#fff3b0}pre{background:#f4f4f4;padding:.6em;overflow:auto}code{background:#f4f4f4}"
        + "table{border-collapse:collapse;display:block;overflow:auto}td,th{border:1px solid #d1d1d6;padding:.2em .5em;vertical-align:top}\n"

    private static func head(_ title: String) -> String {
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>\(escape(title))</title><link rel=\"stylesheet\" href=\"/rules.css\"></head><body>\n"
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
