import Testing

@testable import LinkRules

/// Path names are handled lexically, the way the commands display and resolve catalogue, configuration and
/// baseline paths.
@Suite struct PathNameTests {
    @Test(arguments: [
        ("/work", "links.yml", "/work/links.yml"), ("/work/", "links.yml", "/work/links.yml"),
        ("/work", "/etc/links.yml", "/etc/links.yml"), ("", "links.yml", "links.yml"), ("app", "", "app"),
        ("app", "feature/links.yml", "app/feature/links.yml"),
    ])
    func joiningPutsOneSlashBetweenFolderAndName(_ folder: String, _ name: String, _ expected: String) {
        #expect(PathName.join(folder, name) == expected)
    }

    @Test(arguments: [
        ("/work/app/links.yml", "/work/app"), ("/links.yml", "/"), ("links.yml", ""), ("app/links.yml", "app"),
        ("app/feature/", "app"), ("/", "/"), ("/work//app", "/work"),
    ])
    func theParentIsTheFolderThatHoldsThePath(_ path: String, _ expected: String) {
        #expect(PathName.parent(of: path) == expected)
    }

    @Test(arguments: [("/work/app/links.yml", "links.yml"), ("links.yml", "links.yml"), ("app/feature/", "feature")])
    func theLastComponentIsTheName(_ path: String, _ expected: String) {
        #expect(PathName.lastComponent(of: path) == expected)
    }

    @Test(arguments: [
        ("/work/./app//links.yml", "/work/app/links.yml"), ("/work/app/../links.yml", "/work/links.yml"),
        ("/../links.yml", "/links.yml"), ("/work/app/", "/work/app"), ("a/../../b", "../b"), ("./", "."),
        ("a/./b/..", "a"), ("/", "/"),
    ])
    func normalizingResolvesDotsAndRepeatedSlashes(_ path: String, _ expected: String) {
        #expect(PathName.normalized(path) == expected)
    }
}
