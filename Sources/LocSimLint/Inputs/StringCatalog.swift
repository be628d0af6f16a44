import Foundation

/// Localized Info.plist values from a string catalog (`InfoPlist.xcstrings`, JSON) or a
/// `.stringsdict` (a property list), read as the entries of a ``StringsFile``.
///
/// A catalog's `strings.<KEY>.localizations.<language>` holds a `stringUnit.value`, or
/// `variations` (plural, device, …) whose every `stringUnit.value` is an entry. Each entry points
/// at the line of its `"value"` (the key's line when the layout is unusual). A stringsdict's
/// top-level `KEY` holds `NSStringLocalizedFormatKey` and variable dictionaries whose string
/// values are the texts.
enum StringCatalog {
    /// Reads `path` by its extension (`.xcstrings` or `.stringsdict`).
    ///
    /// - Throws: `InputError` when the file cannot be read or is malformed.
    static func read(_ path: String) throws -> StringsFile {
        let data = try RegularFile.contents(of: path)
        return path.hasSuffix(".stringsdict") ? try stringsdict(data, path: path) : try catalog(data, path: path)
    }

    /// The entries of a string catalog.
    static func catalog(_ data: Data, path: String) throws -> StringsFile {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw InputError(file: path, line: 1, message: "malformed string catalog: not valid JSON")
        }
        guard let root = object as? [String: Any] else { throw InputError(file: path, line: 1, message: "malformed string catalog: the root is not an object") }
        guard let strings = root["strings"] as? [String: Any] else { return StringsFile(path: path, entries: []) }
        // The lines of every key, found in one pass (searching the text for each key was
        // quadratic in the number of keys).
        let keyLines = JSONKeyLines(data)
        var entries = [StringsFile.Entry]()
        for (key, value) in strings.sorted(by: { $0.key < $1.key }) {
            guard let localizations = (value as? [String: Any])?["localizations"] as? [String: Any] else { continue }
            let keyPath = ["strings", key]
            let keyLine = keyLines.line(of: keyPath) ?? 1
            for (language, localization) in localizations.sorted(by: { $0.key < $1.key }) {
                let languagePath = keyPath + ["localizations", language]
                let languageLine = keyLines.line(of: languagePath) ?? keyLine
                for unit in unitValues(localization, path: languagePath) {
                    let valueLine = keyLines.line(of: unit.path + ["value"]) ?? languageLine
                    entries.append(StringsFile.Entry(key: key, value: unit.value, location: SourceLocation(file: path, line: valueLine)))
                }
            }
        }
        return StringsFile(path: path, entries: entries)
    }

    /// Every `stringUnit.value` in a localization, variations included, in key order, with the
    /// path of keys of its `stringUnit` (`path` is the localization's).
    static func unitValues(_ any: Any, path: [String], depth: Int = 0) -> [(value: String, path: [String])] {
        guard depth < 16, let object = any as? [String: Any] else { return [] }
        var values = [(value: String, path: [String])]()
        if let value = (object["stringUnit"] as? [String: Any])?["value"] as? String { values.append((value, path + ["stringUnit"])) }
        for (key, child) in object.sorted(by: { $0.key < $1.key }) where key != "stringUnit" {
            values += unitValues(child, path: path + [key], depth: depth + 1)
        }
        return values
    }

    /// The entries of a `.stringsdict`.
    static func stringsdict(_ data: Data, path: String) throws -> StringsFile {
        let document = try PlistDocument(path: path, data: data)
        var entries = [StringsFile.Entry]()
        for (key, value) in document.root.sorted(by: { $0.key < $1.key }) {
            let location = document.location(ofKey: key)
            for text in texts(value) { entries.append(StringsFile.Entry(key: key, value: text, location: location)) }
        }
        return StringsFile(path: path, entries: entries)
    }

    /// The texts of a stringsdict entry: the plural forms of its variables, else its format.
    static func texts(_ value: PlistValue) -> [String] {
        guard case .dictionary(let dict) = value else { return value.stringValue.map { [$0] } ?? [] }
        var forms = [String]()
        for (name, variable) in dict.sorted(by: { $0.key < $1.key }) where name != "NSStringLocalizedFormatKey" {
            guard case .dictionary(let rule) = variable else { continue }
            for (form, text) in rule.sorted(by: { $0.key < $1.key }) where !form.hasPrefix("NSString") {
                if let s = text.stringValue { forms.append(s) }
            }
        }
        if forms.isEmpty, let format = dict["NSStringLocalizedFormatKey"]?.stringValue { forms.append(format) }
        return forms
    }
}
