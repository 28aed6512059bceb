// Checks that the output is a derangement of 1..n. Follows testlib's checker protocol without
// needing testlib.h: argv = input output answer; exit 0 OK, 1 WA, 2 PE, 3 FAIL.
#include <cstdio>
#include <cstdlib>
#include <vector>

enum Result { OK = 0, WA = 1, PE = 2, FAIL = 3 };

[[noreturn]] static void quit(Result result, const char *message, long long a = 0, long long b = 0) {
    std::fprintf(stderr, message, a, b);
    std::fprintf(stderr, "\n");
    std::exit(result);
}

// Reads one integer token; false at end of file, PE on anything that is not an integer.
static bool readInt(std::FILE *f, long long &value) {
    int c;
    do c = std::fgetc(f); while (c == ' ' || c == '\n' || c == '\r' || c == '\t');
    if (c == EOF) return false;
    bool negative = c == '-';
    if (negative) c = std::fgetc(f);
    if (c < '0' || c > '9') quit(PE, "expected an integer");
    value = 0;
    for (int digits = 0; c >= '0' && c <= '9'; c = std::fgetc(f)) {
        if (++digits > 18) quit(PE, "number too long");
        value = value * 10 + (c - '0');
    }
    if (c != EOF && c != ' ' && c != '\n' && c != '\r' && c != '\t') quit(PE, "expected an integer");
    if (negative) value = -value;
    return true;
}

int main(int argc, char **argv) {
    if (argc < 4) quit(FAIL, "usage: checker input output answer");
    std::FILE *input = std::fopen(argv[1], "r"), *output = std::fopen(argv[2], "r");
    if (!input || !output) quit(FAIL, "cannot open the input or the output");
    long long n;
    if (!readInt(input, n) || n < 2) quit(FAIL, "bad input: n = %lld", n);
    std::vector<bool> seen(n + 1, false);
    for (long long i = 1; i <= n; i++) {
        long long p;
        if (!readInt(output, p)) quit(WA, "expected %lld numbers, got %lld", n, i - 1);
        if (p < 1 || p > n) quit(WA, "p_%lld = %lld is not between 1 and n", i, p);
        if (seen[p]) quit(WA, "%lld appears twice", p);
        if (p == i) quit(WA, "p_%lld = %lld stays in its place", i, p);
        seen[p] = true;
    }
    long long extra;
    if (readInt(output, extra)) quit(WA, "more than %lld numbers", n);
    quit(OK, "a derangement of size %lld", n);
}
