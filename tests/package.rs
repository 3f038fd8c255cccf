//! What `cargo package` would publish: the sources, the themes compiled into
//! the binary, the tests, benchmarks and examples, the README and the
//! licence, and nothing else (no build output, no saved games or temporary
//! files a run left behind).

use std::fs;
use std::path::Path;
use std::process::Command;

/// The files of the package, as `cargo package --list` prints them.
fn package_list() -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["package", "--list", "--allow-dirty", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Every file under `dir` (relative to the crate root, with `/`).
fn files_under(dir: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pending = vec![root.join(dir)];
    let mut files = Vec::new();
    while let Some(path) = pending.pop() {
        for entry in fs::read_dir(&path).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path.strip_prefix(root).unwrap();
                let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
                files.push(parts.join("/"));
            }
        }
    }
    files
}

#[test]
fn the_package_holds_the_sources_assets_readme_and_licence_and_nothing_else() {
    let list = package_list();
    for must in ["Cargo.toml", "Cargo.lock", "README.md", "LICENSE"] {
        assert!(list.iter().any(|f| f == must), "{must} missing: {list:?}");
    }
    for dir in ["src", "assets"] {
        for file in files_under(dir) {
            assert!(list.contains(&file), "{file} missing from the package");
        }
    }
    assert!(
        list.iter()
            .any(|f| f.starts_with("assets/") && f.ends_with(".theme"))
    );
    let allowed = ["src/", "assets/", "tests/", "benches/", "examples/"];
    let cargo_own = [".cargo_vcs_info.json", "Cargo.toml.orig"];
    for file in list.iter().filter(|f| !cargo_own.contains(&f.as_str())) {
        let top = ["Cargo.toml", "Cargo.lock", "README.md", "LICENSE"].contains(&file.as_str());
        let listed = allowed.iter().any(|dir| file.starts_with(dir));
        assert!(top || listed, "{file} should not be published");
        for junk in [".tmp", ".corrupt-", ".json", "target/", ".orig."] {
            assert!(!file.contains(junk), "{file} looks like output of a run");
        }
    }
}
