//! The README's screenshots (`assets/*.svg`) are what the renderer draws:
//! each scene is drawn again and compared with the committed picture.

#[path = "support/scenes.rs"]
mod scenes;
#[path = "support/svg.rs"]
mod svg;

#[test]
fn the_screenshots_are_what_the_renderer_draws() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).expect("README");
    for scene in scenes::scenes() {
        let name = format!("assets/{}.svg", scene.name);
        let committed = std::fs::read_to_string(format!("{root}/{name}"))
            .unwrap_or_else(|e| panic!("{name}: {e}; run `cargo run --example screenshots`"));
        let drawn = svg::to_svg(&scene.render());
        assert!(
            committed == drawn,
            "{name} is not what the renderer draws now: run `cargo run --example screenshots` \
             and look at the pictures before committing them"
        );
        assert!(
            readme.contains(&format!("]({name})")),
            "the README shows {name}"
        );
    }
}

/// The pictures keep the renderer's colours and every symbol, wide ones
/// across two cells.
#[test]
fn a_picture_holds_the_colours_and_symbols_of_the_screen() {
    let scene = scenes::scenes().remove(0);
    let buf = scene.render();
    let svg = svg::to_svg(&buf);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(
        svg.contains(r#"width="1200" height="800""#),
        "120 x 40 cells"
    );
    // The tile face (256-colour ivory) and the table green are there.
    assert!(svg.contains("#ffffd7"), "the face");
    assert!(
        svg.contains("#005f00") || svg.contains("#005f5f"),
        "the table"
    );
    let symbols: Vec<&str> = buf
        .content
        .iter()
        .map(|c| c.symbol())
        .filter(|s| !s.trim().is_empty())
        .collect();
    for s in symbols {
        let escaped = s
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert!(svg.contains(&format!(">{escaped}</text>")), "{s}");
    }
}
