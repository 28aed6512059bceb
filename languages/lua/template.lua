-- io.read("n") reads the next number of the input.
local n = io.read("n")

local answer = 0
-- Solve the problem here.

print(answer)
