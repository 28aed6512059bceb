program Main;
var a, b: Int64;
begin
  ReadLn(a, b);
  WriteLn(a + b + 1);
end.
