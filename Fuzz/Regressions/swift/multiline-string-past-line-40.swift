import CoreLocation

func filler0() -> Int {
    return 0
}
func filler1() -> Int {
    return 1
}
func filler2() -> Int {
    return 2
}
func filler3() -> Int {
    return 3
}
func filler4() -> Int {
    return 4
}
func filler5() -> Int {
    return 5
}
func filler6() -> Int {
    return 6
}
func filler7() -> Int {
    return 7
}
func filler8() -> Int {
    return 8
}
func filler9() -> Int {
    return 9
}
func filler10() -> Int {
    return 10
}
func filler11() -> Int {
    return 11
}

func ask(_ manager: CLLocationManager) {
    manager.requestWhenInUseAuthorization()
}

let help = """
requestAlwaysAuthorization() is not called here: this is text
"""

let raw = #"""
requestAlwaysAuthorization() """ still text
"""#

/*
requestAlwaysAuthorization()
/* nested */
requestAlwaysAuthorization()
*/
