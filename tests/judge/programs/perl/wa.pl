my ($x, $y) = split ' ', <STDIN>;
print $x - $y, "\n";
