// Migrations and demo data are embedded at compile time; rebuild when any of them (or a new one) appears.
fn main() {
    println!("cargo:rerun-if-changed=../sql/migrations");
    println!("cargo:rerun-if-changed=../sql/seed");
}
