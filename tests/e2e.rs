//! End to end: the real binary in a pseudo-terminal, driven by real key and
//! SGR mouse bytes, read back from a vt100 screen. Unix only: it drives a
//! Unix pseudo-terminal and sends signals.
#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;

use std::time::{Duration, Instant};

use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::Point;
use lianliankan::game::{Action, Config, Difficulty, Game, Mode, find_match};
use lianliankan::ui::app::INTRO;
use lianliankan::ui::layout::{Areas, BoardLayout};
use lianliankan::ui::theme::Theme;
use ratatui::layout::Rect;

use pty::Session;

const WAIT: Duration = Duration::from_secs(20);

/// How long a player reads a box before a key: the win box takes Enter,
/// the message box any key and "Abandon this game?" its answer only once
/// they have shown for 0.4 s, so that a key held down or pressed while
/// moving on leaves them to be read.
const READ: Duration = Duration::from_millis(500);

/// The text of one screen cell (0-based).
fn cell(s: &Session, col: u16, row: u16) -> String {
    let seen = s.seen.lock().expect("lock");
    seen.parser
        .as_ref()
        .and_then(|p| p.screen().cell(row, col).map(|c| c.contents().to_string()))
        .unwrap_or_default()
}

/// Whether output holds the bytes that give the terminal back: the main
/// screen, mouse capture off and the cursor shown.
fn restored(out: &str) -> bool {
    ["\x1b[?1049l", "\x1b[?1000l", "\x1b[?25h"]
        .iter()
        .all(|bytes| out.contains(bytes))
}

/// Whether the terminal shows the alternate screen (the game's) now.
fn on_alternate_screen(s: &Session) -> bool {
    let seen = s.seen.lock().expect("lock");
    seen.parser
        .as_ref()
        .is_some_and(|p| p.screen().alternate_screen())
}

/// An SGR left click (press and release) at 0-based screen cell (`col`, `row`).
fn click(s: &mut Session, col: u16, row: u16) {
    let (x, y) = (col + 1, row + 1);
    s.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
}

/// Clicks the pair at screen cells `a` and `b` of a fresh deal, then waits
/// for the first match to score and both tiles to vanish.
fn first_match(s: &mut Session, (ax, ay): (u16, u16), (bx, by): (u16, u16)) {
    click(s, ax, ay);
    click(s, bx, by);
    let s = &*s;
    s.wait_for("the match", WAIT, |t| {
        t.contains("Score 10 ") && t.contains("Tiles 126")
    });
    s.wait_for("the tiles to vanish", WAIT, |_| {
        cell(s, ax, ay).trim().is_empty() && cell(s, bx, by).trim().is_empty()
    });
    // The points shown over the line fade out.
    s.wait_for("the points to go", WAIT, |t| !t.contains("+10"));
}

/// Where the board of `game` is drawn at 80 x 24 with symbols `glyph` columns wide.
fn layout_at_80x24(game: &Game, glyph: u16) -> BoardLayout {
    let (rows, cols) = (game.board().rows(), game.board().cols());
    Areas::for_board(Rect::new(0, 0, 80, 24), rows, cols, glyph)
        .1
        .expect("the board fits 80 x 24")
}

/// Asserts that the screen shows the board of `game` at 80 x 24 in the
/// ascii theme, tile by tile; `what` names the game in a failure.
fn assert_shows_board(s: &Session, game: &Game, what: &str) {
    let layout = layout_at_80x24(game, 1);
    let theme = Theme::builtin("ascii").unwrap();
    for p in game.board().points() {
        let (x, y) = layout.centre(p);
        let glyph = theme.glyph(game.board().get(p)).unwrap();
        assert_eq!(
            cell(s, x, y),
            glyph.symbol,
            "{p:?} of {what}:\n{}",
            s.screen()
        );
    }
}

/// The deal the binary makes from `--seed`, and its layout at 80 x 24, to
/// know where a pair lies.
fn deal(seed: u64) -> (Game, BoardLayout) {
    let game = Game::new(
        Config {
            seed,
            ..Config::DEFAULT
        },
        Instant::now(),
    )
    .unwrap();
    let layout = layout_at_80x24(&game, 1);
    (game, layout)
}

/// Where a pair of the fresh deal of `seed` shows at 80 x 24: the screen
/// cells of its two tiles.
fn first_pair(seed: u64) -> ((u16, u16), (u16, u16)) {
    let (game, layout) = deal(seed);
    let (a, b) = find_match(game.board()).expect("a fresh deal has a match");
    (layout.centre(a), layout.centre(b))
}

#[test]
fn click_a_pair_hint_reshuffle_and_quit_in_a_real_terminal() {
    let seed = 7;
    let ((ax, ay), (bx, by)) = first_pair(seed);

    let mut s = Session::start(&["--seed", &seed.to_string()], 80, 24);
    let cooked = s.cooked.clone().expect("termios");
    assert!(cooked.contains("ICANON"), "{cooked}");
    // The whole status line: a frame may come in more than one read.
    s.wait_for("the first frame", WAIT, |t| {
        t.contains("Score 0") && t.contains("? help")
    });
    assert!(s.seen.lock().unwrap().first_frame.is_some());
    assert_ne!(
        s.local_flags().expect("termios"),
        cooked,
        "the game should put the terminal in raw mode"
    );
    let symbol = cell(&s, ax, ay);
    assert!(!symbol.trim().is_empty());
    assert_eq!(cell(&s, bx, by), symbol);

    click(&mut s, ax, ay);
    click(&mut s, bx, by);
    s.wait_for("the score to change", WAIT, |t| t.contains("Score 10 "));
    // After the line has shown, both tiles are gone.
    s.wait_for("the tiles to vanish", WAIT, |_| {
        cell(&s, ax, ay).trim().is_empty() && cell(&s, bx, by).trim().is_empty()
    });
    assert!(s.screen().contains("Tiles 126"));

    s.send(b"t");
    s.wait_for("a hint", WAIT, |t| t.contains("Hints 2") && t.contains('<'));
    s.send(b"r");
    s.wait_for("a reshuffle", WAIT, |t| {
        t.contains("Shuffles 1") && t.contains("reshuffled")
    });

    let from = s.seen.lock().unwrap().bytes.len();
    s.send(b"q");
    let status = s.wait_exit(WAIT).expect("the game should quit on q");
    assert!(status.success(), "{status:?}");
    s.wait_output(from, "the terminal given back", WAIT, restored);
    let seen = s.seen.lock().unwrap();
    let out = String::from_utf8_lossy(&seen.bytes);
    let tail = &out[out.rfind("Score").unwrap_or(0)..];
    assert!(tail.contains("\x1b[?1049l"), "alternate screen left");
    assert!(tail.contains("\x1b[?1000l"), "mouse capture off");
    assert!(!seen.parser.as_ref().unwrap().screen().alternate_screen());
    drop(seen);
    assert_eq!(
        s.local_flags().expect("termios"),
        cooked,
        "raw mode should be off again"
    );
}

