#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);

    long long n;
    cin >> n;

    long long answer = 0;
    // Solve the problem here.

    cout << answer << '\n';
    return 0;
}
