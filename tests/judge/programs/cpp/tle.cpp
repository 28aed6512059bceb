int main() { volatile unsigned long n = 0; for (;;) n = n + 1; }
