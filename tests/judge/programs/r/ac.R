x <- scan(file("stdin"), what = numeric(), quiet = TRUE)
cat(sprintf("%.0f\n", x[1] + x[2]))
