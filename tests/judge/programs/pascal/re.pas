program Main;
begin
  Halt(3);
end.
