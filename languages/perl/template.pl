use strict;
use warnings;

# The whole input, split into words.
my @words = split ' ', join(' ', <STDIN>);
my $n = $words[0];

my $answer = 0;
# Solve the problem here.

print "$answer\n";
