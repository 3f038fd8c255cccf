//! `lianliankan completions <shell>` and `lianliankan man [command]` driven as
//! a user would: every subcommand the binary's `--help` lists is in each
//! script and in the manual.

use std::process::Output;

#[path = "support/binary.rs"]
mod binary;

/// Runs the binary with `args` and nothing on its standard input.
fn run(args: &[&str]) -> Output {
    binary::run(args, [])
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    String::from_utf8(out.stdout.clone()).expect("UTF-8")
}

/// The subcommands `--help` lists (the first word of each line under
/// "Commands:"), without clap's own `help`.
fn subcommands() -> Vec<String> {
    let help = stdout(&run(&["--help"]));
    let names: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_string)
        .collect();
    for expected in ["check", "deal", "completions", "man"] {
        assert!(names.iter().any(|n| n == expected), "{names:?}");
    }
    names
}

/// Whether `word` stands in `text` with no letter, digit or `-` on either side.
fn has_word(text: &str, word: &str) -> bool {
    let part = |c: char| c.is_alphanumeric() || c == '-';
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(part) && !after.is_some_and(part)
    })
}

#[test]
fn every_shell_script_completes_every_subcommand_and_its_options() {
    let commands = subcommands();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout(&run(&["completions", shell]));
        for name in &commands {
            assert!(has_word(&script, name), "{shell} lacks {name}");
        }
        // Options of the game and of a subcommand too (fish writes `-l name`).
        for option in ["gravity", "max-turns"] {
            let found = [format!("--{option}"), format!("-l {option}")]
                .iter()
                .any(|form| script.contains(form.as_str()));
            assert!(found, "{shell} lacks --{option}");
        }
        assert!(!has_word(&script, "no-such-command"));
    }
}

#[cfg(unix)]
#[test]
fn the_bash_script_parses() {
    let script = stdout(&run(&["completions", "bash"]));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lianliankan.bash");
    std::fs::write(&path, script).unwrap();
    let status = std::process::Command::new("bash")
        .arg("-n")
        .arg(&path)
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let out = run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tcsh") && err.contains("powershell"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn the_manual_names_every_subcommand_and_each_has_its_page() {
    let commands = subcommands();
    let page = stdout(&run(&["man"]));
    assert!(page.starts_with(".ie"), "roff");
    assert!(page.contains(".TH lianliankan 1"), "{page}");
    assert!(page.contains("\\-\\-gravity"), "the game's options");
    for name in &commands {
        let reference = format!("lianliankan\\-{}(1)", name.replace('-', "\\-"));
        assert!(page.contains(&reference), "no {reference} in the main page");
        let sub = stdout(&run(&["man", name]));
        assert!(sub.contains(&format!(".TH lianliankan-{name} 1")), "{sub}");
        assert!(sub.contains(&format!("lianliankan {name}")), "usage: {sub}");
    }
    let check = stdout(&run(&["man", "check"]));
    assert!(check.contains("\\-\\-max\\-turns"), "{check}");

    let out = run(&["man", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no command nope") && err.contains("check"),
        "{err}"
    );
}

/// Options left out come from the New game form's choices, as the README
/// says of each: `--help` and the manual said so of all but
/// `--difficulty`, which still read "the last new game's" (hostile run).
#[test]
fn the_help_and_manual_name_the_new_game_form_for_every_option_left_out() {
    let help = stdout(&run(&["--help"]));
    assert!(!help.contains("last new game"), "{help}");
    assert!(
        help.contains("[default: normal, or the New game form's]"),
        "{help}"
    );
    let manual = stdout(&run(&["man"]));
    assert!(!manual.contains("last new game"), "{manual}");
}

/// Runs the binary with `args`, its standard output on `/dev/full`.
#[cfg(target_os = "linux")]
fn to_full(args: &[&str]) -> Output {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(args)
        .stdout(std::fs::File::create("/dev/full").expect("Linux has /dev/full"))
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

/// `man` and `completions` on a full disk ended with status 1 and
/// `lianliankan: cannot write: ...`, where every batch command ends with
/// status 2 and names itself and what it could not write (`lianliankan
/// scores: cannot write the tables: ...`). They now end alike.
#[cfg(target_os = "linux")]
#[test]
fn man_and_completions_on_a_full_disk_fail_as_every_command_does() {
    let mut cases = vec![
        (
            vec!["man"],
            "lianliankan man: cannot write the manual page: ",
        ),
        (
            vec!["man", "check"],
            "lianliankan man: cannot write the manual page: ",
        ),
    ];
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let told = "lianliankan completions: cannot write the script: ";
        cases.push((vec!["completions", shell], told));
    }
    for (args, told) in cases {
        let out = to_full(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with(told), "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );
    }
}

/// `lianliankan --help > /dev/full` (hostile13) ended with status 0 and
/// wrote nothing: clap's own exit lets a failed write go. The help and the
/// version now fail as every command does on a full disk: a message and
/// status 2. A usage error keeps clap's message.
#[cfg(target_os = "linux")]
#[test]
fn help_and_version_on_a_full_disk_fail_as_every_command_does() {
    for (args, what) in [
        (&["--help"][..], "the help"),
        (&["-h"], "the help"),
        (&["--version"], "the version"),
        (&["help"], "the help"),
        (&["help", "check"], "the help"),
        (&["check", "--help"], "the help"),
    ] {
        let out = to_full(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let told = format!("lianliankan: cannot write {what}: ");
        assert!(stderr.starts_with(&told), "{args:?}: {stderr}");
    }
    let out = to_full(&["--rows"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
}
