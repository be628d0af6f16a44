import CoreLocation

func ask(_ manager: CLLocationManager) {
    manager.requestAlwaysAuthorization()
    let x = g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as g(x as 
}
