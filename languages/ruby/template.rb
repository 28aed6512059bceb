# The whole input, split into words.
words = $stdin.read.split
n = words[0].to_i

answer = 0
# Solve the problem here.

puts answer
