import Testing
@testable import LocSimLint

/// LOC010 in every language: words by Unicode word segmentation, scripts without spaces by characters.
@Suite struct ReadingTextAsItIsTests {
    @Test("LOC010 (D3, F5): whole Japanese, Chinese and Thai sentences are not 'too short'", arguments: [
        "散歩の経路を地図に記録し、現在地を表示するために使います。",
        "用于在地图上显示您的位置并记录您的步行路线。",
        "ใช้ตำแหน่งของคุณเพื่อแสดงเส้นทางเดินบนแผนที่",
        "지도에 현재 위치를 표시하고 산책 경로를 기록합니다.",
    ])
    func sentencesInScriptsWithoutSpaces(text: String) throws {
        #expect(PurposeText.weakness(of: text) == nil)
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                             "App/ja.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"\(text)\";\n"])
        #expect(try f.ids() == [])
    }

    @Test("LOC010 (D3, F5): a few CJK characters are too short, counted in characters")
    func shortCJK() throws {
        #expect(PurposeText.weakness(of: "位置情報") == "is too short to say why the app needs location (4 characters)")
        #expect(PurposeText.weakness(of: "需要您的位置") == "is too short to say why the app needs location (6 characters)")
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                             "App/zh-Hans.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"位置\";\n"])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC010"])
        #expect(findings.first?.message.contains("(2 characters)") == true)
    }

    @Test("Word segmentation: apostrophes and periods inside a word, numbers with separators, marks")
    func segmentation() {
        #expect(TextSegmentation("don't stop").words == 2)
        #expect(TextSegmentation("It’s 2.5 km, e.g. here").words == 5) // It’s · 2.5 · km · e.g · here
        #expect(TextSegmentation("Café naïve résumé").words == 3)
        #expect(TextSegmentation("Местоположение нужно для карты").words == 4)
        #expect(TextSegmentation("地図に表示").unspacedCharacters == 5)
        #expect(TextSegmentation("GPS座標").words == 1)
        #expect(TextSegmentation("GPS座標").unspacedCharacters == 2)
    }

    @Test("LOC010 (D3): three words in a spaced script are still too short")
    func shortSpaced() {
        #expect(PurposeText.weakness(of: "Для карты нужно") == "is too short to say why the app needs location (3 words)")
    }
}
