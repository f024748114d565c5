/// The iOS app's own files a catalogue names with `ios:` (paths relative to the catalogue file that names them)
/// and, once a session has read them (`IOSFilesLoader`), what they hold.
struct IOSAppFiles: Sendable {
    /// `ios.info_plist`: the app's Info.plist, which registers its custom schemes.
    var infoPlist: Scalar?
    /// `ios.entitlements`: the app's entitlements, which list its associated domains.
    var entitlements: Scalar?
    /// The catalogue file that holds the `ios:` key.
    var owner: SourceFile?
    var infoPlistContents: PlatformFileState?
    var entitlementsContents: PlatformFileState?

    /// Whether a value of an Info.plist or entitlements file names an Xcode build setting (`$(APP_URL_SCHEME)`,
    /// `${WEB_HOST}`), which the build replaces: what it stands for is not in the file, so it may be any value.
    static func namesBuildSetting(_ value: String) -> Bool {
        value.contains("$(") || value.contains("${")
    }
}

/// What became of a platform file a catalogue names: read as a property list, or not usable, with where to say so.
enum PlatformFileState: Sendable {
    case loaded(PropertyList)
    /// The file could not be read (`path` is where it was looked for): reported at the catalogue key naming it.
    case unreadable(path: String, reason: Message)
    /// The file was read but is not a property list this reader accepts: reported in the file.
    case malformed(SourceLocation, Message)

    /// The property list, when the file could be read as one.
    var propertyList: PropertyList? {
        if case .loaded(let list) = self { return list }
        return nil
    }
}
