program Main;
var n: QWord;
begin
  n := 0;
  while True do n := n * 3 + 1;
end.
