import Testing
@testable import LocSimLint

/// The lint benchmark on a small tree (the full run is `locsim benchmark lint`).
@Suite struct BenchmarkTests {
    @Test("benchmark: the generated tree parses only the files with location calls and reports both MB/s")
    func smallTree() throws {
        let m = try LintBenchmark.measure(files: 200)
        #expect(m.files == 200)
        #expect(m.parsedFiles == 2)
        #expect(m.findings == 6)
        #expect(m.bytes > 200 * 9_000)
        #expect(m.grepSeconds > 0 && m.lintSeconds > 0)
    }

    @Test("benchmark: the report names grep, MB/s and the ratio")
    func report() {
        let text = LintBenchmark.runLintBenchmark(files: 100)
        #expect(text.contains("grep -rl requestAlwaysAuthorization"))
        #expect(text.contains("MB/s"))
        #expect(text.contains("ratio"))
    }
}
