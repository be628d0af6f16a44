import CLibFuzzer
import Foundation
import LocSim
import LocSimExplorer
import LocSimLint
import LocSimScenario

/// The target this process fuzzes, from `LOCSIM_FUZZ_TARGET`, and its scratch tree.
nonisolated(unsafe) private var target: FuzzTarget = .scenario
nonisolated(unsafe) private var scratch = ""

/// The binary's entry point: SwiftPM links an executable's entry as `LocSimFuzz_main`, so this
/// hands the command line to libFuzzer's driver, which calls ``fuzzInitialize`` and then
/// ``fuzzOneInput`` with each input.
@_cdecl("LocSimFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { bytes, size in fuzzOneInput(bytes!, size) }
}

/// libFuzzer calls this once, before any input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let name = ProcessInfo.processInfo.environment["LOCSIM_FUZZ_TARGET"] ?? ""
    guard let t = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("LOCSIM_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")) (not '\(name)')\n".utf8))
        exit(2)
    }
    target = t
    scratch = FuzzScratch.make(for: t)
    return 0
}

/// libFuzzer calls this with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let path = scratch + "/" + target.fileName
    FileManager.default.createFile(atPath: path, contents: data)
    switch target {
    case .scenario:
        do {
            let scenario = try ScenarioParser.parse(contentsOf: path)
            _ = ScenarioRunner.run(scenario)
        } catch {
            FuzzOracle.oneLine(error, file: path)
        }
    case .appmodel:
        do {
            let model = try AppModelParser.parse(contentsOf: path)
            let result = Explorer.explore(model, options: ExplorationOptions(depth: 3, parallel: false))
            _ = ExplorationReport.text([result])
        } catch {
            FuzzOracle.oneLine(error, file: path)
        }
    case .plist:
        do {
            _ = try InfoPlist.appDescription(from: data, file: path)
        } catch {
            FuzzOracle.oneLine(error, file: path)
        }
    case .gpx:
        do {
            _ = try GPXTrack(data: data, file: path)
            // Played back too: the simulator's side of a track.
            _ = ScenarioRunner.run(try ScenarioParser.parse(FuzzScratch.gpxScenario, file: scratch + "/gpx-scenario.yml"))
        } catch {
            FuzzOracle.oneLine(error, file: path)
        }
    case .baseline:
        var stdout = "", stderr = ""
        let status = LintCommandLine.main(arguments: [scratch + "/App", "--format", "json", "--baseline", path], stdout: &stdout, stderr: &stderr)
        FuzzOracle.status(status, stderr: stderr, file: path)
    case .strings, .xcstrings, .pbxproj, .xcconfig, .xcodegen, .lintconfig, .swift, .objc:
        var stdout = "", stderr = ""
        let status = LintCommandLine.main(arguments: [scratch, "--format", "json"], stdout: &stdout, stderr: &stderr)
        FuzzOracle.status(status, stderr: stderr, file: scratch)
    }
    return 0
}
