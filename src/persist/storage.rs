//! Where lianliankan keeps its files, and how it writes them: atomically, so a
//! crash at any moment leaves the old file or the new one, never a torn one.
//!
//! Higher layers ([`crate::persist::document`]) decide what the bytes mean; this module
//! only finds the data directory, writes and reads files safely, moves
//! unreadable files aside, and locks a file against other running games.
//!
//! Locks are the operating system's advisory locks on a `NAME.lock` file
//! beside the file (`flock` on Unix, `LockFileEx` on Windows, through
//! [`File::try_lock`], so no crate is needed): the system drops a lock when
//! its process ends, however it ends, so a lock is never left stale. Whoever
//! holds the lock of a file is its only writer, so any temporary file of it
//! found then is left over from a crash and is removed.

use std::fmt;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::escape::escape_controls;

/// The environment variable that overrides the per-user data directory, so
/// tests and unusual setups can point the game at a directory of their own.
pub const DATA_DIR_ENV: &str = "LIANLIANKAN_DATA_DIR";

/// The largest file read back. Our own files are a few kilobytes, but for
/// the saved game of a large board with its whole undo history: a game of
/// the largest board (40 x 60) played to its last match saves 0.2 to
/// 0.4 MB, the longest save a game may hold about 8 MB (`save.rs` tests it
/// loads).
/// Anything far larger is not ours, and reading it whole would let a stray
/// file eat memory.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Why a file in the data directory could not be used.
#[derive(Debug)]
pub enum StorageError {
    /// No data directory was given and the platform has none (no home directory).
    NoDataDir,
    /// A file or directory could not be opened, read, written or renamed.
    Io {
        /// What was being done, for example "write".
        action: &'static str,
        /// The file or directory concerned.
        path: PathBuf,
        /// The operating system's reason.
        source: io::Error,
    },
    /// The value could not be turned into text (a bug in the caller's type).
    Encode {
        /// The file that was to be written.
        path: PathBuf,
        /// The encoder's reason.
        message: String,
    },
    /// The file was written by a newer lianliankan: it is refused and left untouched.
    NewerVersion {
        /// The file concerned.
        path: PathBuf,
        /// The version the file declares.
        found: u64,
        /// The newest version this build understands.
        supported: u32,
    },
    /// Another running lianliankan holds the file's lock and did not let go
    /// in time.
    Busy {
        /// The file concerned.
        path: PathBuf,
        /// The process holding the lock, if it could be read.
        pid: Option<u32>,
    },
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            StorageError::NoDataDir => {
                format!("no per-user data directory was found; set {DATA_DIR_ENV} to a directory")
            }
            StorageError::Io {
                action,
                path,
                source,
            } => format!("cannot {action} {}: {source}", path.display()),
            StorageError::Encode { path, message } => {
                format!("cannot encode {}: {message}", path.display())
            }
            StorageError::NewerVersion {
                path,
                found,
                supported,
            } => format!(
                "{} has format version {found}, but this lianliankan reads versions up to \
                 {supported}; update lianliankan (the file is left untouched)",
                path.display()
            ),
            StorageError::Busy { path, pid } => format!(
                "{} is in use by another lianliankan{}",
                path.display(),
                held_by(*pid)
            ),
        };
        f.write_str(&escape_controls(&text))
    }
}

impl std::error::Error for StorageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StorageError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl StorageError {
    /// An [`StorageError::Io`] failure of `action` on `path`, so every
    /// caller names the file the same way.
    pub(crate) fn io(action: &'static str, path: &Path, source: io::Error) -> Self {
        StorageError::Io {
            action,
            path: path.to_path_buf(),
            source,
        }
    }
}

/// The directory that holds the high scores and the saved game:
/// `$LIANLIANKAN_DATA_DIR` when set and not empty, otherwise the platform's
/// per-user data directory (`$XDG_DATA_HOME/lianliankan` or
/// `~/.local/share/lianliankan` on Linux). It is created when a game starts
/// (for its lock) or on the first write.
pub fn data_dir() -> Result<PathBuf, StorageError> {
    match std::env::var_os(DATA_DIR_ENV) {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir)),
        _ => directories::ProjectDirs::from("", "", "lianliankan")
            .map(|dirs| dirs.data_dir().to_path_buf())
            .ok_or(StorageError::NoDataDir),
    }
}

