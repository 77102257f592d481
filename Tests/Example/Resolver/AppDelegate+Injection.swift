import Resolver

extension Resolver: ResolverRegistering {
  public static func registerAllServices() {
    register { URLSessionTransport() }.implements(Transport.self).scope(.application)
    register { KeychainTokenStore() }.scope(.application)
    register { APIClient(transport: resolve(), tokens: resolve()) as NetworkClient }
    registerProfile()
  }

  static func registerProfile() {
    #if DEBUG
      register { ConsoleLogger() as Logger }
    #endif
    register { ProfileService(client: resolve(), logger: resolve()) }
  }
}
