# Runs once for each line of the input: $1, $2, ... are its words, NF how many.
{
    # Solve the problem here.
}

END {
    print answer + 0
}
