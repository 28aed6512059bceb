def answer(
  puts 3
