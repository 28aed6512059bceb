fn main() {
    let v = std::hint::black_box(vec![1u8; 512 << 20]);
    println!("{}", v[12345]);
}
