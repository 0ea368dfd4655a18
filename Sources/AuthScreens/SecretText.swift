/// A secret (a password or a code) carried in an effect or kept for automatic sign-in.
///
/// Its `description`, `debugDescription` and mirror never show the text, so logging or dumping an
/// effect or a state cannot leak it. Read ``value`` only to hand the secret to the auth client.
public struct SecretText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The secret in clear text; read it only to hand it to the auth client.
    public let value: String

    /// Wraps a password or code so that printing it shows `<redacted>`.
    public init(_ value: String) { self.value = value }

    /// Wraps a literal secret (for tests).
    public init(stringLiteral value: String) { self.value = value }

    /// Whether the secret is empty.
    public var isEmpty: Bool { value.isEmpty }
}

extension SecretText: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Always `<redacted>`, so string interpolation never shows the secret.
    public var description: String { ScreenText.redacted }
    /// Always `<redacted>`, so `debugPrint` and the debugger never show the secret.
    public var debugDescription: String { ScreenText.redacted }
    /// A mirror without children, so `dump` prints only the redacted description.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
