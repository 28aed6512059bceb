with Ada.Long_Long_Integer_Text_IO; use Ada.Long_Long_Integer_Text_IO;

procedure Main is
   A, B : Long_Long_Integer;
begin
   Get (A);
   Get (B);
   raise Program_Error with "no answer";
end Main;
