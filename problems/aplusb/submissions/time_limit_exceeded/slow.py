a, b = map(int, input().split())
# counts up to the answer one by one
s = 0
step = 1 if a + b >= 0 else -1
while s != a + b:
    s += step
print(s)
