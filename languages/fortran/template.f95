program main
  implicit none
  integer(kind=8) :: n, answer

  read (*, *) n

  answer = 0
  ! Solve the problem here.

  write (*, '(I0)') answer
end program main
