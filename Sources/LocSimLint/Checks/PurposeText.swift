import Foundation

/// Heuristics for purpose strings that do not tell the user why the app needs location (LOC009, LOC010).
public enum PurposeText {
    /// Whether the text is empty or only whitespace.
    public static func isEmpty(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Why the text is a placeholder or too vague, or `nil` if it reads as a real explanation.
    ///
    /// - Placeholder: `TODO`, `FIXME`, `TBD`, `lorem ipsum`, `placeholder`, `<#…#>`, a key name, and
    ///   `test`/`testing` in a text of at most five words.
    /// - Vague: fewer than four words, or only "(this app) needs/wants/uses (your) location" with no
    ///   purpose. Words are counted by Unicode word segmentation (`TextSegmentation`); in scripts
    ///   written without spaces (Chinese, Japanese, Thai) two characters count as a word, so a text
    ///   is too short below seven such characters.
    public static func weakness(of text: String, appNames: [String] = []) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        let ns = lower as NSString
        let range = NSRange(location: 0, length: ns.length)
        let length = TextSegmentation(trimmed)
        // "test" or "testing" is a placeholder in a short text ("Testing purposes"), not in a
        // sentence that explains ("This is a region monitoring testing app…").
        if placeholderRegex.firstMatch(in: lower, range: range) != nil || lower.hasPrefix("nslocation")
            || (length.wordEquivalent <= 5 && testRegex.firstMatch(in: lower, range: range) != nil) {
            return "is a placeholder"
        }
        if length.wordEquivalent < minimumWords {
            if length.isJudgedByCharacters {
                let n = length.unspacedCharacters
                return "is too short to say why the app needs location (\(n) character\(n == 1 ? "" : "s"))"
            }
            return "is too short to say why the app needs location (\(length.words) word\(length.words == 1 ? "" : "s"))"
        }
        if genericRegex.firstMatch(in: lower, range: range) != nil { return "says the app wants location but not what for" }
        if onlyRestatesLocationUse(lower, appNames: appNames) { return "only says that the app uses your location, not what for" }
        return nil
    }