/// Pictures two columns wide in a real terminal: every tile sits where the
/// layout says (no picture pushes the rest of its row), the status line
/// stays whole, and a pair clicked by the mouse matches and vanishes.
#[test]
fn a_match_with_the_emoji_theme() {
    let seed = 17;
    let (game, _) = deal(seed);
    let layout = layout_at_80x24(&game, 2);
    let theme = Theme::builtin("emoji").unwrap();
    let mut s = Session::start(&["--seed", &seed.to_string(), "--theme", "emoji"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    let screen = s.screen();
    assert!(
        screen.contains(INTRO),
        "the first screen says what to do: {screen}"
    );
    let board = game.board();
    for p in board.points() {
        let (x, y) = layout.centre(p);
        let symbol = &theme.glyph(board.get(p)).unwrap().symbol;
        assert_eq!(&cell(&s, x, y), symbol, "{p:?}\n{screen}");
    }
    let status = screen.lines().last().unwrap_or_default().trim_end();
    assert!(
        status.ends_with("? help") && status.starts_with(" Lv 1/7"),
        "{status}"
    );
    let (a, b) = find_match(board).expect("a fresh deal has a match");
    first_match(&mut s, layout.centre(a), layout.centre(b));
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

#[test]
fn undo_brings_the_pair_and_the_score_back_and_right_click_highlights() {
    let seed = 11;
    let (game, layout) = deal(seed);
    let board = game.board();
    let (a, b) = find_match(board).expect("a fresh deal has a match");
    let (ax, ay) = layout.centre(a);
    let (bx, by) = layout.centre(b);
    let mut s = Session::start(&["--seed", &seed.to_string()], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    let symbol = cell(&s, ax, ay);

    first_match(&mut s, (ax, ay), (bx, by));

    s.send(b"u");
    s.wait_for("the undo", WAIT, |t| {
        t.contains("undone") && t.contains("Score 0 ") && t.contains("Tiles 128")
    });
    assert_eq!(cell(&s, ax, ay), symbol);
    assert_eq!(cell(&s, bx, by), symbol);

    s.send(b"\x12");
    s.wait_for("the redo", WAIT, |t| {
        t.contains("redone") && t.contains("Score 10 ") && t.contains("Tiles 126")
    });
    assert!(cell(&s, ax, ay).trim().is_empty());

    // Right click on a tile of another kind: all its tiles get braces.
    let p = board
        .points()
        .find(|&p| board.get(p) != board.get(a))
        .unwrap();
    let kind = board.get(p);
    let (px, py) = layout.centre(p);
    s.send(format!("\x1b[<2;{x};{y}M\x1b[<2;{x};{y}m", x = px + 1, y = py + 1).as_bytes());
    let marked: Vec<(u16, u16)> = board
        .points()
        .filter(|&q| board.get(q) == kind)
        .map(|q| layout.centre(q))
        .collect();
    s.wait_for("the highlight", WAIT, |_| {
        marked
            .iter()
            .all(|&(x, y)| cell(&s, x - 1, y) == "{" && cell(&s, x + 1, y) == "}")
    });

    s.send(b"q");
    let status = s.wait_exit(WAIT).expect("the game should quit on q");
    assert!(status.success(), "{status:?}");
}

#[test]
fn bad_options_fail_before_the_terminal_is_touched() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(["--rows", "3", "--cols", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("odd number of cells"));
    assert!(out.stdout.is_empty(), "nothing may reach the terminal");
}

/// Played: `lianliankan --kinds 0` said "0 is not in 1..=65535", a range
/// of the parser's type, where `--rows 0` says "a board has 1 to 40 rows"
/// and a game holds at most 61 kinds; `--kinds 70000` said the same. Any
/// count of kinds is told in the game's words, against the board's pairs
/// and the theme's symbols.
#[test]
fn kinds_out_of_range_are_told_against_the_board_and_the_theme() {
    let refused = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "nothing may reach the terminal");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = refused(&["--rows", "8", "--cols", "16", "--kinds", "0"]);
    assert!(
        err.contains("0 kinds on 64 pairs is out of range (1 to 61)"),
        "{err}"
    );
    let err = refused(&["--theme", "ascii", "--kinds", "70000"]);
    assert!(
        err.contains("theme ascii has 59 symbols, so --kinds can be at most 59"),
        "{err}"
    );
}

/// A theme name typed with control characters in it (a paste, a script) is
/// told escaped: found by the hostile run, `--theme $'a\e[2Jb'` cleared the
/// screen the error was printed on, where every other bad value is escaped.
#[test]
fn an_unknown_theme_is_told_with_its_controls_escaped() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(["--theme", "a\x1b[2Jb\u{202e}c"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown theme"), "{err}");
    assert!(err.contains("\\u{1b}[2Jb\\u{202e}c"), "{err}");
    let line = err.strip_suffix('\n').expect("one line");
    assert!(!line.chars().any(char::is_control), "{line:?}");
    assert!(out.stdout.is_empty(), "nothing may reach the terminal");
}

/// Played: `--rows 2 --cols 4` failed with "32 kinds cannot be dealt on a
/// board of 4 pairs", kinds the player never asked for. Kinds left out fit
/// the board, as the new-game form keeps them; kinds asked for are checked.
#[test]
fn a_small_board_asked_for_gets_kinds_that_fit_it() {
    let mut s = Session::start(&["--rows", "2", "--cols", "4", "--seed", "3"], 80, 24);
    s.wait_for("the small board", WAIT, |t| {
        t.contains("Tiles 8") && t.contains("? help")
    });
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quits on q").success());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(["--rows", "2", "--cols", "4", "--kinds", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("5 kinds on 4 pairs is out of range (1 to 4)"),
        "{err}"
    );
}

/// Options the dealer refuses fail before the saved game is touched, even
/// those only the dealer or the save knows are wrong: `--new` with more
/// kinds than a deal holds (62), which the emoji theme's symbols allow past
/// its check, used to remove the save and then fail to deal; and 62 kinds,
/// which a deal holds but a save cannot (one base-62 digit a tile, `0`
/// empty), used to be played and kept aside as corrupt at the next start.
#[test]
fn options_the_dealer_refuses_leave_the_saved_game() {
    let data = tempfile::tempdir().unwrap();
    let before = saved_game_with_a_move(data.path());
    let save = data.path().join("game.json");
    for kinds in ["62", "63"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
            .args(["--new", "--theme", "emoji", "--kinds", kinds])
            .args(["--rows", "40", "--cols", "60"])
            .env("LIANLIANKAN_DATA_DIR", data.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--kinds {kinds}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--kinds can be at most 61"), "{err}");
        assert!(out.stdout.is_empty(), "nothing may reach the terminal");
        assert!(
            std::fs::read(&save).is_ok_and(|now| now == before),
            "the saved game was removed or changed"
        );
    }
}

/// Found by the hostile run: `lianliankan --new` with no terminal to play
/// on (a script, a cron job, `> file`) removed the saved game, counted it
/// abandoned in the statistics, and only then failed with "terminal error:
/// No such device or address"; with standard output sent to a file the game
/// played blind, its frames in the file. The terminal is checked with the
/// options, before the saved game is touched.
#[test]
fn a_start_without_a_terminal_leaves_the_saved_game() {
    let data = tempfile::tempdir().unwrap();
    let before = saved_game_with_a_move(data.path());
    let stats = std::fs::read(data.path().join("stats.json")).ok();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .arg("--new")
        .env("LIANLIANKAN_DATA_DIR", data.path())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("standard output is not a terminal"), "{err}");
    assert!(out.stdout.is_empty(), "nothing may reach the output");
    let save = std::fs::read(data.path().join("game.json"));
    assert!(
        save.is_ok_and(|now| now == before),
        "the saved game was removed or changed"
    );
    let now = std::fs::read(data.path().join("stats.json")).ok();
    assert_eq!(now, stats, "the statistics changed");
}

/// Saves a game of 4 x 4 tiles with one match made in `dir`, as a game
/// played there leaves it, and returns the saved file.
fn saved_game_with_a_move(dir: &std::path::Path) -> Vec<u8> {
    use lianliankan::persist::session::{Session as Saved, Wanted};
    let now = Instant::now();
    let config = Config {
        rows: 4,
        cols: 4,
        kinds: 2,
        seed: 1,
        ..Config::DEFAULT
    };
    let mut saved =
        Saved::start(dir.into(), false, Wanted::default(), config, 62, now).expect("a new game");
    let (a, b) = find_match(saved.game.board()).expect("a match");
    saved.game.apply(Action::Click(a), now);
    saved.game.apply(Action::Click(b), now);
    assert_eq!(saved.session.save(&saved.game, now), None);
    drop(saved);
    std::fs::read(dir.join("game.json")).expect("the saved game")
}

/// A daily deal of a day still to come is refused: it could be played and
/// recorded before its day.
#[test]
fn a_daily_deal_of_a_day_to_come_is_refused() {
    let err = daily_refused("9999-12-31");
    assert!(err.contains("9999-12-31 has not come yet"), "{err}");
}

/// What `--daily DATE` says on standard error, having checked it exits
/// with status 2 before anything reaches the terminal.
fn daily_refused(date: &str) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(["--daily", date])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{date}");
    assert!(out.stdout.is_empty(), "nothing may reach the terminal");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A date before the first daily deal is refused as such, not as a date
/// that does not exist: 1969-12-31 is a day of the calendar.
#[test]
fn a_daily_deal_before_the_first_is_refused_as_too_early() {
    let err = daily_refused("1969-12-31");
    assert!(
        err.contains("1969-12-31 is before 1970-01-01, the first daily deal"),
        "{err}"
    );
    assert!(!err.contains("not a day of the calendar"), "{err}");
}

#[test]
fn a_hard_game_deals_the_hard_board_of_its_seed_and_says_so() {
    let config = Config {
        rows: 4,
        cols: 6,
        kinds: 6,
        seed: 5,
        mode: Mode::Single(Gravity::None),
        difficulty: Difficulty::Hard,
        ..Config::DEFAULT
    };
    let game = Game::new(config, Instant::now()).unwrap();
    let args = [
        "--rows",
        "4",
        "--cols",
        "6",
        "--kinds",
        "6",
        "--seed",
        "5",
        "--gravity",
        "none",
        "--difficulty",
        "hard",
    ];
    let mut s = Session::start(&args, 80, 24);
    s.wait_for("the hard game", WAIT, |t| t.contains(" hard  Score 0"));
    assert_shows_board(&s, &game, "the hard game");
    s.send(b"q");
    s.wait_exit(WAIT).expect("quit");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(["--difficulty", "nightmare"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("easy, normal, hard"));
    assert!(out.stdout.is_empty(), "nothing may reach the terminal");
}

/// Writes settings to `data` as the game keeps them: tiles `theme`, and a
/// last new game of 8 x 16, 32 kinds, `mode`, `timed` and `difficulty`.
fn write_settings(data: &std::path::Path, theme: &str, mode: &str, timed: bool, difficulty: &str) {
    let text = format!(
        r#"{{"version":1,"data":{{"theme":"{theme}","color":true,"animation":"normal","hints":true,
        "new_game":{{"rows":8,"cols":16,"kinds":32,"mode":"{mode}","timed":{timed},"difficulty":"{difficulty}"}}}}}}"#
    );
    std::fs::write(data.join("settings.json"), text).unwrap();
}

