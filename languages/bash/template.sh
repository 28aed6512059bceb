# Reads the first line: its first word into n, the rest into rest.
read -r n rest

answer=0
# Solve the problem here.

echo "$answer"
