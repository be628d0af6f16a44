import CoreLocation

func ask(_ manager: CLLocationManager) {
    manager.requestAlwaysAuthorization()
}

let table = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
