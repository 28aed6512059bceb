main :- write(3 nl.
