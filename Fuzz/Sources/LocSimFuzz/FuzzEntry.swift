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
    viaCommand = ProcessInfo.processInfo.environment["LOCSIM_FUZZ_VIA"] == "command"
    if t == .gpx {
        let base = FuzzScratch.gpxScenario.replacingOccurrences(of: "  - playGPX: track.gpx\n  - wait: 1h", with: "")
        gpxBase = try! ScenarioParser.parse(base, file: scratch + "/gpx-scenario.yml")
    }
    if t == .http { FuzzHTTP.start() }
    return 0
}

/// libFuzzer calls this with each input: in process, from the bytes, unless
/// `LOCSIM_FUZZ_VIA=command` asks for the whole command on a file (the slower way of before,
/// kept to compare and to reach what only a whole run reaches).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if viaCommand { return throughCommand(data) }
    let path = scratch + "/" + target.fileName
    do {
        switch target {
        case .scenario:
            _ = ScenarioRunner.run(try ScenarioParser.parse(String(decoding: data, as: UTF8.self), file: path))
        case .appmodel:
            _ = try AppModelParser.parse(String(decoding: data, as: UTF8.self), file: path)
        case .explore:
            let model = try AppModelParser.parse(String(decoding: data, as: UTF8.self), file: path)
            _ = ExplorationReport.text([Explorer.explore(model, options: ExplorationOptions(depth: 3, parallel: false))])
        case .plist:
            _ = try InfoPlist.appDescription(from: data, file: path)
        case .gpx:
            let track = try GPXTrack(data: data, file: path)
            // Played back too: the simulator's side of a track.
            let runner = ScenarioRunner(gpxBase)
            for step in gpxBase.steps { _ = runner.apply(step) }
            _ = runner.apply(Step(.playGPX(track, path: path), line: 7))
            _ = runner.apply(Step(.wait(.seconds(3600)), line: 8))
        case .http:
            FuzzHTTP.run(data)
        default:
            guard let kind = LintInputReader.Kind(rawValue: target.rawValue) else { fatalError("no reader for \(target)") }
            _ = try LintInputReader.read(kind, bytes: data, path: path, tree: scratch)
        }
    } catch {
        FuzzOracle.oneLine(error, file: path)
    }
    return 0
}

/// Whether inputs go through the whole command on a file (`LOCSIM_FUZZ_VIA=command`).
nonisolated(unsafe) private var viaCommand = false

/// The GPX target's scenario, every step before `playGPX` (parsed once).
nonisolated(unsafe) private var gpxBase = Scenario(name: "", file: "", device: DeviceSpec(), app: AppDescription(), steps: [])

/// The way of before: the input written to its file in the scratch tree, then the command run.
private func throughCommand(_ data: Data) -> CInt {
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
            _ = try AppModelParser.parse(contentsOf: path)
        } catch {
            FuzzOracle.oneLine(error, file: path)
        }
    case .explore:
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
            _ = ScenarioRunner.run(try ScenarioParser.parse(FuzzScratch.gpxScenario, file: scratch + "/gpx-scenario.yml"))
        } catch {
            FuzzOracle.oneLine(error, file: path)
        }
    case .http:
        FuzzHTTP.run(data)
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
