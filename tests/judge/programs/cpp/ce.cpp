#include <iostream>
int main() { std::cout << undeclared_variable << '\n'; }
