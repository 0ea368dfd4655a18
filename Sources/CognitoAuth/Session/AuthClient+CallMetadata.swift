import Foundation

extension AuthClient {
    /// Extra `ClientMetadata` for the user-pool calls made while it is bound (a task-local value), joined
    /// with ``AuthClientOptions/clientMetadata`` (its keys win).
    ///
    /// This is how AWSMobileClientCompat sends the per-call `clientMetaData:` of AWSMobileClient's
    /// methods without a second set of `AuthClient` methods: it binds the value around one call.
    package enum CallMetadata {
        /// The metadata of the calls in the current task; empty outside a binding.
        @TaskLocal package static var current: [String: String] = [:]
    }
}
