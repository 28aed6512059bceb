# The whole input as numbers (what = character() reads words instead).
x <- scan(file("stdin"), what = numeric(), quiet = TRUE)
n <- x[1]

answer <- 0
# Solve the problem here.

cat(answer, "\n", sep = "")
