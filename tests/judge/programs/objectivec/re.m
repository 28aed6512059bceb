#import <Foundation/Foundation.h>

int main(void) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    NSArray *empty = [NSArray array];
    NSLog(@"%@", [empty objectAtIndex:3]);
    [pool drain];
    return 0;
}
