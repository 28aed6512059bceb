#include <cmath>
#include <cstdio>

int main() {
    double r;
    std::scanf("%lf", &r);
    std::printf("%.9f\n", M_PI * r * r);
}
