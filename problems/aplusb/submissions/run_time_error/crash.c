#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long long a, b;
    scanf("%lld %lld", &a, &b);
    int *p = NULL;
    if (a + b != 3) *p = 1; /* dereferences NULL on most tests */
    printf("%lld\n", a + b);
    return 0;
}
