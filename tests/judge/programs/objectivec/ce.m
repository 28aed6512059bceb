#import <Foundation/Foundation.h>

int main(void) {
    NSString *s = [NSString stringWithFormat:@"%d", 3]
    return 0;
}
