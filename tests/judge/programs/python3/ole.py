import sys

line = "3" * 65535 + "\n"
while True:
    sys.stdout.write(line)
