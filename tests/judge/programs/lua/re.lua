io.read("a")
error("no answer")
