program Main;
var p: PByte;
begin
  GetMem(p, 512 * 1024 * 1024);
  FillChar(p^, 512 * 1024 * 1024, 1);
  WriteLn(p[12345]);
end.