/// " (pid N)" when the holder of a lock is known, for messages.
pub fn held_by(pid: Option<u32>) -> String {
    pid.map(|pid| format!(" (pid {pid})")).unwrap_or_default()
}

/// Seconds since the Unix epoch (0 for a clock set before it), to name files
/// that are kept aside.
fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Writes `bytes` to `dir/file_name` so that a crash at any moment leaves the
/// old contents or the new ones, never a mix: a temporary file in the same
/// directory, flushed and synced, renamed over the old file, then the
/// directory synced where the platform allows. Creates `dir` if needed.
pub fn write_atomic(dir: &Path, file_name: &str, bytes: &[u8]) -> Result<(), StorageError> {
    PendingFile::write(dir, file_name, bytes)?.commit()
}

/// Makes `dir` and its parents. When that fails because something is in
/// the way, the error says what: a symbolic link to nowhere, a file, or the
/// system's own error about `dir` (a loop of symbolic links). The error of
/// the making itself, "File exists", sends the player looking for a
/// directory that is not there.
fn create_dir(dir: &Path) -> Result<(), StorageError> {
    fs::create_dir_all(dir).map_err(|e| StorageError::io("create", dir, in_the_way(dir, e)))
}

/// What stopped `dir` from being made, given the error `e` of the making
/// (see [`create_dir`]).
fn in_the_way(dir: &Path, e: io::Error) -> io::Error {
    if e.kind() != io::ErrorKind::AlreadyExists {
        return e;
    }
    match (fs::metadata(dir), fs::read_link(dir)) {
        (Err(m), Ok(target)) if m.kind() == io::ErrorKind::NotFound => io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "it is a symbolic link to {}, which does not exist",
                target.display()
            ),
        ),
        (Err(m), _) => m,
        (Ok(m), _) if !m.is_dir() => io::Error::new(
            io::ErrorKind::NotADirectory,
            "it is a file, not a directory",
        ),
        _ => e,
    }
}

/// The prefix and suffix of the temporary files of `file_name`:
/// `.NAME.<random>.tmp`, a name no reader looks at.
fn temp_affixes(file_name: &str) -> (String, &'static str) {
    (format!(".{file_name}."), ".tmp")
}

/// A temporary file that holds the complete new contents, synced to disk but
/// not yet renamed into place. Dropped without [`PendingFile::commit`], it is
/// removed; after a crash it stays behind until the next holder of the
/// file's [`Lock`] removes it.
///
/// `tempfile` makes the file (a fresh random name, created exclusively, so
/// two writers never share one) and renames it over the target (`rename`, or
/// `MoveFileEx` replacing the old file on Windows), as atomic as a rename is.
struct PendingFile {
    temp: tempfile::NamedTempFile,
    target: PathBuf,
    dir: PathBuf,
}

impl PendingFile {
    fn write(dir: &Path, file_name: &str, bytes: &[u8]) -> Result<Self, StorageError> {
        create_dir(dir)?;
        let (prefix, suffix) = temp_affixes(file_name);
        let target = dir.join(file_name);
        // Made and written through the plain file, whose errors are the
        // system's own: tempfile's would add the random name ("at path
        // .NAME.x1Y2z3.tmp"), which means nothing to the player. What fails
        // to be written is the target.
        let mut temp = tempfile::Builder::new()
            .prefix(&prefix)
            .suffix(suffix)
            .make_in(dir, private_new_file)
            .map_err(|e| StorageError::io("write", &target, e))?;
        let file = temp.as_file_mut();
        file.write_all(bytes)
            .and_then(|()| file.flush())
            .and_then(|()| file.sync_all())
            .map_err(|e| StorageError::io("write", &target, e))?;
        Ok(PendingFile {
            temp,
            target,
            dir: dir.to_path_buf(),
        })
    }

    fn commit(self) -> Result<(), StorageError> {
        // On failure the temporary file comes back in the error: kept for
        // the next try, and removed when dropped after the last.
        let mut temp = Some(self.temp);
        retry_held_open(|| {
            let file = temp.take().expect("put back after each failure");
            file.persist(&self.target).map(drop).map_err(|e| {
                temp = Some(e.file);
                e.error
            })
        })
        .map_err(|e| StorageError::io("replace", &self.target, e))?;
        sync_dir(&self.dir);
        Ok(())
    }
}

