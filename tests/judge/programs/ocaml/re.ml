let () = Scanf.scanf " %d %d" (fun _ _ -> failwith "no answer")
