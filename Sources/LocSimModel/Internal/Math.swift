import Foundation

/// Formats a degree value with five decimals, deterministically.
func formatted(_ value: Double) -> String {
    String(format: "%.5f", value)
}
