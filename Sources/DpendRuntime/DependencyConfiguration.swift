/// A marker for classes that declare registrations explicitly.
///
/// dpend collects every class conforming to this protocol. Each method returning
/// ``DependencyRegistration`` is a factory for its generic argument; the method's
/// parameters, and the configuration class itself, are its dependencies.
/// ```swift
/// final class NetworkConfiguration: DependencyConfiguration {
///   func client(session: Session) -> DependencyRegistration<HTTPClient> {
///     DependencyRegistration(scope: .singleton) { URLSessionClient(session: session) }
///   }
/// }
/// ```
public protocol DependencyConfiguration: AnyObject {}
