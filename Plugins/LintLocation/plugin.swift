import PackagePlugin
// placeholder; replaced by the lint work
@main struct LintLocation: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
