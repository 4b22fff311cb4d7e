import PackagePlugin
@main struct GenerateEndpointsCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {}
}
