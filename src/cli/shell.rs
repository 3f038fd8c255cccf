//! `lianliankan completions <shell>` and `lianliankan man [command]`: a shell
//! completion script and the manual pages, all made from the command-line
//! definition, so they never disagree with `--help`.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Args, Command};
use clap_complete::Shell;

/// Command-line arguments of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Prints the completion script for `args.shell` of the command `cmd`.
pub fn run_completions(args: &CompletionsArgs, cmd: &mut Command) -> ExitCode {
    let name = cmd.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, cmd, name, &mut script);
    print(&script)
}

/// Command-line arguments of `man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (`lianliankan-<command>(1)`, as the
    /// main page's SUBCOMMANDS section names it); the main page when left out.
    pub command: Option<String>,
}

/// Prints the manual page (roff) of the command `cmd`, or of its subcommand
/// `args.command`.
pub fn run_man(args: &ManArgs, mut cmd: Command) -> ExitCode {
    // Built, so each subcommand carries its page name (lianliankan-check)
    // and usage (lianliankan check).
    cmd.build();
    let source = format!(
        "{} {}",
        cmd.get_name(),
        cmd.get_version().unwrap_or_default()
    );
    let cmd = match &args.command {
        None => cmd,
        Some(name) => match cmd.find_subcommand(name) {
            Some(sub) => sub.clone(),
            None => {
                let names: Vec<&str> = cmd.get_subcommands().map(Command::get_name).collect();
                complain!(
                    "lianliankan: no command {}; the commands are {}",
                    crate::escape::escape_controls(name),
                    names.join(", ")
                );
                return ExitCode::from(2);
            }
        },
    };
    let mut page = Vec::new();
    if let Err(e) = clap_mangen::Man::new(cmd).source(source).render(&mut page) {
        complain!("lianliankan: cannot render the manual page: {e}");
        return ExitCode::FAILURE;
    }
    print(&page)
}

/// Writes `bytes` to standard output, ending as [`ended_writing`] says.
fn print(bytes: &[u8]) -> ExitCode {
    let mut out = io::stdout().lock();
    ended_writing(out.write_all(bytes).and_then(|()| out.flush()))
}

/// The exit status of a command whose output is text to read (a manual
/// page, a script, the help or the version) once it was written, as
/// `written` says: a closed pipe is no error worth a message
/// (`lianliankan man | head`), any other failure (a full disk) is, with
/// status 1.
pub fn ended_writing(written: io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            complain!("lianliankan: cannot write: {e}");
            ExitCode::FAILURE
        }
    }
}
