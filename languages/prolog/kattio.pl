% kattio: reading the input token by token, as Kattis offers it to Prolog solutions
% (Verdict's own implementation of its predicates). Each gives end_of_file at the end.
:- module(kattio, [read_int/1, read_double/1, read_string/1, read_atom/1]).

read_int(X) :- read_token(T), ( T == end_of_file -> X = end_of_file ; number_codes(X, T) ).
read_double(X) :- read_token(T), ( T == end_of_file -> X = end_of_file ; number_codes(N, T), X is float(N) ).
read_string(X) :- read_token(T), ( T == end_of_file -> X = end_of_file ; string_codes(X, T) ).
read_atom(X) :- read_token(T), ( T == end_of_file -> X = end_of_file ; atom_codes(X, T) ).

read_token(T) :-
    skip_blanks,
    peek_code(user_input, C),
    ( C == -1 -> T = end_of_file ; token_codes(T) ).

skip_blanks :-
    peek_code(user_input, C),
    ( C \== -1, code_type(C, space) -> get_code(user_input, _), skip_blanks ; true ).

token_codes([C|Cs]) :-
    peek_code(user_input, C), C \== -1, \+ code_type(C, space), !,
    get_code(user_input, _),
    token_codes(Cs).
token_codes([]).
