use std::io::Write;
fn main() {
    let line = [b'3'; 65536];
    let mut out = std::io::stdout().lock();
    loop {
        if out.write_all(&line).is_err() {
            return;
        }
    }
}
