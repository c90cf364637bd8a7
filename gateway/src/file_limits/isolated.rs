//! A user's file read in a process of its own (`gateway read-file`), under limits the operating system enforces —
//! address space, CPU time, the size of what it writes — and a wall-clock limit the gateway keeps. A parser meeting
//! a hostile file may loop, recurse past its stack or ask for more memory than there is; in a process of its own
//! that ends the child, never the gateway. The gateway reads documents' text this way (`dms/text`); the readers'
//! property test runs every reader this way, so that an input that aborts or outgrows the budget fails it.

use std::io::Write;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Address space a reading process may take by default: the gateway's binary is mapped into it too, so this is
/// [`super::MEMORY_BUDGET`] with room for the program itself.
pub const MEMORY_LIMIT: u64 = 768 * 1024 * 1024;
/// CPU seconds it may use.
pub const CPU_SECONDS: u64 = 60;
/// How long the gateway waits for it.
pub const WALL_LIMIT: Duration = Duration::from_secs(90);
/// The name of the command line's subcommand.
pub const SUBCOMMAND: &str = "read-file";
/// What the child may write at most (its answer's JSON).
pub const ANSWER_LIMIT: u64 = 16 * 1024 * 1024;

/// What the reading process is asked to do with the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Reading {
    /// A document's text, for search (`dms/text`).
    Text,
    /// An import's rows (`import::source`).
    Rows,
    /// A P6 programme (`schedule::xer`).
    Programme,
}

impl Reading {
    fn as_arg(self) -> &'static str {
        match self {
            Reading::Text => "text",
            Reading::Rows => "rows",
            Reading::Programme => "programme",
        }
    }
}

/// What a reading gives back: counts of what was read, or the words of the refusal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// `text`: the document's text and why it is missing or cut.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// `rows`: rows and cells read; `programme`: projects and activities.
    #[serde(default)]
    pub rows: u64,
    #[serde(default)]
    pub cells: u64,
    /// The reader's refusal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The process's peak resident memory (`VmHWM`), in KiB: what reading the file took, the program included.
    #[serde(default)]
    pub peak_kib: u64,
}

/// Why a reading gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    #[error("the reading process did not start")]
    NotStarted,
    #[error("reading went past its limits ({} of memory, {CPU_SECONDS} s of processor time)", super::human_size(*memory))]
    Limits { memory: u64 },
    #[error("reading took longer than {} s", .0.as_secs())]
    Time(Duration),
    #[error("the reading process gave no answer")]
    NoAnswer,
}

/// Reads `input` with `program` (the gateway binary) in a child process within `memory` bytes of address space
/// and `wall` of time; the child's answer, as JSON.
pub async fn run<T: DeserializeOwned>(
    program: &Path,
    reading: Reading,
    extension: &str,
    input: &Path,
    memory: u64,
    wall: Duration,
) -> Result<T, Stopped> {
    let output = tempfile::NamedTempFile::new().map_err(|_| Stopped::NotStarted)?;
    let mut command = tokio::process::Command::new(program);
    command
        .arg(SUBCOMMAND)
        .arg("--reading")
        .arg(reading.as_arg())
        .arg("--extension")
        .arg(extension)
        .arg("--memory")
        .arg(memory.to_string())
        .arg("--input")
        .arg(input)
        .arg("--output")
        .arg(output.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true);
    let mut child = command.spawn().map_err(|e| {
        tracing::error!(program = %program.display(), error = %e, "the file reader did not start");
        Stopped::NotStarted
    })?;
    let status = match tokio::time::timeout(wall, child.wait()).await {
        Ok(Ok(status)) => status,
        Ok(Err(_)) => return Err(Stopped::NoAnswer),
        Err(_) => {
            let _ = child.kill().await;
            return Err(Stopped::Time(wall));
        }
    };
    if !status.success() {
        return Err(Stopped::Limits { memory });
    }
    let bytes = std::fs::read(output.path()).map_err(|_| Stopped::NoAnswer)?;
    serde_json::from_slice(&bytes).map_err(|_| Stopped::NoAnswer)
}

/// The child's side, before it reads: its own limits (address space, CPU time, no file written larger than its
/// answer, no core dump).
pub fn limit_self(memory: u64) -> std::io::Result<()> {
    set_limit(libc::RLIMIT_AS, memory)?;
    set_limit(libc::RLIMIT_CPU, CPU_SECONDS)?;
    set_limit(libc::RLIMIT_FSIZE, ANSWER_LIMIT)?;
    set_limit(libc::RLIMIT_CORE, 0)
}

/// The child's answer, written where the gateway reads it.
pub fn write_answer(output: &Path, answer: &impl serde::Serialize) -> std::io::Result<()> {
    let json = serde_json::to_vec(answer)?;
    std::fs::File::create(output)?.write_all(&json)
}

fn set_limit(resource: libc::__rlimit_resource_t, value: u64) -> std::io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: value as libc::rlim_t,
        rlim_max: value as libc::rlim_t,
    };
    // SAFETY: setrlimit reads the struct passed by reference and changes only this process's limits.
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}
