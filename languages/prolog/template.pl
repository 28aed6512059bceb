% Solve the problem here: Answer from N.
solve(_N, 0).

main :-
    read_string(user_input, _, Input),
    split_string(Input, " \t\r\n", " \t\r\n", Parts),
    exclude(==(""), Parts, [First|_]),
    number_string(N, First),
    solve(N, Answer),
    format("~w~n", [Answer]).