/// How long a rename or removal that another program's open file refused
/// is tried again (see [`held_open`]).
const HELD_OPEN_PATIENCE: Duration = Duration::from_millis(500);

/// Whether `e` is Windows refusing to rename over, rename or remove a file
/// that another program holds open without sharing its deletion: a virus
/// scanner, the search indexer or a backup reading the file just written,
/// which lets go within moments. Windows then says "access denied" (5) or
/// "sharing violation" (32); Go's own tool retries those for half a second
/// for this reason (`cmd/go/internal/robustio`). Never elsewhere: a Unix
/// rename or unlink does not mind open files.
fn held_open(e: &io::Error) -> bool {
    cfg!(windows) && matches!(e.raw_os_error(), Some(5 | 32))
}

/// Runs `op` until it succeeds, fails for another reason than
/// [`held_open`], or [`HELD_OPEN_PATIENCE`] has passed. Short enough for
/// the save when the console window is closed (Windows ends the process
/// about 5 s after).
fn retry_held_open<T>(mut op: impl FnMut() -> io::Result<T>) -> io::Result<T> {
    let start = Instant::now();
    loop {
        match op() {
            Err(e) if held_open(&e) && start.elapsed() < HELD_OPEN_PATIENCE => {
                std::thread::sleep(Duration::from_millis(10));
            }
            result => return result,
        }
    }
}

/// Creates `path`, which must not exist yet, readable and writable by its
/// owner only (as tempfile's own temporary files are).
fn private_new_file(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// How long [`Lock::wait`] waits for another game to let go of a lock: far
/// longer than an update holds it.
pub const LOCK_PATIENCE: Duration = Duration::from_secs(5);

/// An exclusive advisory lock on `dir/NAME.lock`, the lock of the file
/// `NAME`, held until dropped (or the process ends). The lock file holds the
/// pid of its last holder, for messages; it stays behind, harmless.
#[derive(Debug)]
pub struct Lock {
    file: File,
    dir: PathBuf,
    file_name: String,
}

/// What [`Lock::try_take`] found.
#[derive(Debug)]
pub enum Locking {
    /// The lock is ours until dropped.
    Held(Lock),
    /// Another process (or another open file in this one) holds it.
    Busy {
        /// Its pid, if the lock file could be read.
        pid: Option<u32>,
    },
}

impl Lock {
    /// Takes the lock of `dir/file_name` if it is free. Errors when the lock
    /// file cannot be made or locked at all (an unwritable directory).
    pub fn try_take(dir: &Path, file_name: &str) -> Result<Locking, StorageError> {
        create_dir(dir)?;
        let path = dir.join(format!("{file_name}.lock"));
        let file = match OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
        {
            Ok(file) => file,
            // A directory in the lock file's place (a hand edit) is locked
            // as it is, where the system can open one (Unix): without a
            // lock a second game would resume and save over this one's game.
            // Asked first: opening a named pipe to read would wait.
            Err(e) if path.is_dir() => {
                File::open(&path).map_err(|_| StorageError::io("open", &path, e))?
            }
            Err(e) => return Err(StorageError::io("open", &path, e)),
        };
        // Only a plain file of its own holds a pid: reading a named pipe in
        // its place waits for ever while its holder keeps it open, and
        // writing through a symlink or a hard link would empty the other
        // file.
        let plain = file
            .metadata()
            .is_ok_and(|m| m.is_file() && single_link(&m))
            && fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                // Windows refuses to read a locked file: no pid then.
                let pid = plain
                    .then(|| fs::read_to_string(&path).ok())
                    .flatten()
                    .and_then(|text| text.trim().parse().ok());
                return Ok(Locking::Busy { pid });
            }
            Err(TryLockError::Error(e)) => return Err(StorageError::io("lock", &path, e)),
        }
        // The pid only serves messages: failing to write it is no matter.
        if plain {
            let _ = file
                .set_len(0)
                .and_then(|()| (&file).rewind())
                .and_then(|()| writeln!(&file, "{}", std::process::id()));
        }
        Ok(Locking::Held(Lock {
            file,
            dir: dir.to_path_buf(),
            file_name: file_name.to_string(),
        }))
    }

    /// Takes the lock of `dir/file_name`, waiting up to `patience` while
    /// another game holds it; [`StorageError::Busy`] after that.
    pub fn wait(dir: &Path, file_name: &str, patience: Duration) -> Result<Lock, StorageError> {
        let start = Instant::now();
        loop {
            match Lock::try_take(dir, file_name)? {
                Locking::Held(lock) => return Ok(lock),
                Locking::Busy { pid } if start.elapsed() >= patience => {
                    return Err(StorageError::Busy {
                        path: dir.join(file_name),
                        pid,
                    });
                }
                Locking::Busy { .. } => std::thread::sleep(Duration::from_millis(5)),
            }
        }
    }

    /// Whether the lock file this lock holds is still the one at its path:
    /// not when the data directory was removed under the running game (a
    /// save then makes it again, with no lock in it, and a second game
    /// would find the saved game free). Where a file held open cannot be
    /// removed (Windows), it always is.
    pub fn in_place(&self) -> bool {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let path = self.dir.join(format!("{}.lock", self.file_name));
            match (self.file.metadata(), fs::metadata(path)) {
                (Ok(held), Ok(there)) => held.dev() == there.dev() && held.ino() == there.ino(),
                _ => false,
            }
        }
        #[cfg(not(unix))]
        true
    }

    /// Removes the temporary files of the locked file left by a crash (a
    /// process killed between writing one and renaming it). Only the holder
    /// of the lock writes the file, so none of them is being written now.
    /// Failures are ignored: a leftover is only clutter.
    pub fn remove_stale_temps(&self) {
        let (prefix, suffix) = temp_affixes(&self.file_name);
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let long = name.len() > prefix.len() + suffix.len();
            if long && name.starts_with(&prefix) && name.ends_with(suffix) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// Whether no other name shares the file of `m` (a hard link); told on
/// Unix only.
fn single_link(m: &fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        std::os::unix::fs::MetadataExt::nlink(m) == 1
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        true
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Closing the file drops the lock too; this only makes it prompt.
        let _ = self.file.unlock();
    }
}

