import DpendCollect
import DpendModel
import DpendTestSupport
import Foundation
import Testing

/// The binary form of a summary (the on-disk cache's): every summary reads back equal, and
/// no bytes, however wrong, crash or hang the reader.
@Suite struct SummaryBinaryTests {
  /// Every container dialect, so that registrations and resolve sites are collected.
  static let settings = CollectionSettings(dialects: [.thesis, .dip, .swinject, .resolver, .factory, .stitcher, .belum])

  /// The summaries of every Swift file under `Sources/` and `Tests/Example/`, in path order.
  static let realSummaries: [FileSummary] = {
    var paths: [String] = []
    for folder in ["Sources", "Tests/Example"] {
      let base = Repository.url(folder).path
      let found = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
      paths += found.filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
    }
    return paths.sorted().map { path in
      let source = (try? String(contentsOf: Repository.url(path), encoding: .utf8)) ?? ""
      return SummaryCollector.summarize(path: path, source: source, settings: settings)
    }
  }()

  /// The header of the current format: `DPSB` and the version.
  static let header = Array("DPSB".utf8) + [FileSummary.binaryFormatVersion]

  @Test func everyRealSummaryReadsBackEqual() throws {
    let summaries = Self.realSummaries
    #expect(summaries.count > 150)
    // The files hold what the format must carry, or the round trip would prove little.
    #expect(summaries.contains { !$0.registrations.isEmpty })
    #expect(summaries.contains { !$0.resolveSites.isEmpty })
    #expect(summaries.contains { $0.types.contains { !$0.methods.isEmpty } })
    for summary in summaries {
      let encoded = summary.binaryEncoded()
      let decoded = try FileSummary(binary: encoded)
      #expect(decoded == summary, "\(summary.path)")
      // The path is written once, in the string table (its length, then its bytes), however
      // many ranges name it; other strings may hold it (Stitcher's scope names do).
      let entry = leb128(UInt64(summary.path.utf8.count)) + Array(summary.path.utf8)
      #expect(occurrences(of: entry, in: encoded) == 1, "\(summary.path)")
    }
  }

