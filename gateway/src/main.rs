use std::process::ExitCode;

use clap::Parser;
use gateway::ops::cli::{execute, Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A user's file is read in a process of its own, without the runtime (file_limits::isolated).
    if let Some(Command::ReadFile {
        reading,
        extension,
        memory,
        input,
        output,
    }) = &cli.command
    {
        return gateway::ops::read_file::run(*reading, extension, *memory, input, output);
    }
    gateway::ops::telemetry::init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("gateway: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(execute(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "gateway stopped");
            eprintln!("gateway: {e:#}");
            ExitCode::FAILURE
        }
    }
}