/// Makes a rename or removal in `dir` durable. Not every platform can open a
/// directory (Windows cannot), so failure is ignored: the file data itself
/// was already synced.
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Removes `dir/file_name` durably; a file that is not there is not an error.
pub fn remove(dir: &Path, file_name: &str) -> Result<(), StorageError> {
    let path = dir.join(file_name);
    match retry_held_open(|| fs::remove_file(&path)).map_err(|e| in_a_file(&path, e)) {
        Ok(()) => {
            sync_dir(dir);
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(StorageError::io("remove", &path, e)),
    }
}

/// `e` from a file operation on `path`, told as "not a directory" when it
/// says the file is not found because a folder on its way is a plain file:
/// Unix says so itself, but Windows reports such a path as not found, which
/// would let a data directory that is a file pass for an empty one.
fn in_a_file(path: &Path, e: io::Error) -> io::Error {
    if e.kind() != io::ErrorKind::NotFound {
        return e;
    }
    let first_there = path
        .ancestors()
        .skip(1)
        .find_map(|folder| fs::metadata(folder).ok().map(|m| (folder, m)));
    match first_there {
        Some((folder, meta)) if !meta.is_dir() => io::Error::new(
            io::ErrorKind::NotADirectory,
            format!("{} is not a directory", folder.display()),
        ),
        _ => e,
    }
}

/// What reading a file found.
#[derive(Debug)]
pub(crate) enum FileContents {
    /// There is no such file.
    Missing,
    /// The whole file, at most [`MAX_FILE_BYTES`] long.
    Bytes(Vec<u8>),
    /// The file exists but cannot be read whole: too large, not a regular file
    /// (a directory or a named pipe in its place), or a read error.
    Unreadable(String),
}

/// Reads a whole file, at most [`MAX_FILE_BYTES`] of it. A path that cannot be
/// looked at or opened for a reason other than its absence (an unreadable
/// directory, say) is an error; a file that is there but cannot be read whole
/// is [`FileContents::Unreadable`], for the caller to keep aside.
pub(crate) fn read_file(path: &Path) -> Result<FileContents, StorageError> {
    // Checked before opening: opening a named pipe would wait for a writer.
    match fs::metadata(path).map_err(|e| in_a_file(path, e)) {
        Ok(meta) if !meta.is_file() => {
            return Ok(FileContents::Unreadable("it is not a regular file".into()));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(FileContents::Missing),
        Err(e) => return Err(StorageError::io("open", path, e)),
        Ok(_) => {}
    }
    let file = match File::open(path).map_err(|e| in_a_file(path, e)) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(FileContents::Missing),
        Err(e) => return Err(StorageError::io("open", path, e)),
    };
    let mut bytes = Vec::new();
    match file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes) {
        Ok(n) if n as u64 > MAX_FILE_BYTES => Ok(FileContents::Unreadable(format!(
            "it is larger than {MAX_FILE_BYTES} bytes"
        ))),
        Ok(_) => Ok(FileContents::Bytes(bytes)),
        Err(e) => Ok(FileContents::Unreadable(e.to_string())),
    }
}

