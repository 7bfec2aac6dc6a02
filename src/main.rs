fn main() -> std::process::ExitCode {
    trfcheck::cli::main()
}
