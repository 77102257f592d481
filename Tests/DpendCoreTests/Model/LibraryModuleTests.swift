import DpendModel
import Testing

/// SPEC 4: the `.dpendmodule` format reads back exactly what it wrote, and a bad file is
/// reported with its path and the JSON path of the bad element.
struct LibraryModuleTests {
  static let file = "Vendor/Kit.dpendmodule"

  static func decodingError(_ text: String) -> LibraryModuleError? {
    do {
      _ = try LibraryModule.decode(text, file: file)
      return nil
    } catch {
      return error
    }
  }

  @Test func decodeReadsBackWhatEncodeWrote() throws {
    let origin = SourceRange.startOfFile(Self.file)
    let configuration = DependencyKey(name: "KitConfiguration")
    let factories = [
      Factory(
        key: DependencyKey(name: "Feed"),
        kind: .initializer(
          type: "Kit.FeedImpl",
          parameters: [
            FactoryParameter(label: "_", dependency: DependencyKey(name: "Store", tag: "Remote"), range: origin),
            FactoryParameter(
              label: "logger", dependency: DependencyKey(name: "Logger"), isOptional: true, range: origin),
          ]),
        isThrowing: true, requiredModules: ["Kit", "Foundation"], range: origin),
      Factory(
        key: DependencyKey(name: "Store", tag: "Remote"),
        kind: .configurationMethod(
          configuration: configuration, methodName: "remoteStore",
          parameters: [FactoryParameter(label: "session", dependency: DependencyKey(name: "Session"), range: origin)]),
        scope: .weakSingleton, requiredModules: ["Kit"], range: origin),
      Factory(
        key: configuration, kind: .initializer(type: "KitConfiguration", parameters: []), scope: .eagerSingleton,
        range: origin),
    ]

    #expect(try LibraryModule.decode(LibraryModule.encode(factories), file: Self.file) == factories)
  }

  @Test func everyScopeSurvivesTheRoundTrip() throws {
    let factories = Scope.allCases.map { scope in
      Factory(
        key: DependencyKey(name: "S"), kind: .initializer(type: "S", parameters: []), scope: scope,
        range: .startOfFile(Self.file))
    }

    #expect(try LibraryModule.decode(LibraryModule.encode(factories), file: Self.file) == factories)
  }

  @Test func decodedFactoriesAreLocatedAtTheStartOfTheFile() throws {
    let factories = try LibraryModule.decode(
      #"[{"key":{"name":"A"},"kind":{"initializer":{"type":"AImpl"}}}]"#, file: Self.file)

    #expect(
      factories == [
        Factory(
          key: DependencyKey(name: "A"), kind: .initializer(type: "AImpl", parameters: []),
          range: SourceRange(
            file: Self.file, start: SourcePosition(line: 1, column: 1, offset: 0),
            end: SourcePosition(line: 1, column: 1, offset: 0)))
      ])
  }

  @Test func errorsNameTheFileAndTheJSONPath() {
    let initializer = #""kind":{"initializer":{"type":"AImpl"}}"#
    let cases: [(document: String, message: String)] = [
      (#"[{"key": }]"#, "invalid JSON: line 1, column 10: unexpected character"),
      ("{}", "expected an array of factories, found an object"),
      (#"[{"key":{},\#(initializer)}]"#, "[0].key.name: missing field"),
      (#"[{"key":{"name":""},\#(initializer)}]"#, "[0].key.name: expected a non-empty string, found an empty string"),
      (#"[{"key":{"name":"A","tag":7},\#(initializer)}]"#, "[0].key.tag: expected a non-empty string, found a number"),
      (#"[{"key":{"name":"A"}}]"#, "[0].kind: missing field"),
      (#"[{"key":{"name":"A"},"kind":{"method":{}}}]"#, #"[0].kind: expected "initializer" or "configurationMethod""#),
      (
        #"[{"key":{"name":"A"},\#(initializer)},"#
          + #"{"key":{"name":"B"},"kind":{"initializer":{"type":"BImpl","#
          + #""parameters":[{"name":"a","dependency":{}}]}}}]"#,
        "[1].kind.initializer.parameters[0].dependency.name: missing field"
      ),
      (
        #"[{"key":{"name":"B"},"kind":{"configurationMethod":{"configuration":{"name":"C"},"methodName":null}}}]"#,
        "[0].kind.configurationMethod.methodName: expected a non-empty string, found null"
      ),
      (#"[{"key":{"name":"A"},\#(initializer),"scope":"forever"}]"#, "[0].scope: unknown scope 'forever'"),
      (#"[{"key":{"name":"A"},\#(initializer),"throws":"yes"}]"#, "[0].throws: expected a boolean, found a string"),
      (
        #"[{"key":{"name":"A"},\#(initializer),"requiredModules":["Kit",3]}]"#,
        "[0].requiredModules[1]: expected a non-empty string, found a number"
      ),
      (
        #"[{"key":{"name":"A"},\#(initializer),"requiredModules":"Kit"}]"#,
        "[0].requiredModules: expected an array, found a string"
      ),
      ("[[]]", "[0]: expected an object, found an array"),
    ]

    for (document, message) in cases {
      #expect(Self.decodingError(document)?.description == "\(Self.file): \(message)", "\(document)")
    }
  }

  @Test func errorKeepsFilePathAndReasonApart() {
    let error = Self.decodingError(#"[{"key":{},"kind":{"initializer":{"type":"AImpl"}}}]"#)

    #expect(error?.file == Self.file)
    #expect(error?.path == "[0].key.name")
    #expect(error?.reason == "missing field")
  }
}
