//! The metrics report as a file: rows of (location, what, value, unit), written as JSON
//! (an array of row objects) or CSV (header `location,what,value,unit`).

use super::Metric;
use std::fmt::Write as _;
use std::path::Path;

/// The formats the report can be written in, chosen by the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    /// An array of `{"location", "what", "value", "unit"}` objects.
    Json,
    /// Comma-separated values with the header `location,what,value,unit`.
    Csv,
}

impl ReportFormat {
    /// The format a path's extension asks for (`.json` or `.csv`), if any.
    pub fn of_path(path: &Path) -> Option<ReportFormat> {
        match path.extension()?.to_str()? {
            "json" => Some(ReportFormat::Json),
            "csv" => Some(ReportFormat::Csv),
            _ => None,
        }
    }
}

/// `rows` as the text of a report in `format`, one row per line, in the given order.
pub fn render(rows: &[Metric], format: ReportFormat) -> String {
    let mut out = String::new();
    match format {
        ReportFormat::Json => {
            out.push_str("[\n");
            for (i, row) in rows.iter().enumerate() {
                let _ = write!(
                    out,
                    "  {{\"location\": {}, \"what\": {}, \"value\": {}, \"unit\": {}}}",
                    json_string(&row.location),
                    json_string(&row.what),
                    json_number(row.value),
                    json_string(row.unit),
                );
                out.push_str(if i + 1 < rows.len() { ",\n" } else { "\n" });
            }
            out.push_str("]\n");
        }
        ReportFormat::Csv => {
            out.push_str("location,what,value,unit\n");
            for row in rows {
                let _ = writeln!(
                    out,
                    "{},{},{},{}",
                    csv_field(&row.location),
                    csv_field(&row.what),
                    number(row.value),
                    csv_field(row.unit),
                );
            }
        }
    }
    out
}

/// A number as text: whole numbers without a fraction, others with enough digits to
/// read back the same value.
fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 9.007_199_254_740_992e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

/// A number as JSON (which has no NaN or infinity: those become `null`).
pub(super) fn json_number(value: f64) -> String {
    if value.is_finite() {
        number(value)
    } else {
        "null".into()
    }
}

/// `text` as a JSON string literal.
pub(super) fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `text` as one CSV field (RFC 4180): quoted when it holds a comma, quote or line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(location: &str, what: &str, value: f64, unit: &'static str) -> Metric {
        Metric {
            location: location.into(),
            what: what.into(),
            value,
            unit,
        }
    }

    #[test]
    fn json_is_an_array_of_row_objects_in_order() {
        let rows = [
            row("gpu0.launch0.fir", "duration", 1250.0, "ns"),
            row("total", "average \"x\"", 0.5, "ns"),
            row("a\\b", "bad", f64::NAN, "count"),
        ];
        assert_eq!(
            render(&rows, ReportFormat::Json),
            "[\n  {\"location\": \"gpu0.launch0.fir\", \"what\": \"duration\", \"value\": 1250, \"unit\": \"ns\"},\n  \
             {\"location\": \"total\", \"what\": \"average \\\"x\\\"\", \"value\": 0.5, \"unit\": \"ns\"},\n  \
             {\"location\": \"a\\\\b\", \"what\": \"bad\", \"value\": null, \"unit\": \"count\"}\n]\n"
        );
        assert_eq!(render(&[], ReportFormat::Json), "[\n]\n");
    }

    #[test]
    fn csv_has_the_header_and_quotes_fields_that_need_it() {
        let rows = [
            row("gpu0.launch0.fir", "wavefronts", 64.0, "count"),
            row("a,b", "say \"hi\"", 2.25, "ns"),
        ];
        assert_eq!(
            render(&rows, ReportFormat::Csv),
            "location,what,value,unit\ngpu0.launch0.fir,wavefronts,64,count\n\
             \"a,b\",\"say \"\"hi\"\"\",2.25,ns\n"
        );
    }

    #[test]
    fn format_follows_the_extension() {
        assert_eq!(
            ReportFormat::of_path(Path::new("/tmp/r.json")),
            Some(ReportFormat::Json)
        );
        assert_eq!(
            ReportFormat::of_path(Path::new("r.csv")),
            Some(ReportFormat::Csv)
        );
        assert_eq!(ReportFormat::of_path(Path::new("r.txt")), None);
    }

    #[test]
    fn large_counts_keep_every_digit() {
        assert_eq!(number(123_456_789_012.0), "123456789012");
        assert_eq!(json_number(f64::INFINITY), "null");
    }
}
