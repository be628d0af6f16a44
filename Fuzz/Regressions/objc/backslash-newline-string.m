#import <CoreLocation/CoreLocation.h>

@implementation Permission
- (void)ask {
    NSLog(@"first line \
continued \
and continued again");
    [self.manager requestAlwaysAuthorization];
    // a comment continued \
    [self.manager requestAlwaysAuthorization];
}
@end