    /// Whether a text, whatever its length, only restates that the app uses the user's location:
    /// once the app's name (`appNames`, and the words between "allow"/"let" and "to", the
    /// prompt's own form) and the words of such a restatement (`restatingWords`, in English,
    /// German, French, Spanish, Portuguese and Korean; `restatingPhrases` in Chinese and Japanese,
    /// which have no spaces) are taken away, nothing is left: no purpose. The text must name
    /// location (`location`, `Standort`, `位置`, …). `lower` is lowercased.
    static func onlyRestatesLocationUse(_ lower: String, appNames: [String]) -> Bool {
        if !lower.unicodeScalars.contains(where: TextSegmentation.isUnspaced) {
            // Spaced scripts: word by word, so a real purpose ("…to record your hike") ends it at
            // its first word outside the restatement. Runs on every text, so no Foundation search.
            let words = lower.split { !($0.isLetter || $0.isNumber) }
            let names = Set(appNames.flatMap { $0.lowercased().split { !($0.isLetter || $0.isNumber) } })
            var subject = Set<Substring>()
            if let first = words.first, first == "allow" || first == "let" || first == "permit" {
                // "Allow Hike Buddy to use…": the prompt's subject is the app, whatever its name.
                let rest = words.dropFirst()
                if let end = rest.prefix(4).firstIndex(where: { $0 == "to" || $0 == "use" || $0 == "access" }) { subject = Set(rest[rest.startIndex..<end]) }
            }
            guard words.allSatisfy({ restatingWords.contains(String($0)) || names.contains($0) || subject.contains($0) }) else { return false }
            return locationStems.contains { lower.firstRange(of: $0) != nil }
        }
        // Scripts without spaces: read left to right, taking the longest restating phrase (or app
        // name) at each letter; the first letter of anything else is a purpose.
        let names = appNames.map { $0.lowercased() }.filter { $0.count >= 2 }
        var spaced = ""
        var index = lower.startIndex
        scanning: while index < lower.endIndex {
            let character = lower[index]
            if character.unicodeScalars.contains(where: TextSegmentation.isUnspaced) {
                for phrase in phrasesByFirstCharacter[character] ?? [] where lower[index...].hasPrefix(phrase) {
                    index = lower.index(index, offsetBy: phrase.count)
                    continue scanning
                }
                return false
            }
            if let name = names.first(where: { lower[index...].hasPrefix($0) }) {
                index = lower.index(index, offsetBy: name.count)
                spaced.append(" ")
                continue
            }
            spaced.append(character)
            index = lower.index(after: index)
        }
        guard spaced.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).allSatisfy({ restatingWords.contains(String($0)) }) else { return false }
        return locationStems.contains { lower.firstRange(of: $0) != nil }
    }

    /// ``restatingPhrases`` by their first character, longest first.
    static let phrasesByFirstCharacter: [Character: [String]] = Dictionary(grouping: restatingPhrases) { $0.first! }

    /// Stems that show a text is about location, in the languages ``restatingWords`` covers.
    static let locationStems = ["location", "position", "gps", "standort", "localisation", "emplacement", "ubicaci", "localiza", "posici", "위치", "位置", "現在地", "定位", "所在地", "場所"]

    /// Words that only restate "(allow) the app (to) use/access your (current) location (in the
    /// background)": verbs of use and asking, pronouns, articles, the app, location nouns, and when
    /// (not why) it is used. Lowercased; words are split at apostrophes (`app's` is `app`, `s`).
    static let restatingWords: Set<String> = [
        // English
        "a", "access", "accessed", "accessing", "all", "allow", "allowed", "allows", "always", "an", "and", "app", "application", "apps", "are", "ask", "asking", "asks",
        "at", "authorise", "authorize", "background", "based", "be", "been", "can", "closed", "collect", "collects", "correctly", "current", "d", "data", "determine",
        "device", "enable", "even", "exact", "feature", "features", "for", "foreground", "from", "function", "functionality", "geo", "geolocation", "get", "gets",
        "getting", "give", "gps", "grant", "i", "in", "info", "information", "is", "it", "its", "know", "let", "lets", "like", "ll", "location", "locations", "m", "may",
        "me", "my", "need", "needed", "needs", "not", "obtain", "of", "on", "open", "or", "our", "permission", "permissions", "permit", "phone", "please", "position",
        "precise", "properly", "provide", "re", "read", "request", "requesting", "requests", "require", "required", "requires", "retrieve", "running", "s", "service",
        "services", "so", "t", "that", "the", "this", "times", "to", "track", "tracking", "us", "use", "used", "user", "users", "uses", "using", "ve", "want", "wants",
        "we", "when", "while", "will", "with", "work", "works", "would", "you", "your",
        // German
        "aktuelle", "aktuellen", "auf", "benötigt", "bestimmen", "bitte", "braucht", "daten", "das", "dein", "deine", "deinen", "der", "die", "diese", "dieser", "ermitteln",
        "erlaube", "erlauben", "erlaubnis", "erlaubt", "hintergrund", "ihr", "ihre", "ihren", "im", "möchte", "möchten", "nutzen", "nutzt", "ortungsdienste", "standort",
        "standortdaten", "standorts", "um", "verwenden", "verwendet", "während", "wir", "zu", "zugriff",
        // French
        "accès", "accéder", "actuelle", "autoriser", "autorisez", "avons", "besoin", "cette", "de", "des", "données", "emplacement", "géolocalisation", "l", "la",
        "le", "les", "localisation", "nous", "permet", "permettre", "pour", "souhaite", "utilise", "utiliser", "veuillez", "votre", "vos", "à",
        // Spanish and Portuguese
        "acceder", "acceso", "acessar", "acesse", "actual", "aplicación", "aplicativo", "atual", "datos", "desea", "el", "esta", "este", "localização", "localización",
        "necesita", "necesitamos", "o", "para", "permita", "permite", "permitir", "posición", "precisa", "que", "quiere", "servicios", "su", "sua", "sus", "tu", "tus",
        "ubicacion", "ubicación", "usar", "utilice", "utilizar",
        // Korean
        "가져옵니다", "권한", "권한이", "권한을", "사용", "사용자", "사용자의", "사용합니다", "사용하려면", "앱", "앱이", "앱에서", "위치", "위치를", "위치정보", "위치정보를",
        "위치가", "이용합니다", "접근", "접근을", "필요합니다", "허용", "허용해", "주세요", "현재", "확인합니다", "위해",
    ]

    /// Phrases of the same restatement in Chinese and Japanese, longest first (removed before
    /// words are split; any letter of these scripts left over is taken as a purpose).
    static let restatingPhrases: [String] = ([
        // Chinese (simplified and traditional)
        "使用期间", "使用期間", "地理位置", "位置信息", "位置資訊", "位置服务", "位置服務", "应用程序", "應用程式", "允许", "允許", "访问", "存取", "取用", "您的",
        "你的", "位置", "定位", "使用", "获取", "取得", "获得", "需要", "同意", "才能", "本应用", "此应用", "应用", "應用", "期间", "期間", "权限", "權限", "服务",
        "服務", "当前", "目前", "请", "請", "始终", "始終", "后台", "背景", "您", "你", "的", "在", "时", "時", "以", "此", "本",
        // Japanese
        "バックグラウンド", "位置情報", "現在地", "アプリ", "使用します", "利用します", "取得します", "使います", "してください", "許可", "使用", "利用", "取得",
        "必要", "です", "します", "常に", "あなた", "場所", "確認", "を", "の", "が", "は", "に", "で", "も", "と",
    ] as [String]).sorted { ($0.count, $0) > ($1.count, $1) }

    /// The fewest words (or word equivalents) of a text that can say what location is for.
    static let minimumWords = 4

    static let placeholderRegex = try! NSRegularExpression(
        pattern: #"\b(todo|fixme|tbd|xxx+|lorem ipsum|placeholder|change ?me|your (text|description|message) here|description goes here)\b|<#"#)
    static let testRegex = try! NSRegularExpression(pattern: #"\btest(ing)?\b"#)
    static let genericRegex = try! NSRegularExpression(
        pattern: #"^(this app|the app|app|we|i)?\s*(would like to|wants to|want to|needs to|need to|requires|require|needs|need|uses|use|would like|is requesting|requests)\s*(to\s+)?(use|access|get|know|determine)?\s*(to\s+)?(your\s+|the\s+)?(current\s+)?(location|gps|position)(\s+(services|data|access|information|permission))?\s*[.!]?$"#)
}
