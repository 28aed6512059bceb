# Integrates the disc on an ever finer grid: far too slow.
r = float(input())
n = 10**9
h = 2 * r / n
area = 0.0
for i in range(n):
    x = -r + (i + 0.5) * h
    area += 2 * (max(r * r - x * x, 0.0)) ** 0.5 * h
print(area)
