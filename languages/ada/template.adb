with Ada.Text_IO;                   use Ada.Text_IO;
with Ada.Long_Long_Integer_Text_IO; use Ada.Long_Long_Integer_Text_IO;

procedure Main is
   N      : Long_Long_Integer;
   Answer : Long_Long_Integer := 0;
begin
   --  Get reads the next integer of the input.
   Get (N);

   --  Solve the problem here.

   Put (Answer, Width => 0);
   New_Line;
end Main;
