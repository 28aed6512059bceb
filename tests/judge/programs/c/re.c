#include <stdio.h>
int main(void) { long long a, b; scanf("%lld %lld", &a, &b); return 3; }
