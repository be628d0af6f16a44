import Foundation

/// One kind of input LocSim reads, and what a fuzz run does with each input: in process, the
/// reader of that kind on the bytes (``LintInputReader`` for lint's inputs), or with
/// `LOCSIM_FUZZ_VIA=command` exactly what the command line does with such a file; plus the checks of the project's promise for bad input
/// (one line that names the file; exit status 2).
enum FuzzTarget: String, CaseIterable {
    /// A scenario file: parsed, then run (`locsim run`).
    case scenario
    /// An app model, parsed and checked (`AppModelParser`): the parser's target.
    case appmodel
    /// An app model, parsed, then explored to depth 3 on one thread and reported (`locsim
    /// explore`): the explorer's target, on the seeds and regression inputs of `appmodel`.
    case explore
    /// An Info.plist, XML or binary: read and turned into an app (`infoPlist:`).
    case plist
    /// A GPX track (`gpx:`).
    case gpx
    /// `Localizable.strings` / `InfoPlist.strings` in an app folder, through `locsim lint`.
    case strings
    /// `InfoPlist.xcstrings`, through `locsim lint`.
    case xcstrings
    /// An Xcode `project.pbxproj`, through `locsim lint`.
    case pbxproj
    /// An `.xcconfig` file, through `locsim lint`.
    case xcconfig
    /// An XcodeGen `project.yml`, through `locsim lint`.
    case xcodegen
    /// A `.locsim.yml` lint configuration, through `locsim lint`.
    case lintconfig
    /// A lint baseline file, through `locsim lint --baseline`.
    case baseline
    /// A Swift source, through `locsim lint`.
    case swift
    /// An Objective-C source, through `locsim lint`.
    case objc
    /// One request to the playground's HTTP API, answered in process by its router (`FuzzHTTP`).
    case http

    /// The file name the input is written to, inside the per-process scratch tree.
    var fileName: String {
        switch self {
        case .scenario: "scenario.yml"
        case .appmodel, .explore: "model.yml"
        case .plist: "Info.plist"
        case .gpx: "track.gpx"
        case .strings: "App/en.lproj/InfoPlist.strings"
        case .xcstrings: "App/InfoPlist.xcstrings"
        case .pbxproj: "App.xcodeproj/project.pbxproj"
        case .xcconfig: "Config/App.xcconfig"
        case .xcodegen: "project.yml"
        case .lintconfig: ".locsim.yml"
        case .baseline: "lint-baseline.txt"
        case .swift: "App/Location.swift"
        case .objc: "App/Location.m"
        case .http: "request.http"
        }
    }
}