/// The options the help's replay line names, read off the screen as a
/// player copies them: the line and those under it in the box.
fn replay_command(screen: &str) -> Vec<String> {
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("Replay this deal"))
        .unwrap_or_else(|| panic!("no replay line:\n{screen}"));
    let text: Vec<&str> = lines[at..]
        .iter()
        .map(|l| l.trim().trim_matches('|').trim())
        .take_while(|l| !l.is_empty() && !l.starts_with('+'))
        .collect();
    // The options, from the first one on.
    text.join(" ")
        .split_whitespace()
        .skip_while(|w| !w.starts_with("--"))
        .map(str::to_string)
        .collect()
}

/// The help says how to deal this game again, and the command it names
/// does, with any choices saved: every deal option is in it, not the seed
/// alone (which dealt the last new game's board, 8 x 16, whatever the game),
/// and the mode and the clock even when they are the defaults (a run of
/// levels untimed replayed as the last new game's variant, timed).
#[test]
fn the_help_names_a_command_that_deals_this_game_again() {
    let config = Config {
        rows: 4,
        cols: 6,
        kinds: 3,
        seed: 5,
        mode: Mode::Single(Gravity::Left),
        timed: true,
        difficulty: Difficulty::Hard,
        ..Config::DEFAULT
    };
    let args = "--rows 4 --cols 6 --kinds 3 --gravity left --timed --difficulty hard --seed 5";
    assert_replays(config, args, None);
    let config = Config {
        rows: 4,
        cols: 4,
        kinds: 4,
        seed: 7,
        mode: Mode::Levels,
        ..Config::DEFAULT
    };
    let chosen = ("down", true, "hard");
    assert_replays(config, "--rows 4 --cols 4 --kinds 4 --seed 7", Some(chosen));
}

/// Plays `config` (dealt by `args` in a fresh data directory), reads the
/// replay line off its help and runs it where the last new game chose
/// `chosen` (mode, clock, difficulty): the same board shows, in the same
/// mode and clock.
fn assert_replays(config: Config, args: &str, chosen: Option<(&str, bool, &str)>) {
    let args: Vec<&str> = args.split(' ').collect();
    let mut s = Session::start(&args, 80, 24);
    s.wait_for("the game", WAIT, |t| t.contains("Tiles "));
    let card = matches!(config.mode, Mode::Single(g) if g != Gravity::None);
    if card {
        past_the_card(&mut s);
    }
    s.send(b"?");
    s.wait_for("the help", WAIT, |t| t.contains("Esc"));
    // Page down to the end of the help, where the replay line is.
    for _ in 0..10 {
        s.send(b"\x1b[6~");
    }
    s.wait_for("the replay line", WAIT, |t| {
        t.contains("Replay this deal") && t.contains("--seed")
    });
    let command = replay_command(&s.screen());
    s.send(b"q");
    s.wait_for("the help to close", WAIT, |t| !t.contains("Replay"));
    s.send(b"q");
    s.wait_exit(WAIT).expect("quit");

    let data = tempfile::tempdir().unwrap();
    if let Some((mode, timed, difficulty)) = chosen {
        write_settings(data.path(), "ascii", mode, timed, difficulty);
    }
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    let mut s = Session::start_in(data.path(), &command, 80, 24);
    s.wait_for("the game again", WAIT, |t| t.contains("Tiles "));
    if card {
        past_the_card(&mut s);
    }
    let game = Game::new(config, Instant::now()).unwrap();
    let what = format!("`lianliankan {}`", command.join(" "));
    assert_shows_board(&s, &game, &what);
    let screen = s.screen();
    let status = screen.lines().rev().find(|l| l.contains("Tiles")).unwrap();
    let timed = screen.lines().next().unwrap().contains("[=");
    assert_eq!(
        (status.trim().starts_with("Lv 1/7"), timed),
        (config.mode == Mode::Levels, config.timed),
        "{what}:\n{screen}"
    );
}

/// Reads the card a board whose tiles slide begins with, and goes on with
/// a key once it takes one (after 0.4 s on show).
fn past_the_card(s: &mut Session) {
    s.wait_for("the board's card", WAIT, |t| {
        t.contains("a key or click goes on")
    });
    std::thread::sleep(Duration::from_millis(600));
    s.send(b" ");
    s.wait_for("the board", WAIT, |t| !t.contains("a key or click goes on"));
}

