import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

/// `receive` runs an effect on a fake service and sends back its result, as the runtime does, with no wall clock.
@Suite struct TestStoreReceiveTests {
    @Test("p opens Profile; its load is received from the service and fills the view")
    func profileLoadIsReceived() async {
        let service = FakeAuthService()
        await service.script(profile: aliceProfile)
        let app = signedInApp()
        var store = appStore(app)
        store.press(.character("p"), [.profile(.load)]) {
            $0.modal = .profile(ProfileState.opening(over: app).0)
        }
        #expect(store.pendingEffects == [.profile(.load)])
        await store.receive(from: service) {
            $0.profile?.request = nil
            $0.profile?.attributes = aliceProfile
        }
        #expect(store.pendingEffects.isEmpty)
        #expect(await service.calls == [.userAttributes])
    }
}
