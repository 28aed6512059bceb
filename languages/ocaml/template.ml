(* Solve the problem here: the answer from n. *)
let solve (_n : int) : int = 0

let () =
  let n = Scanf.scanf " %d" (fun x -> x) in
  Printf.printf "%d\n" (solve n)
