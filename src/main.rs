// jemalloc where it builds (Cargo.toml says why); the library leaves the choice to the binary.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> std::process::ExitCode {
    trfcheck::cli::main()
}
