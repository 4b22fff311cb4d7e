/// A user name and password that answer an HTTP `Basic` or `Digest` challenge.
///
/// Return one from ``RouterConfiguration/challengeCredentials``. Its descriptions, its mirror and
/// therefore logs, `print` and `dump` show the user but never the password.
public struct HTTPCredential: Sendable, Hashable {
    /// The user name.
    let user: String
    /// The password.
    let password: String

    /// Creates a credential. For `Basic` the user name must not contain a colon; neither may contain control
    /// characters.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

extension HTTPCredential: CustomStringConvertible, CustomReflectable {
    /// The user, and a placeholder for the password; `String(reflecting:)` shows the same.
    public var description: String {
        "HTTPCredential(user: \(user), password: \(Redactor.placeholder))"
    }

    /// The user, and a placeholder for the password.
    public var customMirror: Mirror {
        Mirror(self, children: ["user": user, "password": Redactor.placeholder])
    }
}
