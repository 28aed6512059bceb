program Main;
var
  n, answer: Int64;
begin
  Read(n);

  answer := 0;
  { Solve the problem here. }

  WriteLn(answer);
end.