/// Without `--theme` (and no setting) the locale picks the theme: pictures
/// in a UTF-8 locale, letters elsewhere. Seen from the limit on `--kinds`,
/// which is checked before the terminal is touched.
#[test]
fn the_locale_picks_the_default_theme() {
    let kinds_limit = |lang: &str, kinds: &str| {
        let data = tempfile::tempdir().unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
            .args(["--kinds", kinds])
            .env_remove("LC_ALL")
            .env_remove("LC_CTYPE")
            .env("LANG", lang)
            .env("TERM", "xterm-256color")
            .env("LIANLIANKAN_DATA_DIR", data.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{lang}");
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let ascii = Theme::builtin("ascii").unwrap().kinds();
    let emoji = Theme::builtin("emoji").unwrap().kinds();
    let err = kinds_limit("C", &(ascii + 1).to_string());
    assert!(
        err.contains(&format!("theme ascii has {ascii} symbols")),
        "{err}"
    );
    let err = kinds_limit("en_US.UTF-8", &(emoji + 1).to_string());
    assert!(
        err.contains(&format!("theme emoji has {emoji} symbols")),
        "{err}"
    );
}

/// Sends `signal` (by name, as `kill` takes it) to the game.
fn kill(s: &Session, signal: &str) {
    let pid = s.child.process_id().expect("the game's pid");
    let ok = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

/// Resizes the game's terminal to `cols` x 60, and gives the game a moment
/// to take it.
fn resize_to(s: &Session, cols: u16) {
    s.master()
        .resize(portable_pty::PtySize {
            rows: 60,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    std::thread::sleep(Duration::from_millis(20));
}

/// Stops reading the game's output, and fills the pty with whole frames
/// nobody reads (a resize draws everything): the game then waits in the
/// write of a frame.
fn stall(s: &Session) {
    s.freeze(true);
    for i in 0..40 {
        resize_to(s, 200 - i % 2);
    }
}

/// Sends SIGTERM to a stalled game and checks that it ends (after its
/// grace period) with 128 + 15.
fn assert_ends_on_sigterm(s: &mut Session) {
    kill(s, "TERM");
    let status = s.wait_exit(Duration::from_secs(30));
    s.freeze(false);
    let status = status.expect("the game should end on SIGTERM");
    assert_eq!(status.exit_code(), 128 + 15, "{status:?}");
}

/// Found by the hostile run: a terminal that stops reading (a frozen
/// window, a stalled ssh link) leaves the game waiting in the write of its
/// next frame, and SIGTERM, which the event loop takes between frames, did
/// not end it for as long as the terminal read nothing (here: 5 s and more,
/// then killed). The game ends with 128 + 15 after a grace period, its last
/// move saved.
#[test]
fn sigterm_ends_a_game_whose_terminal_reads_nothing() {
    let data = tempfile::tempdir().unwrap();
    let args: Vec<&str> = "--rows 8 --cols 16 --kinds 1 --gravity none"
        .split(' ')
        .collect();
    let mut s = Session::start_in(data.path(), &args, 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    s.send(b" l ");
    s.wait_for("a match", WAIT, |t| t.contains("Tiles 126"));
    stall(&s);
    assert_ends_on_sigterm(&mut s);
    assert!(data.path().join("game.json").exists(), "the move is saved");
}

/// Found by the hostile run (hostile16): with keys waiting for a loop
/// that waits in the write of a frame nobody reads (a frozen window whose
/// keys still come, a program typing into a stalled terminal), a resize
/// held the signal thread in the queue of inputs, which holds at most
/// 1024, so a SIGTERM after it was never taken: no grace period began and
/// the game did not end (here: 30 s, then killed; 10 s without the keys).
/// The signals that end the game have a thread of their own, which no
/// resize waits in front of.
#[test]
fn sigterm_ends_a_stalled_game_whose_inputs_are_full_after_a_resize() {
    let mut s = Session::start(&["--rows", "8", "--cols", "16"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    stall(&s);
    // More keys than the queue of inputs holds, and not more than the
    // reader takes in one read, so that this write does not wait too.
    s.send(&[b'x'; 1500]);
    std::thread::sleep(Duration::from_millis(200));
    resize_to(&s, 150);
    std::thread::sleep(Duration::from_millis(200));
    assert_ends_on_sigterm(&mut s);
}

/// Found by the hostile run (hostile13): `kill -USR1` (a habit from `dd`),
/// an alarm, a profiler's timer or a CPU-time limit (`ulimit -t`) ended the
/// game at once by their default action, its terminal left raw (no echo,
/// no line editing) for the shell. Each now ends it as SIGTERM does: saved,
/// the terminal given back, status 128 + the signal.
/// On Linux the same went for SIGPWR (a UPS daemon's power failure),
/// SIGSTKFLT, SIGIO and the real-time signals (hostile14, tmux: kill -PWR
/// printed "Power failure" over the board, left on the alternate screen).
#[test]
fn every_signal_that_would_end_the_game_restores_the_terminal() {
    let everywhere = [
        ("USR1", libc::SIGUSR1),
        ("USR2", libc::SIGUSR2),
        ("ALRM", libc::SIGALRM),
        ("VTALRM", libc::SIGVTALRM),
        ("PROF", libc::SIGPROF),
        ("XCPU", libc::SIGXCPU),
    ];
    #[cfg(target_os = "linux")]
    let here = vec![
        ("PWR", libc::SIGPWR),
        ("STKFLT", libc::SIGSTKFLT),
        ("IO", libc::SIGIO),
        ("RTMIN", libc::SIGRTMIN()),
        ("RTMAX", libc::SIGRTMAX()),
    ];
    #[cfg(not(target_os = "linux"))]
    let here = Vec::new();
    for (signal, number) in everywhere.into_iter().chain(here) {
        let data = tempfile::tempdir().unwrap();
        let args: Vec<&str> = "--rows 2 --cols 4 --kinds 1 --gravity none"
            .split(' ')
            .collect();
        let mut s = Session::start_in(data.path(), &args, 80, 24);
        let cooked = s.cooked.clone().expect("termios");
        s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
        s.send(b" l ");
        s.wait_for("a match", WAIT, |t| t.contains("Tiles 6"));
        // By number: kill names the real-time signals in several ways.
        kill(&s, &number.to_string());
        let status = s.wait_exit(WAIT).expect("the game should end");
        assert_eq!(
            status.exit_code(),
            128 + number as u32,
            "{signal}: {status:?}"
        );
        assert_eq!(
            s.local_flags().expect("termios"),
            cooked,
            "{signal}: raw mode off"
        );
        assert!(data.path().join("game.json").exists(), "{signal}: saved");
    }
}

/// The processes whose parent is `parent` (Linux: from `/proc`).
#[cfg(target_os = "linux")]
fn children_of(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // pid (comm) state ppid ...: the command may hold spaces.
            let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
            after.split_whitespace().nth(1) == Some(&parent.to_string())
        })
        .collect()
}

/// The state letter of process `pid` (`T` when stopped; empty once it is
/// gone), from `/proc`.
#[cfg(target_os = "linux")]
fn state_of(pid: u32) -> String {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    after.split_whitespace().next().unwrap_or("").to_string()
}

/// An interactive bash in a pty of 80 x 24 with the data directory `data`,
/// at its prompt (`ready> `), and its pid: job control as a player has it.
#[cfg(target_os = "linux")]
fn bash_in(data: &std::path::Path) -> (Session, u32) {
    let shell = "PS1='ready> ' exec bash --norc --noprofile -i";
    let s = Session::start_limited(shell, data, &[], 80, 24);
    s.wait_for("the prompt", WAIT, |t| t.contains("ready>"));
    let bash = s.child.process_id().expect("the shell's pid");
    (s, bash)
}

/// Found by the hostile run (hostile13): a game stopped with `kill -TSTP`
/// and then ended from its shell with `kill %1` (bash sends SIGTERM, then
/// SIGCONT so a stopped job can take it) stayed stopped: continued in the
/// background, it took the terminal again, which stopped it again
/// (SIGTTOU) before it could end on the signal; only `fg` ended it. It now
/// leaves the terminal alone while in the background and ends at once;
/// continued by `bg`, it stops again until `fg`, as before.
#[cfg(target_os = "linux")]
#[test]
fn a_stopped_game_ends_on_kill_from_its_shell() {
    let data = tempfile::tempdir().unwrap();
    let (mut s, bash) = bash_in(data.path());
    let game = env!("CARGO_BIN_EXE_lianliankan");
    s.send(format!("{game} --rows 2 --cols 4 --kinds 1 --gravity none\r").as_bytes());
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    s.send(b" l ");
    s.wait_for("a match", WAIT, |t| t.contains("Tiles 6"));
    let [pid] = children_of(bash)[..] else {
        panic!("one game under the shell");
    };
    let stop = |signal: &str| {
        std::process::Command::new("kill")
            .args([signal, &pid.to_string()])
            .status()
            .unwrap()
    };
    let stopped = |n: usize| move |t: &str| t.matches("Stopped").count() >= n;
    assert!(stop("-TSTP").success());
    s.wait_for("the shell again", WAIT, stopped(1));
    // Continued in the background, it stops again (as taking the terminal
    // there does), and `fg` brings it back, paused.
    s.send(b"bg\r");
    // The shell tells of a job that stopped at its next prompt.
    let state = || state_of(pid);
    let since = Instant::now();
    std::thread::sleep(Duration::from_millis(300));
    while state() != "T" && since.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(50));
    }
    s.send(b"jobs\r");
    s.wait_for("the game stopped again", WAIT, stopped(2));
    s.send(b"fg\r");
    s.wait_for("the game again", WAIT, |t| t.contains("Paused"));
    assert!(stop("-TSTP").success());
    s.wait_for("the shell again", WAIT, stopped(3));
    s.send(b"kill %1\r");
    let ended = Instant::now();
    while std::path::Path::new(&format!("/proc/{pid}")).exists() && ended.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(50));
    }
    let gone = !std::path::Path::new(&format!("/proc/{pid}")).exists();
    if !gone {
        stop("-KILL");
    }
    assert!(gone, "the game should end on kill %1");
    s.send(b"jobs\r");
    s.wait_for("its status", WAIT, |t| t.contains("Exit 143"));
    assert!(data.path().join("game.json").exists(), "the match is saved");
    s.send(b"exit\r");
    s.wait_exit(WAIT).expect("the shell ends");
}

/// A game started in the background stops as it takes the terminal
/// (SIGTTOU) until `fg`: its clock ran meanwhile (hostile13: `&`, 6 s,
/// `fg` showed Time 0:06). It stands now, as through a later stop.
#[cfg(target_os = "linux")]
#[test]
fn a_game_started_in_the_background_starts_its_clock_at_fg() {
    let data = tempfile::tempdir().unwrap();
    let (mut s, bash) = bash_in(data.path());
    let game = env!("CARGO_BIN_EXE_lianliankan");
    s.send(format!("{game} --rows 2 --cols 4 --kinds 1 --gravity none --timed &\r").as_bytes());
    let since = Instant::now();
    let pid = loop {
        if let [pid] = children_of(bash)[..] {
            break pid;
        }
        assert!(since.elapsed() < WAIT, "no game under the shell");
        std::thread::sleep(Duration::from_millis(20));
    };
    let state = || state_of(pid);
    while state() != "T" && since.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(state(), "T", "stopped in the background");
    std::thread::sleep(Duration::from_secs(3));
    s.send(b"fg\r");
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    let screen = s.screen();
    assert!(screen.contains("Time 0:00"), "{screen}");
    s.send(b"q");
    s.wait_for("the shell again", WAIT, |t| {
        t.matches("ready>").count() >= 3
    });
    s.send(b"exit\r");
    s.wait_exit(WAIT).expect("the shell ends");
}

/// Found by the hostile run: a pty whose size a program set to 65535 x
/// 65535 (or a terminal that reports one) ended the game at once, aborted
/// on allocating ratatui's buffers for it, the terminal left raw; 10000 x
/// 10000 took 2.8 GB. The game draws at most 1000 x 500 of it and plays on.
#[test]
fn a_terminal_of_65535_by_65535_is_no_crash() {
    let mut s = Session::start(&["--rows", "2", "--cols", "2", "--kinds", "1"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    let size = |cols, rows| portable_pty::PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    };
    s.master().resize(size(u16::MAX, u16::MAX)).unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    s.send(b" l ");
    s.master().resize(size(80, 24)).unwrap();
    s.wait_for("the board again", WAIT, |t| t.contains("Score 10"));
    s.send(b"q");
    let status = s.wait_exit(WAIT).expect("quit");
    assert!(status.success(), "{status:?}");
}

/// The text of the screen rows that show the board at 80 x 24.
fn board_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip(1)
        .take(22)
        .map(str::to_string)
        .collect()
}

#[test]
fn sigterm_saves_restores_the_terminal_and_the_next_start_resumes() {
    let data = tempfile::tempdir().unwrap();
    let seed = 13;
    let ((ax, ay), (bx, by)) = first_pair(seed);
    let mut s = Session::start_in(data.path(), &["--seed", &seed.to_string()], 80, 24);
    let cooked = s.cooked.clone().expect("termios");
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    first_match(&mut s, (ax, ay), (bx, by));
    let before = board_rows(&s.screen());
    let from = s.seen.lock().unwrap().bytes.len();

    kill(&s, "TERM");
    let status = s.wait_exit(WAIT).expect("the game should exit on SIGTERM");
    assert_eq!(status.exit_code(), 128 + 15, "{status:?}");
    s.wait_output(from, "the terminal given back", WAIT, restored);
    {
        let seen = s.seen.lock().unwrap();
        let out = String::from_utf8_lossy(&seen.bytes[from..]);
        assert!(
            out.contains("\x1b[?1049l"),
            "alternate screen left: {out:?}"
        );
        assert!(out.contains("\x1b[?1000l"), "mouse capture off: {out:?}");
        assert!(out.contains("\x1b[?25h"), "cursor shown: {out:?}");
        assert!(!seen.parser.as_ref().unwrap().screen().alternate_screen());
    }
    assert_eq!(s.local_flags().expect("termios"), cooked, "raw mode off");
    assert!(data.path().join("game.json").exists());
    drop(s);

    // Started again (without options): the same game, and it says so.
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the resumed game", WAIT, |t| {
        t.contains("Resumed") && t.contains("Score 10 ") && t.contains("Tiles 126")
    });
    let screen = s.screen();
    let after = board_rows(&screen);
    // The cursor sits where the last click was, so compare without marks.
    let plain = |rows: &[String]| -> Vec<String> {
        rows.iter()
            .map(|r| r.replace(['[', ']'], " ").trim_end().to_string())
            .collect()
    };
    assert_eq!(plain(&after[3..]), plain(&before[3..]), "{screen}");

    // SIGHUP (the terminal closed) saves too: the next start resumes again.
    s.send(b"t");
    s.wait_for("a hint", WAIT, |t| t.contains("Hints 2"));
    kill(&s, "HUP");
    s.wait_exit(WAIT).expect("the game should exit on SIGHUP");
    drop(s);
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the resumed game", WAIT, |t| {
        t.contains("Resumed") && t.contains("Hints 2") && t.contains("Tiles 126")
    });
    s.send(b"q");
    s.wait_exit(WAIT).expect("quit");
}

