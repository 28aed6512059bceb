-- Solve the problem here: the answer from the input's words.
solve :: [String] -> Integer
solve _ = 0

main :: IO ()
main = do
  input <- getContents
  print (solve (words input))
