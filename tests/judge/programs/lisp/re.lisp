(read)
(error "no answer")