/// Renames a file that cannot be used to `<name>.corrupt-<unix time>` (with a
/// `-N` suffix if that name is taken), so the player's data is kept for
/// inspection but no longer read. Returns the new path.
pub(crate) fn keep_aside(path: &Path) -> Result<PathBuf, StorageError> {
    let stamp = unix_now();
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".corrupt-{stamp}"));
    let base = PathBuf::from(name);
    let mut aside = base.clone();
    let mut n = 1;
    while aside.symlink_metadata().is_ok() {
        let mut name = base.as_os_str().to_owned();
        name.push(format!("-{n}"));
        aside = PathBuf::from(name);
        n += 1;
    }
    retry_held_open(|| fs::rename(path, &aside))
        .map_err(|e| StorageError::io("move aside", path, e))?;
    if let Some(dir) = path.parent() {
        sync_dir(dir);
    }
    Ok(aside)
}

/// The names of the files in `dir`, sorted, for tests of what a directory holds.
#[cfg(test)]
pub(crate) fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("new").join("dir");
        write_atomic(&sub, "f.json", b"one").unwrap();
        write_atomic(&sub, "f.json", b"two").unwrap();
        assert_eq!(fs::read(sub.join("f.json")).unwrap(), b"two");
        assert_eq!(file_names(&sub), ["f.json"]);
    }

    /// Seen in a play-test: a data directory that is a link to nowhere said
    /// "File exists". The message names the link and where it points.
    #[cfg(unix)]
    #[test]
    fn a_dangling_link_in_place_of_the_directory_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("data");
        std::os::unix::fs::symlink(dir.path().join("missing"), &link).unwrap();
        let e = write_atomic(&link, "f.json", b"x").unwrap_err().to_string();
        assert!(e.contains("is a symbolic link to"), "{e}");
        assert!(e.contains("missing, which does not exist"), "{e}");
        assert!(!e.contains("File exists"), "{e}");
    }

    /// Found by the hostile run (hostile43): a data directory that is a
    /// file or a loop of symbolic links said "cannot create DIR: File
    /// exists" when its lock was taken. The message names what is in the
    /// way, as the other notes of the same start did.
    #[cfg(unix)]
    #[test]
    fn a_file_or_a_link_loop_in_place_of_the_directory_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("data");
        fs::write(&file, b"x").unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        for (path, why) in [
            (&file, "it is a file, not a directory"),
            (&a, "symbolic links"),
        ] {
            let e = match Lock::try_take(path, "game.json") {
                Err(e) => e.to_string(),
                Ok(_) => panic!("locked in {}", path.display()),
            };
            assert!(e.contains(why), "{e}");
            assert!(!e.contains("File exists"), "{e}");
        }
    }

    /// Seen on a read-only data directory: "cannot create a temporary file
    /// in DIR: Read-only file system (os error 30) at path
    /// \"DIR/.settings.json.4TBcx9.tmp\"". A failed write names the file
    /// the player knows, once, and no random temporary name.
    #[test]
    fn a_failed_write_names_the_file_and_not_its_temporary_one() {
        let dir = tempfile::tempdir().unwrap();
        // Too long a name for the temporary file: its creation fails.
        let name = "n".repeat(250);
        let e = write_atomic(dir.path(), &name, b"x")
            .unwrap_err()
            .to_string();
        let target = dir.path().join(&name).display().to_string();
        assert!(e.starts_with(&format!("cannot write {target}: ")), "{e}");
        assert!(
            !e.contains("at path") && !e.contains(&format!(".{name}.")),
            "{e}"
        );
        assert!(file_names(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn files_are_written_readable_by_their_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        write_atomic(dir.path(), "f.json", b"one").unwrap();
        let mode = fs::metadata(dir.path().join("f.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn a_crash_before_the_rename_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        write_atomic(dir.path(), "f.json", b"old").unwrap();
        let pending = PendingFile::write(dir.path(), "f.json", b"new, complete").unwrap();
        let temp = pending.temp.path().to_path_buf();
        // A crash: the process ends without the rename and without the cleanup.
        std::mem::forget(pending);
        assert_eq!(fs::read(dir.path().join("f.json")).unwrap(), b"old");
        assert_eq!(fs::read(&temp).unwrap(), b"new, complete");
        // The leftover does not disturb the next write or read.
        write_atomic(dir.path(), "f.json", b"newer").unwrap();
        assert_eq!(fs::read(dir.path().join("f.json")).unwrap(), b"newer");
    }

    #[test]
    fn a_crash_mid_save_keeps_the_old_high_scores() {
        use crate::persist::scores::{BoardKey, Entry, Scores};
        let dir = tempfile::tempdir().unwrap();
        let key = BoardKey::new(9, 16, "none", crate::game::Difficulty::Normal).unwrap();
        let entry = |name: &str| Entry::new(name, 10, 10, SystemTime::now(), false).unwrap();
        let mut old = Scores::default();
        old.insert(&key, entry("old"));
        old.save(dir.path()).unwrap();
        let mut new = old.clone();
        new.insert(&key, entry("new"));
        // The new table is written to its temporary file, then the process dies.
        let json = fs::read(dir.path().join("scores.json")).unwrap();
        let text = String::from_utf8(json).unwrap().replace("old", "new");
        std::mem::forget(PendingFile::write(dir.path(), "scores.json", text.as_bytes()).unwrap());
        // Half a temporary file from a crash in the middle of writing it.
        fs::write(
            dir.path().join(".scores.json.99-0.tmp"),
            &text[..text.len() / 2],
        )
        .unwrap();
        assert_eq!(Scores::load(dir.path()).unwrap(), (old, None));
        // The next save goes through and is read back.
        new.save(dir.path()).unwrap();
        assert_eq!(Scores::load(dir.path()).unwrap(), (new, None));
    }

    #[test]
    fn a_lock_is_held_once_and_freed_when_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let Locking::Held(lock) = Lock::try_take(dir.path(), "f.json").unwrap() else {
            panic!("a free lock");
        };
        // Another open file, as another process would have: busy, and who holds it.
        let me = Some(std::process::id());
        match Lock::try_take(dir.path(), "f.json").unwrap() {
            Locking::Busy { pid } if cfg!(unix) => assert_eq!(pid, me),
            Locking::Busy { .. } => {}
            Locking::Held(_) => panic!("taken twice"),
        }
        let err = Lock::wait(dir.path(), "f.json", Duration::ZERO).unwrap_err();
        assert!(matches!(err, StorageError::Busy { .. }), "{err}");
        assert!(
            err.to_string().contains("in use by another lianliankan"),
            "{err}"
        );
        // Another file's lock is another lock.
        assert!(matches!(
            Lock::try_take(dir.path(), "g.json").unwrap(),
            Locking::Held(_)
        ));
        // A lock file left by a process that is gone (here: dropped) is no
        // lock: the system let go of it, whatever pid the file names.
        drop(lock);
        fs::write(dir.path().join("f.json.lock"), b"4000000000\n").unwrap();
        assert!(Lock::wait(dir.path(), "f.json", Duration::ZERO).is_ok());
        assert_eq!(file_names(dir.path()), ["f.json.lock", "g.json.lock"]);
    }

    /// Found by the hostile run: with a named pipe in place of the lock
    /// file, a second game waited for ever, before the terminal was touched,
    /// to read the pid of the first from it. With a directory there, no
    /// lock was taken, and a second game resumed the first one's saved game
    /// and saved over it. Both are locks like a plain file.
    #[cfg(unix)]
    #[test]
    fn a_pipe_or_a_directory_in_place_of_the_lock_file_still_locks() {
        let dir = tempfile::tempdir().unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(dir.path().join("p.json.lock"))
            .status();
        assert!(made.unwrap().success());
        fs::create_dir(dir.path().join("d.json.lock")).unwrap();
        for name in ["p.json", "d.json"] {
            let Locking::Held(held) = Lock::try_take(dir.path(), name).unwrap() else {
                panic!("a free lock");
            };
            let (tx, rx) = std::sync::mpsc::channel();
            let path = dir.path().to_path_buf();
            std::thread::spawn(move || {
                let _ = tx.send(Lock::try_take(&path, name).map(|l| format!("{l:?}")));
            });
            let second = rx.recv_timeout(Duration::from_secs(5));
            let second = second.unwrap_or_else(|_| panic!("{name}: waited for ever"));
            assert_eq!(second.unwrap(), "Busy { pid: None }", "{name}");
            drop(held);
            assert!(matches!(
                Lock::try_take(dir.path(), name).unwrap(),
                Locking::Held(_)
            ));
        }
    }

    /// Found by the hostile run (hostile13): a lock file that is a symlink
    /// to another file (`game.json.lock -> notes.txt`, a hand edit or
    /// another user's trap in a shared directory), or a hard link to one,
    /// had that file emptied and overwritten with the game's pid. The lock
    /// is still taken through it; the pid goes only into a lock file of its
    /// own.
    #[cfg(unix)]
    #[test]
    fn a_lock_file_that_is_a_symlink_leaves_its_target_whole() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("notes.txt");
        fs::write(&target, "precious\n").unwrap();
        std::os::unix::fs::symlink(&target, dir.path().join("f.json.lock")).unwrap();
        fs::hard_link(&target, dir.path().join("g.json.lock")).unwrap();
        for name in ["f.json", "g.json"] {
            let Locking::Held(held) = Lock::try_take(dir.path(), name).unwrap() else {
                panic!("{name}: a free lock");
            };
            assert_eq!(fs::read_to_string(&target).unwrap(), "precious\n", "{name}");
            assert!(matches!(
                Lock::try_take(dir.path(), name).unwrap(),
                Locking::Busy { .. }
            ));
            drop(held);
        }
    }

    #[test]
    fn the_lock_holder_removes_temporary_files_left_by_a_crash() {
        let dir = tempfile::tempdir().unwrap();
        write_atomic(dir.path(), "f.json", b"old").unwrap();
        // Two writes killed before their rename (an old build named them
        // by pid and count), and files that only look alike.
        // The crashed writer's file is left without its handle (a process
        // that is gone holds none; Windows removes no file held open).
        let pending = PendingFile::write(dir.path(), "f.json", b"new").unwrap();
        drop(pending.temp.keep().unwrap());
        let others = [
            ".f.json.tmp",
            ".g.json.1-0.tmp",
            "f.json.1-0.tmp",
            ".f.json.1-0.txt",
        ];
        for name in [".f.json.4000000000-0.tmp"].iter().chain(&others) {
            fs::write(dir.path().join(name), b"x").unwrap();
        }
        assert_eq!(file_names(dir.path()).len(), 7);
        let Locking::Held(lock) = Lock::try_take(dir.path(), "f.json").unwrap() else {
            panic!("a free lock");
        };
        lock.remove_stale_temps();
        let mut left = vec!["f.json", "f.json.lock"];
        left.extend(others);
        left.sort();
        assert_eq!(file_names(dir.path()), left);
        assert_eq!(fs::read(dir.path().join("f.json")).unwrap(), b"old");
    }

    #[test]
    fn an_abandoned_write_removes_its_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        drop(PendingFile::write(dir.path(), "f.json", b"x").unwrap());
        assert!(file_names(dir.path()).is_empty());
    }

    /// A rename that fails for good (here a directory in the file's place)
    /// is told once, naming the file, and takes its temporary file with it.
    #[test]
    fn a_refused_rename_names_the_file_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("f.json")).unwrap();
        fs::write(dir.path().join("f.json").join("inside"), b"x").unwrap();
        let e = write_atomic(dir.path(), "f.json", b"new")
            .unwrap_err()
            .to_string();
        let target = dir.path().join("f.json").display().to_string();
        assert!(e.starts_with(&format!("cannot replace {target}: ")), "{e}");
        assert_eq!(file_names(dir.path()), ["f.json"]);
    }

    #[test]
    fn failed_writes_are_errors_naming_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain");
        fs::write(&file, b"").unwrap();
        let err = write_atomic(&file, "f.json", b"x").unwrap_err();
        assert!(err.to_string().contains("plain"), "{err}");
    }

    #[test]
    fn reading_tells_missing_from_unreadable() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        assert!(matches!(read_file(&path).unwrap(), FileContents::Missing));
        fs::create_dir(&path).unwrap();
        assert!(matches!(
            read_file(&path).unwrap(),
            FileContents::Unreadable(_)
        ));
        fs::remove_dir(&path).unwrap();
        fs::write(&path, vec![b' '; MAX_FILE_BYTES as usize + 1]).unwrap();
        assert!(matches!(
            read_file(&path).unwrap(),
            FileContents::Unreadable(_)
        ));
        #[cfg(unix)]
        {
            fs::remove_file(&path).unwrap();
            let made = std::process::Command::new("mkfifo").arg(&path).status();
            assert!(made.unwrap().success());
            assert!(matches!(
                read_file(&path).unwrap(),
                FileContents::Unreadable(_)
            ));
        }
        // A data directory that is a plain file cannot be opened at all.
        let file = dir.path().join("file");
        fs::write(&file, b"").unwrap();
        let err = read_file(&file.join("scores.json")).unwrap_err();
        assert!(matches!(err, StorageError::Io { .. }), "{err}");
    }

    /// Windows reports a path through a plain file as not found; the
    /// data directory that is a file must still be told, not taken for a
    /// first start (Unix reports "Not a directory" itself).
    #[test]
    fn not_found_through_a_plain_file_is_not_a_directory() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        fs::write(&file, b"").unwrap();
        let windows_says = || io::Error::from(io::ErrorKind::NotFound);
        for path in [file.join("scores.json"), file.join("deeper").join("x.json")] {
            let e = in_a_file(&path, windows_says());
            assert_eq!(e.kind(), io::ErrorKind::NotADirectory, "{e}");
            assert!(e.to_string().contains("file is not a directory"), "{e}");
        }
        // Not found in a directory that is there, or in one not made yet:
        // missing indeed. Other errors pass unchanged.
        for path in [
            dir.path().join("x.json"),
            dir.path().join("new").join("x.json"),
        ] {
            assert_eq!(
                in_a_file(&path, windows_says()).kind(),
                io::ErrorKind::NotFound
            );
        }
        let denied = io::Error::from(io::ErrorKind::PermissionDenied);
        assert_eq!(
            in_a_file(&file.join("x"), denied).kind(),
            io::ErrorKind::PermissionDenied
        );
    }

    #[test]
    fn kept_aside_files_get_distinct_names() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.json");
        fs::write(&path, b"1").unwrap();
        let first = keep_aside(&path).unwrap();
        fs::write(&path, b"2").unwrap();
        let second = keep_aside(&path).unwrap();
        assert_ne!(first, second);
        assert!(!path.exists());
        assert_eq!(fs::read(&first).unwrap(), b"1");
        assert_eq!(fs::read(&second).unwrap(), b"2");
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("f.json.corrupt-"), "{name}");
    }

    #[test]
    fn remove_is_quiet_about_missing_files() {
        let dir = tempfile::tempdir().unwrap();
        remove(dir.path(), "f.json").unwrap();
        write_atomic(dir.path(), "f.json", b"x").unwrap();
        remove(dir.path(), "f.json").unwrap();
        assert!(file_names(dir.path()).is_empty());
    }

    #[test]
    fn errors_escape_control_characters() {
        let err = StorageError::io("open", Path::new("/x\x07"), io::Error::other("bad"));
        assert!(!err.to_string().contains('\x07'), "{err}");
        assert!(err.to_string().contains("\\u{7}"), "{err}");
    }
}
