#include <cstdio>
int main() {
  long long n, s = 0;
  if (scanf("%lld", &n) != 1) return 1;
  for (long long i = 1; i <= n; i++) s += i * i;
  printf("%lld\n", s);
}
