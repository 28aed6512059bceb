#include <math.h>
#include <stdio.h>

int main(void) {
    double r;
    scanf("%lf", &r);
    /* midpoint rule with 10^11 strips: correct in the limit, far too slow */
    long long n = 100000000000LL;
    double h = 2 * r / (double)n, area = 0;
    for (long long i = 0; i < n; i++) {
        double x = -r + (i + 0.5) * h;
        area += 2 * sqrt(fmax(r * r - x * x, 0.0)) * h;
    }
    printf("%.9f\n", area);
    return 0;
}
