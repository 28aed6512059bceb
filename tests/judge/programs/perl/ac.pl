use strict;
use warnings;

my ($x, $y) = split ' ', join(' ', <STDIN>);
print $x + $y, "\n";
