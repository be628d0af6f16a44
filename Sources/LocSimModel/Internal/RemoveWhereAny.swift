extension Array {
    /// Removes the elements that match, touching the storage only when one does.
    ///
    /// `removeAll(where:)` makes the storage unique even when it removes nothing, which copies an
    /// array shared with another value: every model copied for exploration shares its timers and
    /// lists with the state it came from.
    @inline(__always)
    mutating func removeAny(where shouldRemove: (Element) -> Bool) {
        if contains(where: shouldRemove) { removeAll(where: shouldRemove) }
    }
}
