main :-
    read_string(user_input, _, _),
    X is 1 / 0,
    write(X), nl.
