import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// Where the bundled fonts are found: the resource bundle, the override, the clone, the error.
@Suite("Bundled fonts")
struct BundledFontsTests {
    /// A fresh scratch directory.
    static func scratchDirectory(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "feedlayout-bundled-\(getpid())-\(name)"
        try? FileManager.default.removeItem(atPath: path)
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Makes `directory` look like a fonts directory (the locator only looks for the probe file).
    static func makeFontsDirectory(_ directory: String) {
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/" + BundledFontsLocator.probeFile, contents: Data())
    }

    @Test("this test binary finds the fonts in the resource bundle beside it, through Bundle.module")
    func resourceBundle() throws {
        var locator = BundledFontsLocator.current
        locator.environmentValue = nil
        let found = try locator.locate()
        let beside = Bundle.main.bundlePath + "/" + BundledFontsLocator.resourceBundleName + "/Fonts"
        #expect(found == beside)
        #expect(found == Bundle.module.url(forResource: "Fonts", withExtension: nil)?.path)
        #expect(!found.hasPrefix(Fixtures.fontsDirectory), "a copy, not the clone's Fonts/")
        // The bundle holds the same files as the repository's Fonts/ (licences included).
        let bundled = try FileManager.default.contentsOfDirectory(atPath: found).sorted()
        let repository = try FileManager.default.contentsOfDirectory(atPath: Fixtures.fontsDirectory).sorted()
        #expect(bundled == repository)
        let stack = try FontStack.bundled(directory: found)
        #expect(stack.fonts.map(\.familyName) == FontStack.defaultFamilies)
    }

    @Test("FEEDLAYOUT_FONTS overrides the bundle; a value that is not a directory is an error naming it")
    func environmentOverride() throws {
        let directory = Self.scratchDirectory("override")
        var locator = BundledFontsLocator.current
        locator.environmentValue = directory
        #expect(try locator.locate() == directory)
        locator.environmentValue = directory + "/missing"
        #expect(throws: FontError.fontsDirectoryVariableInvalid(value: directory + "/missing")) { try locator.locate() }
        let file = Fixtures.temporaryFile(named: "not-a-directory", contents: [1])
        locator.environmentValue = file
        #expect(throws: FontError.fontsDirectoryVariableInvalid(value: file)) { try locator.locate() }
        let message = FontError.fontsDirectoryVariableInvalid(value: file).description
        #expect(message.contains("FEEDLAYOUT_FONTS") && message.contains(file))
        // Empty counts as unset.
        locator.environmentValue = ""
        #expect(try locator.locate() != "")
    }

    @Test("a binary without its bundle falls back to the clone; with neither, the error lists each place once")
    func fallbackAndError() throws {
        let executable = Self.scratchDirectory("exe")
        let clone = Self.scratchDirectory("clone")
        var bundleAsked = 0
        var locator = BundledFontsLocator(
            environmentValue: nil, executableDirectory: executable, sourceRoot: clone,
            resourceBundleFonts: { nil })
        locator.resourceBundleFonts = {
            bundleAsked += 1; return nil
        }
        let beside = executable + "/" + BundledFontsLocator.resourceBundleName + "/Fonts"
        #expect(throws: FontError.fontsDirectoryNotFound(searched: [beside, clone + "/Fonts"])) { try locator.locate() }
        #expect(bundleAsked == 0, "Bundle.module is not asked when no bundle is there (it would trap)")

        Self.makeFontsDirectory(clone + "/Fonts")
        #expect(try locator.locate() == clone + "/Fonts")

        Self.makeFontsDirectory(beside)
        locator.resourceBundleFonts = {
            bundleAsked += 1; return beside
        }
        #expect(try locator.locate() == beside)
        #expect(bundleAsked == 1)

        // Places that coincide are listed once.
        try FileManager.default.removeItem(atPath: clone + "/Fonts")
        try FileManager.default.removeItem(atPath: beside + "/" + BundledFontsLocator.probeFile)
        locator.sourceRoot = executable + "/" + BundledFontsLocator.resourceBundleName
        do {
            _ = try locator.locate()
            Issue.record("expected an error")
        } catch let error as FontError {
            #expect(error == .fontsDirectoryNotFound(searched: [beside]))
            let message = error.description
            #expect(message.components(separatedBy: beside).count == 2, "\(message)")
            #expect(message.contains("FEEDLAYOUT_FONTS"))
        }
    }
}
