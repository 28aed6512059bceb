fn main() {
    // A volatile write the optimiser cannot remove (black_box is newer than Debian's rustc).
    let mut i: u64 = 0;
    loop {
        unsafe { std::ptr::write_volatile(&mut i, i.wrapping_add(1)) };
    }
}
