//! Rendering findings for people: rustc-style source snippets via annotate-snippets.

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};

use super::{Diagnostic, Severity, SourceLines};

/// How to draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    pub colour: bool,
}

/// Renders one finding: header with `file:line:col`, the offending line with the columns marked
/// and labelled with what was expected, then the notes.
pub fn render(path: &str, source: Option<&dyn SourceLines>, diagnostic: &Diagnostic, style: Style) -> String {
    let level = match diagnostic.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    };
    let title = level.primary_title(diagnostic.message.as_str()).id(diagnostic.code.id());
    let label = diagnostic.expected.as_ref().map(|e| format!("expected {e}"));
    let line = diagnostic.span.as_ref().and_then(|span| Some((span, source?.line_text(span.line)?)));
    let mut group = match line {
        Some((span, text)) => {
            let start = source.map_or(0, |source| source.byte_of_column(span.line, span.column));
            let end = source.map_or(0, |source| source.byte_of_column(span.line, span.end_column)).max(start);
            // An empty range (a column past the end of a short line) still gets a caret.
            let range = if end > start { start..end } else { start..start };
            let mut annotation = AnnotationKind::Primary.span(range);
            if let Some(label) = &label {
                annotation = annotation.label(label.as_str());
            }
            Group::with_title(title)
                .element(Snippet::source(text).line_start(span.line).path(path).annotation(annotation))
        }
        None => {
            let mut origin = Origin::path(path);
            if let Some(span) = &diagnostic.span {
                origin = origin.line(span.line).char_column(span.column);
            }
            let group = Group::with_title(title).element(origin);
            match &label {
                Some(label) => group.element(Level::HELP.message(label.as_str())),
                None => group,
            }
        }
    };
    for note in &diagnostic.notes {
        group = group.element(Level::NOTE.message(note.as_str()));
    }
    let renderer = if style.colour { Renderer::styled() } else { Renderer::plain() };
    renderer.render(&[group])
}

/// One line per finding: `file:line:col: error[code]: message (expected …)`, for logs and watch.
pub fn render_short(path: &str, diagnostic: &Diagnostic) -> String {
    let severity = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    let place = match &diagnostic.span {
        Some(span) => format!("{path}:{}:{}", span.line, span.column),
        None => path.to_owned(),
    };
    let expected = diagnostic.expected.as_ref().map(|e| format!(" (expected {e})")).unwrap_or_default();
    format!("{place}: {severity}[{}]: {}{expected}", diagnostic.code.id(), diagnostic.message)
}