  @Test func aSummaryWithEveryRarelySetFieldReadsBackEqual() throws {
    let summary = Self.handBuilt()
    let decoded = try FileSummary(binary: summary.binaryEncoded())
    #expect(decoded == summary)
    // Strings Swift calls equal but spelled differently keep their own bytes.
    #expect(decoded.imports.map { Array($0.utf8) } == summary.imports.map { Array($0.utf8) })
    #expect(Array(decoded.imports[0].utf8) != Array(decoded.imports[1].utf8))
    // The lines behave as the original's: the kept bytes came back.
    #expect(
      decoded.lines.linePosition(ofOffset: 7, unit: .utf16) == summary.lines.linePosition(ofOffset: 7, unit: .utf16))
  }

  @Test func lineTablesOfEveryKindReadBackEqual() throws {
    for text in ["", "x", "a\nb\n", "\n\n\n", "a\r\nb", "é\n😀", "plain\nascii\nlast line without break"] {
      var summary = FileSummary(path: "Lines.swift")
      summary.lines = LineTable(text)
      #expect(try FileSummary(binary: summary.binaryEncoded()).lines == LineTable(text), "\(text.debugDescription)")
    }
  }

  @Test func theBytesAreDeterministic() {
    let summary = Self.handBuilt()
    #expect(summary.binaryEncoded() == summary.binaryEncoded())
    #expect(Array(summary.binaryEncoded().prefix(Self.header.count)) == Self.header)
  }

  /// The stored properties the format writes, per type: adding one to the model fails this
  /// test until the binary form writes it too (and the format version is bumped).
  @Test func everyStoredPropertyIsKnownToTheFormat() {
    let summary = Self.handBuilt()
    let registration = summary.registrations[0]
    let expected: [(Any, [String])] = [
      (
        summary,
        [
          "path", "imports", "protocols", "types", "extensions", "typealiases", "globalTypes", "problems",
          "registrations",
          "resolveSites", "siteEdits", "keyRanges", "vocabulary", "receiverNames", "mentions", "instances", "lines",
        ]
      ),
      (summary.vocabulary, ["helpers", "containerValues", "slots", "exportedImports", "containerAliases"]),
      (summary.vocabulary.containerAliases[0], ["name", "dialect", "range"]),
      (summary.vocabulary.slots[0], ["slot", "range"]),
      (summary.vocabulary.slots[0].slot, ["callee", "label", "position", "dialect"]),
      (
        summary.vocabulary.helpers[0],
        [
          "role", "name", "owner", "isStatic", "keyPosition", "labels", "nameLabel", "isOptional", "scope",
          "fileDialects", "forwards", "range", "runtimeArguments",
        ]
      ),
      (summary.vocabulary.helpers[0].forwards[0], ["name", "receiver", "passesType"]),
      (summary.vocabulary.containerValues[0], ["name", "owner", "dialect", "range"]),
      (summary.protocols[0], ["name", "access", "range", "inheritance"]),
      (
        summary.types[0],
        [
          "name", "kind", "access", "isGeneric", "inheritance", "initializers", "methods", "range", "conditions",
          "closingBrace", "closingBraceStartsLine", "propertyTypes", "staticTypes", "declaresNoInitializer",
          "genericParameters",
        ]
      ),
      (
        summary.extensions[0],
        [
          "extendedType", "inheritance", "methods", "initializers", "staticTypes", "range", "conditions",
          "closingBrace",
        ]
      ),
      (summary.typealiases[0], ["name", "target", "lookupScope", "range"]),
      (summary.types[0].inheritance[0], ["name", "tag", "isOptional", "range"]),
      (summary.types[0].initializers[0], ["parameters", "access", "isThrowing", "isImplicit", "range", "conditions"]),
      (summary.types[0].initializers[0].parameters[0], ["label", "type", "hasDefault"]),
      (
        summary.types[0].methods[0],
        ["name", "parameters", "access", "registrationStorage", "returnType", "range", "conditions", "problems"]
      ),
      (summary.types[0].methods[0].registration!, ["type", "tag", "scope", "isThrowing"]),
      (summary.problems[0], ["code", "severity", "message", "range", "notes"]),
      (summary.problems[0].notes[0], ["message", "range", "siteMessage"]),
      (summary.problems[0].range, ["file", "start", "end"]),
      (summary.problems[0].range.start, ["storedLine", "storedColumn", "storedOffset"]),
      (
        registration,
        [
          "dialect", "types", "name", "nameIsComputed", "valueType", "argumentCount", "argumentTypes", "scope",
          "constructedType",
          "autowired",
          "needs", "propertyNeeds", "range", "unread", "conditions", "scopeName", "isForwarded", "gate", "instance",
          "typeRange", "resultRange", "typeArgumentInsertion", "providedType", "lookupScope", "statement",
          "receiverType",
        ]
      ),
      (registration.typeArgumentInsertion!, ["position", "prefix", "suffix"]),
      (registration.statement!, ["range", "lines", "indentation", "receiver", "followsBlankLine"]),
      (summary.siteEdits[0], ["site", "edits"]),
      (summary.keyRanges[0], ["call", "key", "closingParenthesis"]),
      (summary.siteEdits[0].edits, ["type", "name", "nameArgument", "nameInsertion", "runtimeArguments"]),
      (
        summary.resolveSites[0],
        [
          "dialect", "type", "name", "argumentCount", "argumentTypes", "isRequired", "conditionalCast", "range",
          "unread",
          "conditions", "owner", "requiredBy", "lookupScope", "instance", "isFactoryArgument", "receiverType",
        ]
      ),
      (summary.lines, ["lineStarts", "bytes", "count", "isASCII"]),
    ]
    for (value, names) in expected {
      #expect(Mirror(reflecting: value).children.map(\.label) == names, "\(type(of: value))")
    }
  }

  // MARK: - Corrupt bytes

  @Test func everyTruncationThrows() throws {
    // The real summary with the most registrations, so every kind of value is cut somewhere.
    let summary = try #require(Self.realSummaries.max { $0.registrations.count < $1.registrations.count })
    for encoded in [summary.binaryEncoded(), Self.handBuilt().binaryEncoded()] {
      for length in 0..<encoded.count {
        #expect(throws: SummaryDecodingError.truncated, "\(length)") {
          try FileSummary(binary: Array(encoded[..<length]))
        }
      }
    }
  }

  @Test func randomByteFlipsThrowOrDecodeToAWellFormedSummary() throws {
    let original = Self.handBuilt().binaryEncoded()
    var random = SplitMix64(seed: 0x5EED)
    var thrown = 0
    var decoded = 0
    for _ in 0..<2_000 {
      var bytes = original
      let index = random.below(bytes.count)
      bytes[index] ^= UInt8(1 + random.below(255))
      guard let summary = try? FileSummary(binary: bytes) else {
        thrown += 1
        continue
      }
      decoded += 1
      // Whatever came out is a summary like any other: it reads back equal, and its lines
      // answer without trapping.
      #expect(try FileSummary(binary: summary.binaryEncoded()) == summary)
      for offset in [0, 3, summary.lines.count, summary.lines.count + 5] {
        _ = summary.lines.linePosition(ofOffset: offset, unit: .utf16)
        _ = summary.lines.sourcePosition(ofOffset: offset)
      }
      _ = summary.lines.offset(of: LinePosition(line: 1, character: 2), unit: .utf16)
    }
    // Both outcomes happen (a flipped character of a string decodes; a flipped count throws).
    #expect(thrown > 0 && decoded > 0 && thrown + decoded == 2_000)
  }

  @Test func aHugeCountThrowsWithoutAllocating() {
    let count: UInt64 = 1 << 40
    // As the string table's count.
    #expect(throws: SummaryDecodingError.truncated) { try FileSummary(binary: Self.header + leb128(count)) }
    // As the range table's count, after a one-string table.
    #expect(throws: SummaryDecodingError.truncated) {
      try FileSummary(binary: Self.header + [1, 1, 0x61] + leb128(count))
    }
    // As the imports' count, after an empty range table and a path.
    let afterPath = Self.header + [1, 1] + Array("a".utf8) + [0, 0]
    #expect(throws: SummaryDecodingError.truncated) { try FileSummary(binary: afterPath + leb128(count)) }
    // As a string's length in the table.
    #expect(throws: SummaryDecodingError.truncated) { try FileSummary(binary: Self.header + [1] + leb128(count)) }
  }

  @Test func wrongBytesAreMalformed() {
    let empty = FileSummary(path: "a").binaryEncoded()
    // The string table ("a"), the empty range table, the path's index, eleven empty arrays,
    // the vocabulary's five, the receiver names, the mentions' two, the instances' two, an
    // empty text's one line.
    let arrays = [UInt8](repeating: 0, count: 11)
    #expect(
      empty == Self.header + [1, 1, 0x61, 0, 0] + arrays + [0, 0, 0, 0, 0] + [0] + [0, 0] + [0, 0] + [0, 0, 1, 0])
    var magic = empty
    magic[0] = UInt8(ascii: "X")
    #expect(throws: SummaryDecodingError.malformed("not a binary summary")) { try FileSummary(binary: magic) }
    var version = empty
    version[4] = FileSummary.binaryFormatVersion &+ 1
    #expect(throws: SummaryDecodingError.unsupportedVersion(Int(FileSummary.binaryFormatVersion &+ 1))) {
      try FileSummary(binary: version)
    }
    #expect(throws: SummaryDecodingError.malformed("1 trailing bytes")) { try FileSummary(binary: empty + [0]) }
    // The path's index past the one-string table.
    var index = empty
    index[9] = 1
    #expect(throws: SummaryDecodingError.malformed("string 1 past the table")) { try FileSummary(binary: index) }
    // The path's byte is no UTF-8.
    var utf8 = empty
    utf8[7] = 0xFF
    #expect(throws: SummaryDecodingError.malformed("a string not UTF-8")) { try FileSummary(binary: utf8) }
    // A varint of eleven bytes for the path's index.
    let long = Self.header + [1, 1, 0x61, 0] + [UInt8](repeating: 0x80, count: 10) + [0]
    #expect(throws: SummaryDecodingError.malformed("a varint longer than 64 bits")) { try FileSummary(binary: long) }
    // The line table's tag.
    var tag = empty
    tag[tag.count - 4] = 2
    #expect(throws: SummaryDecodingError.malformed("2 is no line table")) { try FileSummary(binary: tag) }
  }

  @Test func corruptLineStartsAreMalformed() throws {
    let prefix =
      Self.header + [1, 1, 0x61, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0] + [0] + [0, 0] + [0, 0]
    // Tag 0, length 4, then the starts as distances.
    for (starts, reason) in [
      ([1], "line starts not ascending from 0"), ([0, 0], "line starts not ascending from 0"),
      ([0, 5], "a line start past the text"), ([], "a line table without lines"),
    ] as [([UInt8], String)] {
      let bytes = prefix + [0, 4, UInt8(starts.count)] + starts
      #expect(throws: SummaryDecodingError.malformed(reason), "\(starts)") { try FileSummary(binary: bytes) }
    }
    #expect(try FileSummary(binary: prefix + [0, 4, 2, 0, 4]).lines == LineTable("abc\n"))
  }

  // MARK: - Helpers

  /// How many times `needle` occurs in `haystack`.
  private func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
    guard !needle.isEmpty, haystack.count >= needle.count else { return 0 }
    return (0...(haystack.count - needle.count)).count { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
  }

  /// `value` as an unsigned LEB128 varint, written independently of `BinaryWriter`.
  private func leb128(_ value: UInt64) -> [UInt8] {
    var bytes: [UInt8] = []
    var rest = value
    repeat {
      let low = UInt8(rest & 0x7F)
      rest >>= 7
      bytes.append(rest == 0 ? low : low | 0x80)
    } while rest != 0
    return bytes
  }

  /// A summary setting what real files seldom do: every `ResolvedType` case, both closing
  /// braces, argument insertions, extreme and negative numbers, every enum case, a kept text.
  static func handBuilt() -> FileSummary {
    let path = "Sources/Hand/Built.swift"
    func range(_ start: Int, _ end: Int, file: String = path) -> SourceRange {
      SourceRange(
        file: file, start: SourcePosition(line: start, column: start + 1, offset: start * 10),
        end: SourcePosition(line: end, column: end - 1, offset: end * 10))
    }
    var summary = FileSummary(path: path)
    // Composed and decomposed `é`: equal to Swift, different bytes.
    summary.imports = ["Caf\u{E9}", "Cafe\u{301}", "Dip", ""]
    let reference = TypeReference(name: "Store", tag: "Remote", isOptional: true, range: range(1, 2))
    let plainReference = TypeReference(name: "[Int]", range: range(2, 3))
    summary.protocols = AccessLevel.allCases.map {
      ProtocolDeclaration(name: "P\($0.rawValue)", access: $0, range: range(3, 4), inheritance: [plainReference])
    }
    var initializer = Initializer(
      parameters: [
        Parameter(label: "store", type: reference, hasDefault: false),
        Parameter(label: "_", type: plainReference, hasDefault: true),
      ], access: .package, isThrowing: true, isImplicit: false, range: range(5, 6))
    initializer.conditions = ["DEBUG", "!os(iOS)"]
    let note = DiagnosticNote(message: "declared here", range: range(7, 8, file: "Other.swift"))
    let problem = Diagnostic(
      code: DiagnosticCode(rawValue: "custom-code"), severity: .warning, message: "m", range: range(8, 9),
      notes: [note])
    var method = MethodDeclaration(
      name: "store", parameters: [initializer.parameters[0]], access: .open,
      registration: Registration(type: reference, tag: "Tag", scope: .weakSingleton, isThrowing: true),
      returnType: "DependencyRegistration<Store>", range: range(10, 11), problems: [problem])
    method.conditions = ["A"]
    let plainMethod = MethodDeclaration(
      name: "plain", parameters: [], access: .private, registration: nil, returnType: nil, range: range(12, 13))
    let kinds: [TypeKind] = [.class, .struct, .actor, .enum]
    summary.types = kinds.enumerated().map { index, kind in
      var type = TypeDeclaration(
        name: "T\(index)", kind: kind, access: AccessLevel.allCases[index], isGeneric: index.isMultiple(of: 2),
        inheritance: [reference], initializers: [initializer], methods: [method, plainMethod], range: range(14, 15),
        closingBrace: index == 0 ? nil : range(16, 17), closingBraceStartsLine: index == 1)
      type.conditions = index == 2 ? ["X"] : []
      type.declaresNoInitializer = index == 0
      type.genericParameters = index == 2 ? ["Model", "Key"] : []
      type.staticTypes = index == 1 ? ["shared": "T1", "name": "String?"] : [:]
      return type
    }
    summary.types += Scope.allCases.map { scope in
      var scoped = method
      scoped.registration?.scope = scope
      return TypeDeclaration(
        name: "S\(scope)", kind: .class, access: .internal, isGeneric: false, inheritance: [], initializers: [],
        methods: [scoped], range: range(18, 19))
    }
    var closed = ExtensionDeclaration(
      extendedType: "Outer.Inner", inheritance: [reference], methods: [method], range: range(20, 21),
      closingBrace: range(22, 23))
    closed.conditions = ["os(macOS)"]
    closed.initializers = [initializer]
    closed.staticTypes = ["current": "Outer.Inner"]
    summary.extensions = [
      closed, ExtensionDeclaration(extendedType: "Open", inheritance: [], methods: [], range: range(24, 25)),
    ]
    summary.typealiases = [TypealiasDeclaration(name: "A.B", target: "C", lookupScope: "", range: range(26, 27))]
    summary.problems = [
      problem, Diagnostic(code: .missingDependency, message: "no provider", range: range(28, 28)),
      Diagnostic(code: .dependencyCycle, severity: .warning, message: "cycle", range: range(0, 0)),
    ]
    var site = ResolveSite(
      dialect: .resolver, type: .parameter(of: "Impl", labels: [nil, "store", ""], position: -3), name: "\"remote\"",
      argumentCount: Int.max, isRequired: false, conditionalCast: "P", range: range(29, 30), unread: "why",
      conditions: ["DEBUG"])
    site.owner = "Feed"
    site.requiredBy = "the container \"Feed\""
    site.argumentTypes = ["Int?", ""]
    var nested = ResolveSite(
      dialect: .resolver,
      type: .initializerParameter(
        of: .initializerParameter(
          of: .functionResult(of: .member(of: "Screen", name: "machine")), labels: ["state"], position: 0),
        labels: [nil, "api"], position: 1), isRequired: true, range: range(29, 31))
    nested.isFactoryArgument = true
    nested.receiverType = .global("container")
    let siteEdits = SiteEditRanges(
      type: range(44, 45), name: range(46, 47), nameArgument: range(45, 47),
      nameInsertion: ArgumentInsertion(position: range(48, 48), prefix: ", ", suffix: ""),
      runtimeArguments: range(49, 50))
    let named = ResolveSite(
      dialect: .dip, type: .named("Store"), argumentCount: Int.min, isRequired: true, range: range(31, 32))
    let unread = ResolveSite(
      dialect: .stitcher, type: nil, isRequired: true, range: range(33, 34), unread: "a computed key")
    var registration = ContainerRegistration(
      dialect: .swinject, types: ["P", "Q"], name: ".remote", argumentCount: 2, scope: "container",
      constructedType: "Impl", needs: [site, named, nested], propertyNeeds: [unread], range: range(35, 36), unread: "u",
      conditions: ["DEBUG"], scopeName: "container in AppAssembly")
    registration.nameIsComputed = true
    registration.autowired = "Impl"
    registration.isForwarded = true
    registration.typeRange = range(37, 38)
    registration.resultRange = range(39, 40)
    registration.typeArgumentInsertion = ArgumentInsertion(position: range(41, 41), prefix: "(", suffix: ")")
    registration.statement = RegistrationStatement(
      range: range(51, 52), lines: range(50, 53), indentation: "\t  ", receiver: "self.container",
      followsBlankLine: true)
    registration.providedType = "Chat"
    registration.valueType = .staticMember(of: "AppConfiguration", name: "restServer")
    registration.receiverType = .property(of: .staticMember(of: "Services", name: "shared"), name: "container")
    registration.argumentTypes = ["", "String"]
    registration.gate = RegistrationGate(
      name: "FeedAssembly", declaration: "FeedAssembly.assemble(container:)", isAssembly: true)
    summary.registrations = [registration]
    summary.registrations += Dialect.allCases.map {
      ContainerRegistration(dialect: $0, types: [], range: range(42, 43))
    }
    for value in [
      ResolvedType.property(
        of: .property(of: .staticMember(of: "Services", name: "shared"), name: "next"), name: "api"),
      .global("sharedLogger"), .array(of: [.global("a"), .named("B"), .staticMember(of: "C", name: "d")]),
    ] {
      var declared = ContainerRegistration(dialect: .dip, types: [], range: range(42, 43), unread: "body")
      declared.valueType = value
      summary.registrations.append(declared)
    }
    summary.globalTypes = ["sharedLogger": "Logger", "makeClock": "Clock?"]
    summary.siteEdits = [SiteEdits(site: site.range, edits: siteEdits)]
    summary.keyRanges = [
      KeyRange(call: site.range, key: range(54, 55), closingParenthesis: range(55, 56)),
      KeyRange(call: range(35, 36), key: range(56, 57)),
    ]
    summary.resolveSites =
      [site, named, unread]
      + Dialect.allCases.map {
        ResolveSite(dialect: $0, type: .named(""), isRequired: true, range: range(-5, -4))
      }
    summary.lines = LineTable("é\r\nx😀\ry\n")
    summary.vocabulary = VocabularyFacts(
      helpers: [
        HelperDeclaration(
          role: .resolve, name: "resolve", owner: "DI", isStatic: true, keyPosition: 0, labels: [nil, "name"],
          nameLabel: "name", isOptional: true, scope: "container", fileDialects: [.swinject, .dip],
          forwards: [HelperDeclaration.Forward(name: "resolve", receiver: "assembler.resolver", passesType: true)],
          range: range(30, 31)),
        HelperDeclaration(
          role: .wrapper, name: "Inject", owner: nil, keyPosition: nil, labels: [], forwards: [], range: range(32, 33)),
      ],
      containerValues: [ContainerValue(name: "container", owner: "App", dialect: .dip, range: range(34, 35))],
      slots: [
        ContainerSlotDeclaration(
          slot: ContainerSlot(callee: "Route", label: nil, position: 1, dialect: .swinject), range: range(36, 37))
      ])
    summary.vocabulary.containerAliases = [ContainerAlias(name: "DI", dialect: .swinject, range: range(38, 39))]
    summary.receiverNames = ["App", "container", "shared"]
    summary.mentions = NameMentions(
      outside: [7, 4_000_000_000], inside: [NameMentions.GateBody(gate: "registerCore", hashes: [0, UInt32.max])])
    return summary
  }
}
