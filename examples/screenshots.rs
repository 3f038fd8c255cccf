//! Writes the README's screenshots, `assets/*.svg`, from the real renderer:
//! `cargo run --example screenshots`. `tests/screenshots.rs` fails when a
//! committed one differs from what the renderer draws now.

#[path = "../tests/support/scenes.rs"]
mod scenes;
#[path = "../tests/support/svg.rs"]
mod svg;

fn main() -> std::io::Result<()> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    for scene in scenes::scenes() {
        let path = dir.join(format!("{}.svg", scene.name));
        std::fs::write(&path, svg::to_svg(&scene.render()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
