main :-
    read_string(user_input, _, Input),
    split_string(Input, " \t\r\n", " \t\r\n", Words),
    exclude(==(""), Words, [A, B|_]),
    number_string(X, A),
    number_string(Y, B),
    Sum is X + Y,
    format("~d~n", [Sum]).
