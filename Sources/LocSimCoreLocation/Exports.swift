// Core Location re-exports Foundation: app code that imports CoreLocation alone uses `NSObject`,
// `Date` and `NotificationCenter`. Importing LocSimCoreLocation alone does the same.
@_exported import Foundation
