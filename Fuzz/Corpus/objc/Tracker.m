#import <CoreLocation/CoreLocation.h>

@interface Tracker () <CLLocationManagerDelegate>
@property (nonatomic, strong) CLLocationManager *manager;
@end

@implementation Tracker
- (void)start {
    self.manager = [[CLLocationManager alloc] init];
    self.manager.delegate = self;
    NSString *s = @"a \
    [self.manager requestAlwaysAuthorization];";
    [self.manager requestWhenInUseAuthorization];
}

- (void)locationManager:(CLLocationManager *)manager
    didChangeAuthorizationStatus:(CLAuthorizationStatus)status {
    if (status == kCLAuthorizationStatusAuthorizedWhenInUse) {
        [manager requestAlwaysAuthorization];
        manager.allowsBackgroundLocationUpdates = YES;
    }
}
@end
