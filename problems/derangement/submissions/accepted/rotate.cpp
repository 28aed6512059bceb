#include <cstdio>

int main() {
    int n;
    std::scanf("%d", &n);
    for (int i = 1; i <= n; i++) std::printf("%d%c", i % n + 1, i == n ? '\n' : ' ');
}
