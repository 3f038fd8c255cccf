//! `lianliankan completions <shell>` and `lianliankan man [command]`: a shell
//! completion script and the manual pages, all made from the command-line
//! definition, so they never disagree with `--help`.

use std::process::ExitCode;

use clap::{Args, Command};
use clap_complete::Shell;

use crate::cli::write_out;

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
    write_out(script, "completions", "the script")
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
    write_out(page, "man", "the manual page")
}
