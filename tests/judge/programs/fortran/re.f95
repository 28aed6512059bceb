program main
  implicit none
  integer(kind=8) :: a, b
  read (*, *) a, b
  error stop 3
end program main
