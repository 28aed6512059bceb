<?php
// The whole input, split into words.
$words = preg_split('/\s+/', trim(stream_get_contents(STDIN)));
$n = intval($words[0]);

$answer = 0;
// Solve the problem here.

echo $answer, "\n";
