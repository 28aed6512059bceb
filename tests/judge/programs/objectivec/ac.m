#import <Foundation/Foundation.h>
#include <stdio.h>

int main(void) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    long long a, b;
    if (scanf("%lld %lld", &a, &b) == 2) {
        NSString *answer = [NSString stringWithFormat:@"%lld", a + b];
        printf("%s\n", [answer UTF8String]);
    }
    [pool drain];
    return 0;
}
