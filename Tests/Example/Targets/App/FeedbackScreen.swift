final class FeedbackScreen {
  let hud: HUDPresenting
  let haptics: Haptics

  init(hud: HUDPresenting, haptics: Haptics) {
    self.hud = hud
    self.haptics = haptics
  }
}
