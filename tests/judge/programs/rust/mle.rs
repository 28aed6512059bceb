fn main() {
    // Touch every page so the allocation is really charged.
    let mut v = vec![0u8; 512 << 20];
    for i in (0..v.len()).step_by(4096) {
        v[i] = (i % 251) as u8;
    }
    println!("{}", v[12345]);
}
