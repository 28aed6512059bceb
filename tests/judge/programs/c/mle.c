#include <stdio.h>
#include <stdlib.h>
int main(void) {
    size_t size = (size_t)512 << 20;
    volatile char *p = malloc(size); /* volatile: the compiler may not drop the allocation */
    if (!p) return 5;
    for (size_t i = 0; i < size; i += 4096) p[i] = 1;
    printf("%d\n", p[size / 2]);
    return 0;
}
