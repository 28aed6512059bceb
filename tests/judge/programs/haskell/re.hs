main :: IO ()
main = do
  _ <- getContents
  error "no answer"
