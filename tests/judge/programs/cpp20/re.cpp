#include <bits/stdc++.h>
int main() {
    long long a, b;
    std::cin >> a >> b;
    std::vector<int> v;
    return v.empty() ? 3 : 0;
}
