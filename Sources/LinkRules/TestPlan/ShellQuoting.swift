/// Quoting for the commands a test plan prints, so a URL reaches the app byte for byte through every shell on
/// the way: the user's shell for `xcrun simctl openurl`, and for `adb shell am start` the user's shell and then
/// the device's, which parses the command adb joins from its arguments a second time.
enum ShellQuoting {
    /// `text` as one word for a POSIX shell: in single quotes, each `'` written `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: #"'\''"#) + "'"
    }

    /// `text` as one word after two shells: quoted for the device's shell, then that quoted word quoted for the
    /// user's. Double quotes outside are easier to read (`"'her://a?b=1&c=2'"`) and used when the inner word has
    /// nothing a double-quoted string expands (`$`, a backtick, `\`, `"`, or `!` in an interactive shell).
    static func quotedTwice(_ text: String) -> String {
        let inner = quoted(text)
        if inner.utf8.contains(where: { "$`\\\"!".utf8.contains($0) }) { return quoted(inner) }
        return "\"" + inner + "\""
    }

    /// The command that opens `url` in the booted iOS simulator.
    static func simulatorCommand(_ url: String) -> String {
        "xcrun simctl openurl booted " + quoted(url)
    }

    /// The command that opens `url` on the Android device adb is connected to, as a browser would (a VIEW intent
    /// in the BROWSABLE category), in `package` when one is given (otherwise Android picks the app by its intent
    /// filters, or asks).
    static func androidCommand(_ url: String, package: String?) -> String {
        var command =
            "adb shell am start -W -a android.intent.action.VIEW -c android.intent.category.BROWSABLE -d "
            + quotedTwice(url)
        if let package {
            let isPlain = package.utf8.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") }
            command += " " + (isPlain ? package : quotedTwice(package))
        }
        return command
    }
}
