import sys

sys.setrecursionlimit(100)


def build(i, n):
    return [] if i > n else [i % n + 1] + build(i + 1, n)


n = int(input())
print(*build(1, n))
