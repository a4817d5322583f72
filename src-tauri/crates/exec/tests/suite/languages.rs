use oi_exec::{Language, available_languages, canonical_language};
use pretty_assertions::assert_eq;

#[test]
fn aliases_map_to_canonical_languages() {
    for (alias, language) in [
        ("sh", Language::Shell),
        ("bash", Language::Shell),
        ("shell", Language::Shell),
        ("zsh", Language::Shell),
        ("py", Language::Python),
        ("python3", Language::Python),
        ("Python", Language::Python),
        ("js", Language::JavaScript),
        ("node", Language::JavaScript),
        ("javascript", Language::JavaScript),
        ("r", Language::R),
        ("R", Language::R),
        ("ruby", Language::Ruby),
        ("pwsh", Language::PowerShell),
        ("applescript", Language::AppleScript),
    ] {
        assert_eq!(canonical_language(alias), Some(language), "{alias}");
    }
    assert_eq!(canonical_language("cobol"), None);
}

#[test]
fn available_languages_lists_every_language_with_its_interpreter() {
    let languages = available_languages();
    assert_eq!(languages.len(), 7);
    let shell = languages
        .iter()
        .find(|info| info.language == Language::Shell)
        .unwrap();
    assert!(shell.installed && shell.persistent && shell.program.is_some());
    let python = languages.iter().find(|info| info.name == "python").unwrap();
    assert!(python.installed && python.persistent);
    let ruby = languages
        .iter()
        .find(|info| info.language == Language::Ruby)
        .unwrap();
    assert!(!ruby.persistent);
    assert_eq!(ruby.installed, ruby.program.is_some());
}
