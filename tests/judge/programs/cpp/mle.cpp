#include <iostream>
#include <vector>
int main() { std::vector<char> v(512u << 20, 1); std::cout << int(v[v.size() / 3]) << '\n'; }
