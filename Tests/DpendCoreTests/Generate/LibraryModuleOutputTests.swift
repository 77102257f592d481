import DpendAnalysis
import DpendGenerate
import DpendModel
import Testing

/// SPEC 4: library mode writes the public factories as a pretty-printed, stably ordered
/// `.dpendmodule` JSON array.
struct LibraryModuleOutputTests {
  @Test func publicImplementationsOnly() throws {
    let graph = try analyze(["Kit.swift": SpecExamples.library], filters: [".*Impl"], mode: .library, moduleName: "Kit")

    #expect(
      GeneratedOutput.text(for: graph) == """
        [
          {
            "dependencies": [],
            "key": {
              "name": "A"
            },
            "kind": {
              "initializer": {
                "parameters": [],
                "type": "AImpl"
              }
            },
            "requiredModules": [
              "Kit"
            ]
          },
          {
            "dependencies": [
              {
                "name": "A"
              }
            ],
            "key": {
              "name": "B"
            },
            "kind": {
              "initializer": {
                "parameters": [
                  {
                    "dependency": {
                      "name": "A"
                    },
                    "name": "a"
                  }
                ],
                "type": "BImpl"
              }
            },
            "requiredModules": [
              "Kit"
            ]
          }
        ]

        """)
  }

  @Test func specShapeOfOneFactoryInCompactForm() throws {
    let graph = try analyze(
      ["B.swift": "public class B {\n  public init(a: A) {}\n}"], filters: ["B"], mode: .library)

    let document = try JSONValue.parse(GeneratedOutput.text(for: graph))
    #expect(
      document.compact() == #"[{"dependencies":[{"name":"A"}],"key":{"name":"B"},"#
        + #""kind":{"initializer":{"parameters":[{"dependency":{"name":"A"},"name":"a"}],"type":"B"}},"#
        + #""requiredModules":[]}]"#)
  }

  @Test func configurationMethodsWithTagScopeAndOptionalParameter() throws {
    let graph = try analyze(
      [
        "Foo.swift": """
        import DpendRuntime

        public enum Bar: DependencyTag {}

        public final class FooConfiguration: DependencyConfiguration {
          public init() {}
          public func fooService() throws -> DependencyRegistration<FooService> {
            DependencyRegistration(tag: Bar.self, scope: .singleton) { try DefaultFooService() }
          }
          public func barService(
            fooService: Tagged<FooService, Bar>, logger: Logger?
          ) -> DependencyRegistration<BarService> {
            DependencyRegistration { DefaultBarService(fooService: fooService.dependency) }
          }
        }
        """
      ], mode: .library, moduleName: "Foo")

    #expect(graph.unprovidedKeys == [])
    #expect(
      GeneratedOutput.text(for: graph) == """
        [
          {
            "dependencies": [
              {
                "name": "FooConfiguration"
              },
              {
                "name": "FooService",
                "tag": "Bar"
              },
              {
                "name": "Logger"
              }
            ],
            "key": {
              "name": "BarService"
            },
            "kind": {
              "configurationMethod": {
                "configuration": {
                  "name": "FooConfiguration"
                },
                "methodName": "barService",
                "parameters": [
                  {
                    "dependency": {
                      "name": "FooService",
                      "tag": "Bar"
                    },
                    "name": "fooService"
                  },
                  {
                    "dependency": {
                      "name": "Logger"
                    },
                    "name": "logger",
                    "optional": true
                  }
                ]
              }
            },
            "requiredModules": [
              "Foo"
            ]
          },
          {
            "dependencies": [],
            "key": {
              "name": "FooConfiguration"
            },
            "kind": {
              "initializer": {
                "parameters": [],
                "type": "FooConfiguration"
              }
            },
            "requiredModules": [
              "Foo"
            ]
          },
          {
            "dependencies": [
              {
                "name": "FooConfiguration"
              }
            ],
            "key": {
              "name": "FooService",
              "tag": "Bar"
            },
            "kind": {
              "configurationMethod": {
                "configuration": {
                  "name": "FooConfiguration"
                },
                "methodName": "fooService",
                "parameters": []
              }
            },
            "requiredModules": [
              "Foo"
            ],
            "scope": "singleton",
            "throws": true
          }
        ]

        """)
  }

  @Test func factoriesOfOneKeyKeepDeclarationOrder() throws {
    let graph = try analyze(
      [
        "Kit.swift": """
        public protocol Store {}
        public protocol Cache {}
        public final class StoreImpl: Store, Cache {
          public init(path: Path) {}
          public init() {}
        }
        """
      ], filters: [".*Impl"], mode: .library)

    let factories = try LibraryModule.decode(GeneratedOutput.text(for: graph), file: "Kit.dpendmodule")
    #expect(
      factories.map(\.summaryLine) == [
        "Cache ← StoreImpl.init(path:)", "Cache ← StoreImpl.init()",
        "Store ← StoreImpl.init(path:)", "Store ← StoreImpl.init()",
      ])
  }

  @Test func emptyLibraryIsAnEmptyArray() throws {
    let graph = try analyze(["Internal.swift": "final class HiddenImpl {}"], filters: [".*Impl"], mode: .library)

    #expect(GeneratedOutput.text(for: graph) == "[]\n")
  }
}
