import DpendModel
import Testing

/// SPEC 3: `.dpend.json` holds the settings shared by the command line and the server.
struct ProjectConfigurationTests {
  static let file = "/work/app/.dpend.json"

  static func parsingError(_ text: String) -> ProjectConfigurationError? {
    do {
      _ = try ProjectConfiguration.parse(text, file: file)
      return nil
    } catch {
      return error
    }
  }

  @Test func everyField() throws {
    let configuration = try ProjectConfiguration.parse(
      """
      {
        "implicitFilters": [".*Impl", ".*ViewModel"],
        "inputs": ["Sources/App", "Sources/Feature"],
        "excludes": ["Sources/App/Generated"],
        "libraries": ["Vendor/Network.dpendmodule"],
        "outputFile": "Sources/App/Generated/Dependencies.swift",
        "container": "dip",
        "moduleName": "App",
        "dialects": ["swinject", "thesis"],
        "registerFunctions": ["Locator.register"],
        "resolveFunctions": ["inject", "Locator.resolve"],
        "injectWrappers": ["Inject"],
        "configurations": [[], ["DEBUG"], ["os(macOS)", "DEBUG"]],
        "targets": ["App", "ShareExtension"],
        "excludeTargets": ["AppUITests"]
      }
      """, file: Self.file)

    var expected = ProjectConfiguration()
    expected.implicitFilters = [".*Impl", ".*ViewModel"]
    expected.inputs = ["Sources/App", "Sources/Feature"]
    expected.excludes = ["Sources/App/Generated"]
    expected.libraries = ["Vendor/Network.dpendmodule"]
    expected.outputFile = "Sources/App/Generated/Dependencies.swift"
    expected.container = "dip"
    expected.moduleName = "App"
    expected.dialects = [.swinject, .thesis]
    expected.registerFunctions = ["Locator.register"]
    expected.resolveFunctions = ["inject", "Locator.resolve"]
    expected.injectWrappers = ["Inject"]
    expected.configurations = [[], ["DEBUG"], ["os(macOS)", "DEBUG"]]
    expected.targets = ["App", "ShareExtension"]
    expected.excludeTargets = ["AppUITests"]
    #expect(configuration == expected)
    #expect(
      configuration.collection
        == CollectionSettings(
          dialects: [.swinject, .thesis], registerFunctions: ["Locator.register"],
          resolveFunctions: ["inject", "Locator.resolve"], injectWrappers: ["Inject"]))
  }

  @Test func everyFieldIsOptional() throws {
    #expect(try ProjectConfiguration.parse("{}", file: Self.file) == ProjectConfiguration())
    #expect(try ProjectConfiguration.parse(#"{"inputs": []}"#, file: Self.file) == ProjectConfiguration())
  }

  @Test func unknownFieldNamesTheFileAndFieldWithASuggestion() {
    let known =
      "known fields: implicitFilters, inputs, excludes, libraries, outputFile, container, moduleName, dialects, registerFunctions, resolveFunctions, injectWrappers, configurations, targets, excludeTargets"
    let error = Self.parsingError(#"{"implicitFilter": [".*Impl"]}"#)

    #expect(error?.file == Self.file)
    #expect(error?.field == "implicitFilter")
    #expect(
      error?.description
        == "\(Self.file): field 'implicitFilter': unknown field (did you mean 'implicitFilters'?); \(known)")
    #expect(
      Self.parsingError(#"{"verbose": true}"#)?.description == "\(Self.file): field 'verbose': unknown field; \(known)")
  }

  @Test func suggestionsForCommonMistakes() {
    let cases = [
      "output": "outputFile", "output_file": "outputFile", "implicit-filter": "implicitFilters",
      "library": "libraries", "exclude": "excludes", "Module": "moduleName", "containerKind": "container",
    ]
    for (field, suggestion) in cases {
      let reason = Self.parsingError("{\"\(field)\": 1}")?.reason
      #expect(reason?.hasPrefix("unknown field (did you mean '\(suggestion)'?); known fields: ") == true, "\(field)")
    }
  }

  @Test func wrongTypeNamesTheField() {
    let cases = [
      #"{"inputs": "Sources"}"#: "field 'inputs': expected an array of strings, found a string",
      #"{"implicitFilters": [".*Impl", 3]}"#:
        "field 'implicitFilters': expected an array of strings, found an array containing a number",
      #"{"libraries": null}"#: "field 'libraries': expected an array of strings, found null",
      #"{"outputFile": 3}"#: "field 'outputFile': expected a non-empty string, found a number",
      #"{"container": ""}"#: "field 'container': expected a non-empty string, found an empty string",
      #"{"moduleName": ["App"]}"#: "field 'moduleName': expected a non-empty string, found an array",
      #"{"dialects": ["dip", "weaver"]}"#:
        "field 'dialects': unknown dialect 'weaver'; expected some of: thesis, dip, swinject, resolver, factory, stitcher, belum",
      #"{"dialects": ["locator"]}"#:
        "field 'dialects': unknown dialect 'locator'; expected some of: thesis, dip, swinject, resolver, factory, stitcher, belum",
      #"{"injectWrappers": "Inject"}"#: "field 'injectWrappers': expected an array of strings, found a string",
      #"{"configurations": ["DEBUG"]}"#:
        "field 'configurations': expected an array of arrays of condition names, found an array containing a string",
      #"{"configurations": [["DEBUG", 1]]}"#:
        "field 'configurations': expected an array of arrays of condition names, found a configuration containing a number",
      #"{"configurations": []}"#: "field 'configurations': expected at least one configuration",
      #"{"configurations": {}}"#:
        "field 'configurations': expected an array of arrays of condition names, found an object",
    ]
    for (document, message) in cases {
      #expect(Self.parsingError(document)?.description == "\(Self.file): \(message)", "\(document)")
    }
  }

  @Test func documentThatIsNotAnObjectOrNotJSON() {
    #expect(Self.parsingError("[]")?.description == "\(Self.file): expected a JSON object, found an array")
    #expect(Self.parsingError("[]")?.field == nil)
    #expect(
      Self.parsingError("{\n  \"inputs\": [}")?.description
        == "\(Self.file): invalid JSON at line 2, column 14: unexpected character")
  }
}
