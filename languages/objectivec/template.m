#import <Foundation/Foundation.h>
#include <stdio.h>

int main(void) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    long long n;
    if (scanf("%lld", &n) == 1) {
        long long answer = 0;
        // Solve the problem here.

        printf("%lld\n", answer);
    }
    [pool drain];
    return 0;
}
