my $line = <STDIN>;
die "no answer\n";
