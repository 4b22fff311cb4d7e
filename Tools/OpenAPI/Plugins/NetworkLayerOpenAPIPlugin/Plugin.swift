import PackagePlugin
@main struct NetworkLayerOpenAPIPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] { [] }
}
