#include <algorithm>
#include <cstdio>
#include <vector>

// Walks through permutations in lexicographic order until one is a derangement: (n-1)! steps.
int main() {
    int n;
    std::scanf("%d", &n);
    std::vector<int> p(n);
    for (int i = 0; i < n; i++) p[i] = i + 1;
    auto deranged = [&] {
        for (int i = 0; i < n; i++) if (p[i] == i + 1) return false;
        return true;
    };
    while (!deranged()) std::next_permutation(p.begin(), p.end());
    for (int i = 0; i < n; i++) std::printf("%d ", p[i]);
    std::printf("\n");
}
