# Reversal leaves the middle element in place when n is odd.
n = int(input())
print(*range(n, 0, -1))
