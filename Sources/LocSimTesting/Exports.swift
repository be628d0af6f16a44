// The exhaustive test store comes with the exploration helpers; a suite that needs only the store
// imports `LocSimTestStore`, which links the model alone.
@_exported import LocSimTestStore
