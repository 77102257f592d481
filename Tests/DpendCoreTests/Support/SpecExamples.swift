import DpendTestSupport

/// The examples of SPEC.md, with markers where diagnostics and factories are located.
enum SpecExamples {
  /// SPEC 1.2: explicit configuration with a tag, a scope and a tagged parameter.
  static let explicitConfiguration = MarkedText(
    """
    import DpendRuntime

    public enum Bar: DependencyTag {}

    class 0️⃣FooConfiguration: DependencyConfiguration {
      func 1️⃣fooService() -> DependencyRegistration<FooService> {
        DependencyRegistration(tag: Bar.self, scope: .singleton) { DefaultFooService() }
      }
      func 2️⃣barService(fooService: 3️⃣Tagged<FooService, Bar>) -> DependencyRegistration<BarService> {
        DependencyRegistration { DefaultBarService(fooService: fooService.dependency) }
      }
      func 4️⃣bazService(barService: 5️⃣BarService) -> DependencyRegistration<BazService> {
        DependencyRegistration { DefaultBazService(barService: barService) }
      }
    }
    """)

  /// SPEC 2: the transitive cycle `A -> B -> C -> D -> B` over implementation classes
  /// (filter `.*Impl`).
  static let transitiveCycle = MarkedText(
    """
    protocol A {}
    protocol B {}
    protocol C {}
    protocol D {}
    class AImpl: A { init(b: 1️⃣B) {} }
    class BImpl: B { init(c: 2️⃣C) {} }
    class CImpl: C { init(d: 3️⃣D) {} }
    class DImpl: D { init(b: 4️⃣B) {} }
    """)

  /// SPEC 4: a library with public `A` and `B` and an internal `C` (filter `.*Impl`);
  /// `BImpl` has an internal initializer too.
  static let library = """
    public protocol A {}
    public protocol B {}
    protocol C {}
    public final class AImpl: A {
      public init() {}
    }
    public final class BImpl: B {
      public init(a: A) {}
      init(debug: Bool) {}
    }
    final class CImpl: C {
      init(b: B) {}
    }
    """
}
