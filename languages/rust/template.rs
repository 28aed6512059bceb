use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input.split_whitespace();
    let n: i64 = words.next().unwrap().parse().unwrap();

    let answer: i64 = 0;
    // Solve the problem here.

    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", answer).unwrap();
}
