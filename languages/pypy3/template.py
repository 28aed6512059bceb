import sys


def main():
    # The whole input, split into words.
    words = sys.stdin.read().split()
    n = int(words[0])

    answer = 0
    # Solve the problem here.

    print(answer)


main()
