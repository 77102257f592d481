import Belum

protocol ChatProtocol { var openChats: Int { get } }
protocol HomeProtocol {}
protocol SettingsProtocol {}
protocol ProfileProtocol {}

typealias ChatDependencies = Dependencies2<AppDependencies, HomeProtocol, SettingsProtocol>
typealias SettingsDependencies = Dependencies1<AppDependencies, ProfileProtocol>
typealias HomeDependencies = Dependencies1<AppDependencies, ChatProtocol>

final class ChatController: ChatProtocol {
  let dependencies: ChatDependencies
  var openChats: Int { 0 }
  init(_ dependencies: ChatDependencies) { self.dependencies = dependencies }
}

final class SettingsController: SettingsProtocol {
  let dependencies: SettingsDependencies
  init(_ dependencies: SettingsDependencies) { self.dependencies = dependencies }
}

final class HomeController: HomeProtocol {
  let dependencies: HomeDependencies
  init(_ dependencies: HomeDependencies) { self.dependencies = dependencies }
}