#[test]
fn no_resume_after_a_win_or_a_new_game() {
    let data = tempfile::tempdir().unwrap();
    let tiny = [
        "--rows",
        "2",
        "--cols",
        "2",
        "--kinds",
        "1",
        "--gravity",
        "none",
    ];
    let mut s = Session::start_in(data.path(), &tiny, 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Tiles 4"));
    // The cursor starts at the top left; take the top row, then the bottom.
    s.send(b" l ");
    s.wait_for("a match", WAIT, |t| t.contains("Tiles 2"));
    s.send(b"j h ");
    s.wait_for("the win screen", WAIT, |t| {
        t.contains("You won") && t.contains("Your name:")
    });
    // Still undoable, so saved until recorded.
    assert!(data.path().join("game.json").exists());
    // The box takes keys once it has shown for 0.4 s (an Enter held down
    // from the last match records nothing unread): a player reads it first.
    std::thread::sleep(READ);
    s.send(b"\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f");
    // Control characters (Ctrl-G, an escape sequence) type nothing.
    s.send(b"Ann\x07 \x1b[31m Lee");
    s.wait_for("the typed name", WAIT, |t| {
        t.contains("Your name: Ann Lee_")
    });
    s.send(b"\r");
    s.wait_for("the record", WAIT, |t| t.contains("Recorded in place 1"));
    assert!(!data.path().join("game.json").exists());
    s.send(b"q");
    s.wait_exit(WAIT).expect("quit");
    drop(s);
    let scores = std::fs::read_to_string(data.path().join("scores.json")).unwrap();
    assert!(scores.contains("\"Ann Lee\""), "{scores}");

    // A new start deals afresh; a move, then n, then quit: no resume either.
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the start menu", WAIT, |t| t.contains("Daily deal"));
    assert!(!s.screen().contains("Resumed"));
    s.send(b"p");
    s.wait_for("the board", WAIT, |t| !t.contains("Daily deal"));
    s.send(b"t");
    s.wait_for("a hint", WAIT, |t| t.contains("Hints 2"));
    assert!(data.path().join("game.json").exists());
    // n asks first, and only y throws the game away.
    s.send(b"n");
    s.wait_for("the question", WAIT, |t| t.contains("Abandon this game?"));
    std::thread::sleep(READ);
    s.send(b"y");
    s.wait_for("a new game", WAIT, |t| t.contains("Hints 3"));
    s.send(b"q");
    s.wait_exit(WAIT).expect("quit");
    drop(s);
    assert!(!data.path().join("game.json").exists());
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    assert!(!s.screen().contains("Resumed"));
    s.send(b"q");
    s.wait_exit(WAIT).expect("quit");
}

#[test]
fn with_gravity_down_the_tiles_above_a_match_fall_into_its_place() {
    let t = Instant::now();
    // A seed whose first match has tiles above it, so something falls.
    let (seed, slides, a, b) = (1..50)
        .find_map(|seed| {
            let config = Config {
                seed,
                mode: Mode::Single(Gravity::Down),
                ..Config::DEFAULT
            };
            let mut game = Game::new(config, t).unwrap();
            let (a, b) = find_match(game.board())?;
            game.apply(Action::Click(a), t);
            game.apply(Action::Click(b), t);
            let slides = game.slides(t)?.0.to_vec();
            Some((seed, slides, a, b))
        })
        .expect("a seed with a falling match");
    let (_, layout) = deal(seed);
    let seed = seed.to_string();
    let data = tempfile::tempdir().unwrap();
    let args = ["--seed", &seed, "--gravity", "down"];
    let mut s = Session::start_in(data.path(), &args, 80, 24);
    s.wait_for("the first frame", WAIT, |t| {
        t.contains("Score 0") && t.contains(" down ")
    });
    past_the_card(&mut s);
    let at = |s: &Session, p| {
        let (x, y) = layout.centre(p);
        cell(s, x, y)
    };
    let falling: Vec<String> = slides.iter().map(|m| at(&s, m.from)).collect();
    for (x, y) in [layout.centre(a), layout.centre(b)] {
        click(&mut s, x, y);
    }
    s.wait_for("the tiles to fall", WAIT, |t| {
        t.contains("Tiles 126")
            && slides
                .iter()
                .zip(&falling)
                .all(|(m, symbol)| at(&s, m.to) == *symbol)
    });
    // The top of each column the pair left is empty now.
    for p in [a, b] {
        let top = Point::new(0, p.col);
        s.wait_for("an empty top", WAIT, |_| at(&s, top).trim().is_empty());
    }
    s.send(b"q");
    s.wait_exit(WAIT).expect("quit");
}

/// The files in `dir` with their contents, lock files aside (each game
/// writes its pid there).
fn files(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut all: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|path| path.extension().is_none_or(|e| e != "lock"))
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap_or_default();
            (path, bytes)
        })
        .collect();
    all.sort();
    all
}

