/* 32-bit arithmetic: right for the small subtask, overflows on the large one. */
#include <stdio.h>
int main(void) {
  int n, s = 0;
  if (scanf("%d", &n) != 1) return 1;
  for (int i = 1; i <= n; i++) s += i * i;
  printf("%d\n", s);
  return 0;
}
