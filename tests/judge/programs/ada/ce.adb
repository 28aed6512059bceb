procedure Main is
begin
   null
end Main;
