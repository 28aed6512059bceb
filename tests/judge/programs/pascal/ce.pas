program Main;
begin
  WriteLn(undeclared)
end.
