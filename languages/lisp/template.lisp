;; (read) reads the next number (or symbol) of the input.
(let ((n (read))
      (answer 0))
  (declare (ignorable n))
  ;; Solve the problem here.
  (format t "~d~%" answer))
