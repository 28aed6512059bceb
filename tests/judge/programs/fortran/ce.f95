program main
  implicit none
  integer :: a
  a = 
end program main
