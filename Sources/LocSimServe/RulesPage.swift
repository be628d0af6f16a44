import Foundation

/// The rules reference (`Docs/Rules.md`) as one HTML page whose rule headings carry their ids as
/// anchors (`#### G5 — The held event` is `id="g5"`), for the page's links to `/rules#g5`.
///
/// A plain rendering: headings, paragraphs, lists and code blocks, text escaped; links and
/// emphasis stay as written.
enum RulesPage {
    /// The page for `markdown`.
    static func html(_ markdown: String) -> String {
        var out = head("LocSim rules")
        var paragraph: [String] = []
        var inCode = false
        var inList = false
        func flush() {
            if !paragraph.isEmpty { out += "<p>\(inline(paragraph.joined(separator: " ")))</p>\n"; paragraph = [] }
        }
        func endList() { if inList { out += "</ul>\n"; inList = false } }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("```") {
                flush(); endList()
                out += inCode ? "</pre>\n" : "<pre>"
                inCode.toggle()
                continue
            }
            if inCode { out += escape(line) + "\n"; continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { flush(); endList(); continue }
            if let level = headingLevel(line) {
                flush(); endList()
                let text = String(line.dropFirst(level + 1))
                let id = ruleID(of: text).map { " id=\"\($0.lowercased())\"" } ?? ""
                out += "<h\(level)\(id)>\(inline(text))</h\(level)>\n"
                continue
            }
            if line.hasPrefix("- ") {
                flush()
                if !inList { out += "<ul>\n"; inList = true }
                out += "<li>\(inline(String(line.dropFirst(2))))</li>\n"
                continue
            }
            if inList, line.hasPrefix("  ") {
                out += inline(line) + "\n"
                continue
            }
            endList()
            paragraph.append(line)
        }
        flush(); endList()
        return out + "</body></html>\n"
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

    private static func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        return (1...6).contains(hashes) && line.dropFirst(hashes).hasPrefix(" ") ? hashes : nil
    }

    /// `GET /rules.css`: the page's style, served rather than inline, as the content security
    /// policy allows no inline style.
    static let style = "body{font:15px/1.5 -apple-system,system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
        + "h4:target{background:#fff3b0}pre{background:#f4f4f4;padding:.6em;overflow:auto}code{background:#f4f4f4}\n"

    private static func head(_ title: String) -> String {
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(title)</title>"
            + "<link rel=\"stylesheet\" href=\"/rules.css\"></head><body>\n"
    }

    /// Escapes text, then shows `code` spans as code.
    private static func inline(_ text: String) -> String {
        var out = "", inCode = false
        for part in escape(text).split(separator: "`", omittingEmptySubsequences: false) {
            out += inCode ? "<code>\(part)</code>" : String(part)
            inCode.toggle()
        }
        return out
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
