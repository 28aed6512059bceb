let () = print_int "not a number"
