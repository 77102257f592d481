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
        "moduleName": "App"
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
    #expect(configuration == expected)
  }

  @Test func everyFieldIsOptional() throws {
    #expect(try ProjectConfiguration.parse("{}", file: Self.file) == ProjectConfiguration())
    #expect(try ProjectConfiguration.parse(#"{"inputs": []}"#, file: Self.file) == ProjectConfiguration())
  }

  @Test func unknownFieldNamesTheFileAndFieldWithASuggestion() {
    let known = "known fields: implicitFilters, inputs, excludes, libraries, outputFile, container, moduleName"
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
