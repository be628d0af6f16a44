import Testing
@testable import LocSimLint

/// LOC010, LOC012: localized purpose strings from string catalogs and stringsdicts.
@Suite struct StringCatalogTests {
    static func catalog(_ key: String, _ values: [String: String]) -> String {
        let localizations = values.sorted { $0.key < $1.key }.map { language, value in
            """
                    "\(language)" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "\(value)"
                      }
                    }
            """
        }.joined(separator: ",\n")
        return """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "\(key)" : {
              "localizations" : {
        \(localizations)
              }
            }
          },
          "version" : "1.0"
        }

        """
    }

    @Test("LOC010 (D3): a vague value in InfoPlist.xcstrings is reported at its value's line")
    func vagueInCatalog() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                             "App/InfoPlist.xcstrings": Self.catalog(PurposeKeyName.whenInUse, ["de": "Standort", "ja": "散歩の経路を地図に記録し、現在地を表示するために使います。"])])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC010"])
        #expect(findings.first?.location.file.hasSuffix("InfoPlist.xcstrings") == true)
        #expect(findings.first?.location.line == 9) // the "value" line of "de"
        #expect(findings.first?.message.contains("\"Standort\"") == true)
    }

    @Test("LOC010 (D3): good translations in a catalog are not reported")
    func goodCatalog() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                             "App/InfoPlist.xcstrings": Self.catalog(PurposeKeyName.whenInUse, ["de": "Zeigt deine Position auf der Wanderkarte, während du aufzeichnest."])])
        #expect(try f.ids() == [])
    }

    @Test("LOC012 (J3): a catalog localizing a purpose key the Info.plist does not declare")
    func undeclaredKeyInCatalog() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                             "App/InfoPlist.xcstrings": Self.catalog(PurposeKeyName.alwaysAndWhenInUse, ["de": Text.always])])
        #expect(try f.ids() == ["LOC012"])
    }

    @Test("LOC029 (J3): a malformed string catalog is an error at its line; the app is still linted")
    func malformedCatalog() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/InfoPlist.xcstrings": "{ \"strings\" : { "])
        let run = f.commandLine([f.root])
        #expect(run.status == 1)
        #expect(run.stdout.contains("InfoPlist.xcstrings:1:1: error: malformed string catalog"))
        #expect(run.stdout.contains("in 1 target ("))
        #expect(run.stderr.isEmpty)
    }

    @Test("LOC010 (D3): plural forms in InfoPlist.stringsdict are read")
    func stringsdict() throws {
        let dict = "\t<key>\(PurposeKeyName.whenInUse)</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@n@</string>\n\t\t<key>n</key>\n\t\t<dict>\n\t\t\t<key>other</key>\n\t\t\t<string>TODO</string>\n\t\t</dict>\n\t</dict>\n"
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                             "App/fr.lproj/InfoPlist.stringsdict": infoPlist(raw: dict, bundle: false)])
        #expect(try f.ids() == ["LOC010"])
    }
}
