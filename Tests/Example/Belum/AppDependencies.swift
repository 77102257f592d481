import Belum

/// Every module the app wires together; each module sees only the members it declares.
struct AppDependencies {
  var chat: ChatProtocol!
  var home: HomeProtocol!
  var settings: SettingsProtocol!
  var profile: ProfileProtocol!
  init() {}
}

let belum = Belum(AppDependencies())

func wireModules() {
  belum.setup { registrar in
    registrar.register({ ChatController($0) }, for: \.chat, dependencies: \.home, \.settings)
    registrar.register({ SettingsController($0) }, for: \.settings, dependencies: \.profile)
    // Home opens the chat, and the chat shows home: each waits for the other.
    registrar.register({ HomeController($0) }, for: \.home, dependencies: \.chat)
  }
}
