# Swap neighbours; with an odd n, rotate the last three instead.
n = int(input())
p = list(range(1, n + 1))
paired = n if n % 2 == 0 else n - 3
for i in range(0, paired, 2):
    p[i], p[i + 1] = p[i + 1], p[i]
if n % 2 == 1:
    p[-3:] = [n - 1, n, n - 2]
print(*p)