/// One board: a demo of the run of levels plays 28 moves, 0.6 s each, and
/// `ui::app::demo`'s tests play it through every level on a simulated clock.
#[test]
fn a_demo_plays_to_the_win_and_leaves_the_saved_game_and_scores_alone() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(data.path(), &["--seed", "3"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    s.send(b"t");
    s.wait_for("a hint", WAIT, |t| t.contains("Hints 2"));
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
    drop(s);
    let before = files(data.path());
    assert!(data.path().join("game.json").exists());

    let demo: Vec<&str> = "--demo --rows 2 --cols 4 --kinds 2 --seed 1 --gravity none"
        .split(' ')
        .collect();
    let mut s = Session::start_in(data.path(), &demo, 80, 24);
    s.wait_for("the demo", WAIT, |t| {
        t.contains("demo: a key or click stops it")
    });
    s.wait_for("the win screen", WAIT, |t| {
        t.contains("You won") && t.contains("Board cleared!")
    });
    assert!(!s.screen().contains("Enter record"), "no name prompt");
    assert!(s.screen().contains("Not recorded: a demo"));
    std::thread::sleep(READ);
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
    drop(s);
    assert_eq!(files(data.path()), before, "nothing saved or recorded");
}

#[test]
fn any_key_stops_a_demo_and_the_game_plays_on() {
    let mut s = Session::start(&["--demo", "--seed", "4"], 80, 24);
    s.wait_for("the demo's first move", WAIT, |t| t.contains("Tiles 126"));
    s.send(b"k");
    s.wait_for("the demo to stop", WAIT, |t| {
        !t.contains("demo: a key or click stops it")
    });
    let tiles = |t: &str| t.split("Tiles ").nth(1).map(|r| r[..3].to_string());
    let stopped = tiles(&s.screen());
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(tiles(&s.screen()), stopped, "no move after the key");
    s.send(b"t");
    s.wait_for("a hint by hand", WAIT, |t| t.contains("Hints 2"));
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

#[test]
fn closing_the_terminal_saves_and_exits_as_on_a_hangup() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(data.path(), &["--seed", "5"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    s.send(b"t");
    s.wait_for("a hint", WAIT, |t| t.contains("Hints 2"));

    s.hang_up();
    let status = s.wait_exit(WAIT).expect("the game should exit on a hangup");
    // 128 + SIGHUP, and not killed by a signal (an abort after a panic in
    // the panic hook, as when restoring printed to the dead terminal).
    assert_eq!(status.signal(), None, "{status:?}");
    assert_eq!(status.exit_code(), 128 + 1, "{status:?}");
    drop(s);

    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the resumed game", WAIT, |t| {
        t.contains("Resumed") && t.contains("Hints 2")
    });
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

/// A file-size limit (`ulimit -f`) too small for the saved game: the save
/// fails as on a full disk (SIGXFSZ no longer kills the game with its
/// terminal left raw), the note names the file and not a temporary one, and
/// quitting says again that the game was not saved, and exits with 1.
#[test]
fn a_save_over_the_file_size_limit_is_told_and_the_game_plays_on() {
    let data = tempfile::tempdir().unwrap();
    let seed = 13;
    let ((ax, ay), (bx, by)) = first_pair(seed);
    // 512 or 1024 bytes (the shell's block): the statistics fit, a save not.
    let mut s = Session::start_limited(
        "ulimit -f 1",
        data.path(),
        &["--seed", &seed.to_string()],
        80,
        24,
    );
    let cooked = s.cooked.clone().expect("termios");
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    click(&mut s, ax, ay);
    click(&mut s, bx, by);
    // The note wraps where its box ends: its words, not its lines.
    s.wait_for("the note", WAIT, |t| {
        t.contains("could not be saved") && t.contains("game.json: File too large")
    });
    assert!(!s.screen().contains(".game.json."), "{}", s.screen());
    std::thread::sleep(READ);
    s.send(b" ");
    s.wait_for("the note to go", WAIT, |t| {
        !t.contains("could not be saved")
    });
    s.send(b"t");
    s.wait_for("a hint", WAIT, |t| t.contains("Hints 2"));
    let from = s.seen.lock().unwrap().bytes.len();
    s.send(b"q");
    let status = s.wait_exit(WAIT).expect("the game should quit on q");
    assert_eq!(status.exit_code(), 1, "the game was not kept: {status:?}");
    s.wait_output(
        from,
        "the terminal given back and the failure told",
        WAIT,
        |out| restored(out) && out.contains("lianliankan: The game could not be saved"),
    );
    assert_eq!(s.local_flags().expect("termios"), cooked, "raw mode off");
    let names: Vec<String> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names
            .iter()
            .any(|n| n.starts_with("game.json") && !n.ends_with(".lock")),
        "{names:?}"
    );
    assert!(
        !names.iter().any(|n| n.starts_with(".game.json.")),
        "{names:?}"
    );
}

/// Under `ulimit -f 0` the start's first write (the lock's pid) ended the
/// game before its first frame (SIGXFSZ): it plays, and says it saves nothing.
#[test]
fn a_zero_file_size_limit_still_plays() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_limited("ulimit -f 0", data.path(), &["--seed", "5"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    s.send(b"t");
    s.wait_for("the note", WAIT, |t| {
        t.contains("Hints 2") && t.contains("could not be saved")
    });
    std::thread::sleep(READ);
    s.send(b" ");
    s.wait_for("the note to go", WAIT, |t| {
        !t.contains("could not be saved")
    });
    s.send(b"q");
    let status = s.wait_exit(WAIT).expect("quit");
    assert_eq!(status.exit_code(), 1, "the game was not kept: {status:?}");
}

/// A data directory path that is a file: the game plays, its note says
/// what could not be read and that play goes on, and quitting after a move
/// says the game was not saved (the settings' note was a bare "cannot open
/// .../settings.json: Not a directory").
#[test]
fn a_data_directory_that_is_a_file_plays_and_says_it_saves_nothing() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("file");
    std::fs::write(&file, b"mine").unwrap();
    let mut s = Session::start_in(&file, &["--seed", "5"], 80, 24);
    s.wait_for("the note", WAIT, |t| {
        t.contains("The settings could not be read") && t.contains("defaults are used")
    });
    std::thread::sleep(READ);
    s.send(b" ");
    s.wait_for("the note to go", WAIT, |t| !t.contains("could not be read"));
    // The hint is the game's first move: counting it and saving it fail.
    s.send(b"t");
    s.wait_for("a hint and its note", WAIT, |t| {
        t.contains("Hints 2") && t.contains("could not be saved") && t.contains("Play goes on")
    });
    std::thread::sleep(READ);
    s.send(b" ");
    s.wait_for("the note to go", WAIT, |t| {
        !t.contains("could not be saved")
    });
    let from = s.seen.lock().unwrap().bytes.len();
    s.send(b"q");
    let status = s.wait_exit(WAIT).expect("quit");
    assert_eq!(status.exit_code(), 1, "the game was not kept: {status:?}");
    s.wait_output(from, "the failed save told", WAIT, |out| {
        restored(out) && out.contains("lianliankan: The game could not be saved")
    });
    assert_eq!(std::fs::read(&file).unwrap(), b"mine");
}

/// Settings naming tiles this lianliankan lacks (a newer one's, or a hand
/// edit) play with the tiles chosen for the terminal, say so once, and the
/// settings form shows auto, not a choice that would never apply.
#[test]
fn settings_naming_unknown_tiles_play_auto_and_say_so() {
    let data = tempfile::tempdir().unwrap();
    write_settings(data.path(), "nope", "levels", false, "normal");
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    // The note wraps where its box ends: its words, not its lines.
    s.wait_for("the note", WAIT, |t| {
        t.contains("tiles \"nope\"") && t.contains("does not")
    });
    std::thread::sleep(READ);
    s.send(b" ");
    s.send(b"e");
    s.wait_for("the settings", WAIT, |t| t.contains("auto (ascii) >"));
    assert!(!s.screen().contains("nope"), "{}", s.screen());
    s.send(b"\x1b");
    s.wait_for("the start menu", WAIT, |t| t.contains("Daily deal"));
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

/// `--theme` wins over the tiles the settings name: it used to be put
/// aside for them as the settings were applied.
#[test]
fn the_theme_option_wins_over_the_settings() {
    let data = tempfile::tempdir().unwrap();
    write_settings(data.path(), "emoji", "levels", false, "normal");
    let seed = 13;
    let (game, layout) = deal(seed);
    let mut s = Session::start_in(data.path(), &["--theme", "ascii", "--seed", "13"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    let theme = Theme::builtin("ascii").unwrap();
    for p in game.board().points() {
        let (x, y) = layout.centre(p);
        let glyph = theme.glyph(game.board().get(p)).unwrap();
        assert_eq!(cell(&s, x, y), glyph.symbol, "{p:?}\n{}", s.screen());
    }
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

/// A game of one variant, timed, chosen last time is left from the command
/// line too: `--gravity levels --untimed` plays the run of levels without a
/// clock (the review found only the New game form could), and `--timed
/// --untimed` is refused.
#[test]
fn the_command_line_goes_back_to_the_levels_untimed() {
    let data = tempfile::tempdir().unwrap();
    write_settings(data.path(), "ascii", "down", true, "normal");
    let mut s = Session::start_in(data.path(), &["--rows", "4", "--cols", "4"], 80, 24);
    s.wait_for("a timed board of gravity down", WAIT, |t| {
        t.contains("down") && t.contains("Tiles 16") && t.contains("[==")
    });
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
    let args = [
        "--rows",
        "4",
        "--cols",
        "4",
        "--gravity",
        "levels",
        "--untimed",
    ];
    let mut s = Session::start_in(data.path(), &args, 80, 24);
    s.wait_for("the first level, untimed", WAIT, |t| {
        t.contains("Lv 1/7") && t.contains("Tiles 16")
    });
    assert!(!s.screen().contains("[=="), "{}", s.screen());
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(["--timed", "--untimed"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// SIGTSTP (`kill -TSTP`, as job control sends) gives the terminal back
/// before the game stops, so the shell gets a usable terminal; SIGCONT (`fg`)
/// takes it again and draws the board whole, paused, as the clock was.
#[test]
fn a_stop_gives_the_terminal_back_and_a_continue_takes_it_again() {
    let mut s = Session::start(&["--seed", "13"], 80, 24);
    let cooked = s.cooked.clone().expect("termios");
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    assert_ne!(
        s.local_flags().expect("termios"),
        cooked,
        "raw while playing"
    );
    let from = s.seen.lock().unwrap().bytes.len();
    kill(&s, "TSTP");
    let end = Instant::now() + WAIT;
    while s.local_flags().expect("termios") != cooked {
        assert!(Instant::now() < end, "raw mode stayed on after SIGTSTP");
        std::thread::sleep(Duration::from_millis(5));
    }
    let pid = s.child.process_id().expect("the game's pid");
    // Its state letter ('T' once stopped): from /proc on Linux; macOS has
    // no /proc, and its ps prints the same letter first.
    let state = || {
        let proc = std::fs::read_to_string(format!("/proc/{pid}/stat"));
        let stat = match proc {
            Ok(stat) => stat.rsplit(") ").next()?.to_string(),
            Err(_) => {
                let ps = std::process::Command::new("ps")
                    .args(["-o", "stat=", "-p", &pid.to_string()])
                    .output()
                    .ok()?;
                String::from_utf8_lossy(&ps.stdout).trim().to_string()
            }
        };
        stat.chars().next()
    };
    while state() != Some('T') {
        assert!(Instant::now() < end, "the game did not stop: {:?}", state());
        std::thread::sleep(Duration::from_millis(5));
    }
    // The game wrote the terminal back before it stopped; the reader
    // thread may not have read those bytes yet, so wait for them.
    s.wait_output(from, "the terminal given back", WAIT, restored);
    assert!(!on_alternate_screen(&s), "the main screen while stopped");
    kill(&s, "CONT");
    s.wait_for("the paused board drawn again", WAIT, |t| {
        t.contains("Paused") && t.contains("Score 0")
    });
    assert!(on_alternate_screen(&s), "the alternate screen again");
    assert_ne!(s.local_flags().expect("termios"), cooked, "raw again");
    // Keys act at once again: p resumes, q quits.
    s.send(b"p");
    s.wait_for("the board", WAIT, |t| !t.contains("Paused"));
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

/// A level card on show when the game is stopped (`kill -TSTP`) stands
/// while it is stopped, as the clock does: its two seconds ran through the
/// stop, so at `fg` the card was gone at the first frame, the next level's
/// gravity untold and its clock running on a board not paused (hostile15,
/// tmux: a timed 1 x 2 run, the card of level 2, TSTP, `fg` 4 s later
/// showed the board at once). Now the card shows again after the stop.
#[cfg(target_os = "linux")]
#[test]
fn a_level_card_stands_through_a_stop() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(
        data.path(),
        &["--rows", "1", "--cols", "2", "--timed", "--new"],
        80,
        24,
    );
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    s.send(b" l ");
    s.wait_for("the next level's card", WAIT, |t| {
        t.contains("Level 2 of 7")
    });
    let pid = s.child.process_id().expect("the game's pid");
    kill(&s, "TSTP");
    let since = Instant::now();
    while state_of(pid) != "T" {
        assert!(since.elapsed() < WAIT, "the game did not stop");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_secs(3));
    let from = s.seen.lock().unwrap().bytes.len();
    kill(&s, "CONT");
    // The first frame after the stop: the status line under the card or
    // the board.
    s.wait_output(from, "the game drawn again", WAIT, |t| t.contains("Lv 2/7"));
    // Waited for, not read at once: the stop's own return and the SIGCONT
    // each take the terminal again, and the second clears it before its
    // frame (review14 saw the screen read blank in between, once).
    s.wait_for("the card again", WAIT, |t| t.contains("Level 2 of 7"));
    // And it stays its time (a card whose time ran out during the stop
    // went at the first tick).
    std::thread::sleep(Duration::from_millis(800));
    let screen = s.screen();
    assert!(screen.contains("Level 2 of 7"), "the card stays: {screen}");
    s.wait_for("the board after the card", WAIT, |t| {
        !t.contains("Level 2 of 7")
    });
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

/// Input that came faster than the game took it waited in memory: the
/// reader thread queued every key for the event loop without bound, so a
/// flood of typed text (a terminal without bracketed paste pasting
/// megabytes, a program writing to the terminal) grew the game by some 30
/// bytes a byte typed (hostile15: 9 MB of `a` in 5 s, 300 MB resident),
/// and a `q` after it waited behind millions of keys (no exit in 60 s).
/// The reader now waits while the loop is behind, so the rest waits in the
/// terminal: the game stays small, and `q` after the flood quits at once.
#[cfg(target_os = "linux")]
#[test]
fn a_flood_of_keys_waits_in_the_terminal_not_in_memory() {
    let mut s = Session::start(&["--rows", "2", "--cols", "2", "--kinds", "1"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    let pid = s.child.process_id().expect("the game's pid");
    // The most the game has held in memory so far, in kB.
    let peak = || -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    let before = peak();
    for _ in 0..4 {
        s.send(&[b'x'; 1 << 16]);
    }
    let grown = peak() - before;
    assert!(grown < 4 << 10, "256 kB typed grew the game by {grown} kB");
    let asked = Instant::now();
    s.send(b"q");
    let status = s.wait_exit(WAIT).expect("q quits");
    assert!(status.success(), "{status:?}");
    let waited = asked.elapsed();
    assert!(waited < Duration::from_secs(3), "q took {waited:?}");
}

/// 2 KB of text as a terminal pastes it: in one write, each line ended by a
/// carriage return.
fn pasted_text() -> Vec<u8> {
    let line = b"the quick brown fox jumps over the lazy dog, then undoes it\r";
    line.iter().copied().cycle().take(2048).collect()
}

#[test]
fn a_paste_is_ignored_and_after_2_kb_of_input_one_q_quits() {
    let mut s = Session::start(&["--seed", "6"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    // The game asks for bracketed paste, so the terminal wraps the text; the
    // letters in it (t, n, u, q ...) must not act as keys.
    let mut paste = b"\x1b[200~".to_vec();
    paste.extend(pasted_text());
    paste.extend(b"\x1b[201~");
    s.send(&paste);
    s.send(b"t");
    s.wait_for("one hint", WAIT, |t| t.contains("Hints 2"));
    // A terminal without bracketed paste types the text: x does nothing,
    // and the key after it is read at once.
    s.send(&[b'x'; 2048]);
    s.send(b"q");
    let status = s.wait_exit(WAIT).expect("one q should quit");
    assert!(status.success(), "{status:?}");
}

/// Played in tmux: a paste whose text ended in ESC (tmux passes pasted
/// control bytes on, as some terminals do) acted as the Esc key and opened
/// the menu: the ESC starting the paste's end was taken for a second Esc.
#[test]
fn an_esc_inside_a_paste_is_pasted_text_too() {
    let mut s = Session::start(&["--seed", "6"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    for paste in [
        &b"\x1b[200~text\x1b\x1b[201~"[..],
        b"\x1b[200~\x1b\x1bmore\x1b[201~",
    ] {
        s.send(paste);
        // On the board p pauses; had an Esc opened the menu, p would do
        // nothing there.
        s.send(b"p");
        s.wait_for("the paused board", WAIT, |t| t.contains("Press p or click"));
        s.send(b"p");
        s.wait_for("the board again", WAIT, |t| !t.contains("Press p or click"));
    }
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("q should quit").success());
}

#[test]
fn an_unfinished_escape_sequence_gives_way_to_the_next_key_after_a_pause() {
    let mut s = Session::start(&["--seed", "6"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    // Each stray start is left unfinished; after a pause the next key acts
    // instead of being read as the end of the sequence.
    let pause = || std::thread::sleep(Duration::from_millis(1500));
    s.send(b"\x1b[?");
    pause();
    s.send(b"t");
    s.wait_for("a hint", WAIT, |t| t.contains("Hints 2"));
    s.send(b"\x1b[<");
    pause();
    s.send(b"r");
    s.wait_for("a reshuffle", WAIT, |t| t.contains("Shuffles 1"));
    // An unfinished paste waits longer, but not for ever.
    s.send(b"\x1b[200~");
    pause();
    s.send(b"q");
    let status = s.wait_exit(WAIT).expect("q should quit");
    assert!(status.success(), "{status:?}");
}

/// The time left on the title line (`0:38`), read from the screen.
fn time_left(screen: &str) -> String {
    let title = screen.lines().next().unwrap_or_default();
    title
        .split(']')
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_default()
        .to_string()
}

/// Esc drops a selection and then opens the menu, never quits; help and
/// the menu stop a timed level's clock; `n` asks before throwing a game away.
#[test]
fn esc_never_quits_and_screens_over_the_board_stop_the_clock() {
    let tiny = [
        "--rows",
        "2",
        "--cols",
        "4",
        "--kinds",
        "2",
        "--seed",
        "1",
        "--timed",
        "--gravity",
        "none",
    ];
    let mut s = Session::start(&tiny, 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Tiles 8"));
    s.send(b" ");
    s.wait_for("a selection", WAIT, |t| {
        t.contains("[A]") || t.contains('[')
    });
    s.send(b"\x1b");
    std::thread::sleep(Duration::from_millis(300));
    assert!(s.child.try_wait().unwrap().is_none(), "Esc must not quit");
    s.send(b"\x1b");
    s.wait_for("the menu", WAIT, |t| {
        t.contains("Paused") && t.contains("Resume") && t.contains("Restart this deal")
    });
    let shown = time_left(&s.screen());
    assert!(!shown.is_empty(), "{}", s.screen());
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(
        time_left(&s.screen()),
        shown,
        "the clock stands in the menu"
    );
    s.send(b"\x1b");
    s.wait_for("the board again", WAIT, |t| !t.contains("Resume"));
    s.send(b"?");
    s.wait_for("the help", WAIT, |t| {
        t.contains("Esc, q, ? or click closes")
    });
    let shown = time_left(&s.screen());
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(time_left(&s.screen()), shown, "the clock stands under help");
    s.send(b"?");
    s.wait_for("the board", WAIT, |t| {
        !t.contains("Esc, q, ? or click closes")
    });
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("q quits").success());
}

/// The number after "Tiles " on the status line.
fn tiles(screen: &str) -> Option<String> {
    let rest = screen.split("Tiles ").nth(1)?;
    Some(rest.chars().take_while(char::is_ascii_digit).collect())
}

/// Starts a game in `data` with `args`, waits for its first frame (and
/// `also`), sends `keys`, waits for `after`, quits and waits for the exit.
fn play_and_quit(data: &std::path::Path, args: &[&str], keys: &[u8], after: &str) {
    let mut s = Session::start_in(data, args, 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score "));
    s.send(keys);
    s.wait_for(after, WAIT, |t| t.contains(after));
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

#[test]
fn a_demo_taken_over_replaces_the_saved_game_only_after_a_move() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("game.json");
    play_and_quit(data.path(), &["--seed", "3"], b"t", "Hints 2");
    let saved = std::fs::read(&file).unwrap();
    let demo = ["--demo", "--seed", "4"];
    let take_over = |s: &mut Session| {
        s.wait_for("the demo's first move", WAIT, |t| t.contains("Tiles 126"));
        s.send(b"k");
        s.wait_for("the demo to stop", WAIT, |t| {
            !t.contains("demo: a key or click stops it")
        });
        // Taken over with a game saved, the note says the first move
        // replaces it; a key closes it once read.
        s.wait_for("the note", WAIT, |t| t.contains("first move replaces it"));
        std::thread::sleep(READ);
        s.send(b" ");
        s.wait_for("the note to go", WAIT, |t| {
            !t.contains("first move replaces it")
        });
    };
    // Taken over, then quit without a move: the saved game stays.
    let mut s = Session::start_in(data.path(), &demo, 80, 24);
    take_over(&mut s);
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
    drop(s);
    assert_eq!(std::fs::read(&file).unwrap(), saved);
    // Taken over and a move made (a hint): that game is the saved one now.
    let mut s = Session::start_in(data.path(), &demo, 80, 24);
    take_over(&mut s);
    let at_takeover = tiles(&s.screen());
    s.send(b"t");
    s.wait_for("a hint by hand", WAIT, |t| t.contains("Hints 2"));
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
    drop(s);
    assert_ne!(std::fs::read(&file).unwrap(), saved);
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the taken-over game", WAIT, |t| {
        t.contains("Resumed") && tiles(t) == at_takeover
    });
    assert_ne!(at_takeover.as_deref(), Some("128"));
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

#[test]
fn a_second_game_on_the_data_directory_plays_unsaved_and_a_killed_one_holds_nothing() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("game.json");
    let mut first = Session::start_in(data.path(), &["--seed", "3"], 80, 24);
    first.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    first.send(b"t");
    first.wait_for("a hint", WAIT, |t| t.contains("Hints 2"));
    let saved = std::fs::read(&file).unwrap();
    // A second game while the first plays: told, and not saved.
    let mut second = Session::start_in(data.path(), &["--seed", "5"], 80, 24);
    second.wait_for("the message", WAIT, |t| {
        t.contains("in use by another") && t.contains("not be saved")
    });
    std::thread::sleep(READ);
    second.send(b" ");
    second.send(b"tr");
    second.wait_for("help used", WAIT, |t| {
        t.contains("Hints 2") && t.contains("Shuffles 1")
    });
    second.send(b"q");
    assert!(second.wait_exit(WAIT).expect("quit").success());
    drop(second);
    assert_eq!(std::fs::read(&file).unwrap(), saved);
    // The first one is killed outright: its lock goes with it.
    kill(&first, "KILL");
    first.wait_exit(WAIT).expect("killed");
    drop(first);
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the first game resumed", WAIT, |t| {
        t.contains("Resumed") && t.contains("Hints 2") && !t.contains("in use")
    });
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}

/// A first start with an empty data directory: the start screen, a new
/// game of a chosen preset, a match (the hinted pair, clicked), the pause
/// menu, quit; then `lianliankan stats` counts the game.
#[test]
fn a_first_start_goes_from_the_start_screen_to_a_game_and_the_statistics() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the start screen", WAIT, |t| {
        t.contains("New game") && t.contains("Daily deal") && t.contains("Statistics")
    });
    s.send(b"n");
    s.wait_for("the new-game form", WAIT, |t| t.contains("medium 8x16"));
    // Up to the board row (past difficulty, clock and mode), one preset
    // smaller, then Start.
    s.send(b"\x1b[A\x1b[A\x1b[A\x1b[A");
    std::thread::sleep(Duration::from_millis(100));
    s.send(b"\x1b[D");
    s.wait_for("the small preset", WAIT, |t| t.contains("small 6x10"));
    s.send(b"s");
    s.wait_for("the small board", WAIT, |t| t.contains("Tiles 60"));
    s.send(b"t");
    // A hinted tile is drawn `<X>`, or `[X]` where the cursor is on it; the
    // pair pulses (`<X>`, then `>X<`): wait for the bright phase.
    let marked = |t: &str, c: char| {
        t.lines()
            .skip(1)
            .map(|l| l.matches(c).count())
            .sum::<usize>()
    };
    let lit = |t: &str| {
        t.lines().all(|l| {
            let c: Vec<char> = l.chars().collect();
            c.iter()
                .enumerate()
                .all(|(i, &ch)| ch != '<' || c.get(i + 2) == Some(&'>'))
        })
    };
    s.wait_for("the hint", WAIT, |t| {
        (marked(t, '<') == 2 || marked(t, '<') == 1) && lit(t)
    });
    let screen = s.screen();
    let at = |c: char| -> Vec<(u16, u16)> {
        screen
            .lines()
            .enumerate()
            .skip(1)
            .flat_map(|(y, line)| {
                line.chars()
                    .enumerate()
                    .filter(move |&(_, ch)| ch == c)
                    .map(move |(x, _)| (x as u16 + 1, y as u16))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let mut marks = at('<');
    if marks.len() == 1 {
        marks.extend(at('['));
    }
    assert_eq!(marks.len(), 2, "{screen}");
    for &(x, y) in &marks {
        click(&mut s, x, y);
    }
    s.wait_for("the match", WAIT, |t| t.contains("Tiles 58"));
    s.send(b"m");
    s.wait_for("the pause menu", WAIT, |t| {
        t.contains("Paused") && t.contains("Restart the run")
    });
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
    drop(s);
    let stats = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .arg("stats")
        .env("LIANLIANKAN_DATA_DIR", data.path())
        .output()
        .unwrap();
    assert!(stats.status.success());
    let text = String::from_utf8_lossy(&stats.stdout);
    assert!(text.contains("Games started       1"), "{text}");
    assert!(text.contains("Games won           0"), "{text}");
}

/// A signal on any screen saves the game and gives the terminal back: here
/// SIGTERM with the settings form open over the pause menu, then SIGHUP with
/// the new-game form open; each next start resumes the game.
#[test]
fn signals_on_menu_screens_save_the_game_and_restore_the_terminal() {
    let data = tempfile::tempdir().unwrap();
    let seed = 13;
    let (a, b) = first_pair(seed);
    let mut s = Session::start_in(data.path(), &["--seed", &seed.to_string()], 80, 24);
    let cooked = s.cooked.clone().expect("termios");
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    first_match(&mut s, a, b);
    s.send(b"me");
    s.wait_for("the settings", WAIT, |t| t.contains("Animation"));
    kill(&s, "TERM");
    let status = s.wait_exit(WAIT).expect("the game should exit on SIGTERM");
    assert_eq!(status.exit_code(), 128 + 15, "{status:?}");
    assert_eq!(s.local_flags().expect("termios"), cooked, "raw mode off");
    drop(s);
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the resumed game", WAIT, |t| {
        t.contains("Resumed") && t.contains("Score 10 ")
    });
    s.send(b"mn");
    s.wait_for("the new-game form", WAIT, |t| t.contains("Clock"));
    kill(&s, "HUP");
    let status = s.wait_exit(WAIT).expect("the game should exit on SIGHUP");
    assert_eq!(status.exit_code(), 128 + 1, "{status:?}");
    drop(s);
    let mut s = Session::start_in(data.path(), &[], 80, 24);
    s.wait_for("the game resumed again", WAIT, |t| {
        t.contains("Resumed") && t.contains("Score 10 ")
    });
    s.send(b"q");
    s.wait_exit(WAIT).expect("quit");
}

/// The keyboard as a terminal sends it: Shift-arrows (`ESC [ 1 ; 2 C`) and
/// capitals jump to the next tile over the cells a match emptied, and a
/// plain arrow wraps round the edge. The cursor's brackets show where the
/// game's own cursor rules say.
#[test]
fn shift_arrows_and_capitals_jump_in_a_real_terminal() {
    use lianliankan::game::{Direction, cursor};
    let seed = 11;
    let (mut game, layout) = deal(seed);
    let (a, b) = find_match(game.board()).expect("a fresh deal has a match");
    let mut s = Session::start(&["--seed", &seed.to_string()], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("Score 0"));
    first_match(&mut s, layout.centre(a), layout.centre(b));
    let t = Instant::now();
    game.apply(Action::Click(a), t);
    game.apply(Action::Click(b), t);
    let keys: [(&[u8], Direction); 6] = [
        (b"\x1b[1;2D", Direction::Left),
        (b"\x1b[1;2C", Direction::Right),
        (b"H", Direction::Left),
        (b"\x1b[1;2B", Direction::Down),
        (b"K", Direction::Up),
        (b"L", Direction::Right),
    ];
    let mut skipped = false;
    for (bytes, d) in keys {
        let from = game.cursor();
        game.apply(Action::Jump(d), t);
        skipped |= game.cursor() != cursor::step(game.board(), from, d);
        let (x, y) = layout.centre(game.cursor());
        s.send(bytes);
        s.wait_for("the cursor to jump", WAIT, |_| {
            cell(&s, x - 1, y) == "[" && cell(&s, x + 1, y) == "]"
        });
    }
    assert!(skipped, "no jump went further than a step: pick other keys");
    // Left from the first column wraps to the last.
    let row = game.cursor().row;
    let steps = game.cursor().col + 1;
    s.send("h".repeat(steps as usize).as_bytes());
    let (x, y) = layout.centre(Point::new(row, game.board().cols() as i32 - 1));
    s.wait_for("the cursor to wrap", WAIT, |_| {
        cell(&s, x - 1, y) == "[" && cell(&s, x + 1, y) == "]"
    });
    s.send(b"q");
    assert!(s.wait_exit(WAIT).expect("quit").success());
}
