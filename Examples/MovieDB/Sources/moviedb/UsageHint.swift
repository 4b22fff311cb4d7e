/// The line `moviedb` prints for an ArgumentParser error, with a hint where one helps.
enum UsageHint {
    /// `message`, and when `arguments` hold a negative number that ArgumentParser read as an option, how to
    /// pass that number instead.
    static func line(for message: String, arguments: [String]) -> String {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        guard let index = beforeTerminator.firstIndex(where: isNegativeNumber) else { return message }
        let number = arguments[index]
        if index > 0, arguments[index - 1].hasPrefix("--") {
            return message + "; \(number) reads as an option: write \(arguments[index - 1])=\(number)"
        }
        var rewritten = arguments
        rewritten.remove(at: index)
        let terminated = rewritten.contains("--") ? rewritten + [number] : rewritten + ["--", number]
        return message + "; \(number) reads as an option. Movie ids are positive; to pass one that starts with '-', "
            + "put it after '--': moviedb \(terminated.joined(separator: " "))"
    }

    private static func isNegativeNumber(_ argument: String) -> Bool {
        argument.count > 1 && argument.first == "-" && argument.dropFirst().allSatisfy(\.isNumber)
    }
}
