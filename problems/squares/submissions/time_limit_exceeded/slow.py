# Quadratic: fine for the small subtask, far too slow for n = 10^6.
n = int(input())
s = 0
for i in range(1, n + 1):
    for _ in range(i):
        s += i
print(s)
