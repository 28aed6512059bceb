#include <stdio.h>

int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 0;

    long long answer = 0;
    /* Solve the problem here. */

    printf("%lld\n", answer);
    return 0;
}
