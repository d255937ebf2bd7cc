//! The merged table of a sweep: one row per report row of every point (a point that
//! failed or has not run: one row with its status), with the point's parameters as
//! columns. Written as CSV and Parquet.

use super::point::{recorded, REPORT};
use super::spec::Sweep;
use anyhow::{Context, Result};
use parquet::basic::{LogicalType, Repetition, Type as PhysicalType};
use parquet::data_type::{ByteArray, ByteArrayType, DoubleType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;
use serde::Deserialize;
use std::path::Path;
use std::sync::Arc;

/// One row of a metrics report.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ReportRow {
    /// Where it was measured, e.g. `gpu0.launch0.fir`.
    pub location: String,
    /// What was measured, e.g. `duration`.
    pub what: String,
    /// The value (null in the file when not a finite number).
    pub value: Option<f64>,
    /// Its unit.
    pub unit: String,
}

/// Reads a metrics report written as JSON.
pub fn read_report(path: &Path) -> Result<Vec<ReportRow>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read report {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("report {} is not valid", path.display()))
}

/// The merged table in memory.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// Column names: point, command, the parameters, status, exit_code, message,
    /// location, what, value, unit.
    pub columns: Vec<String>,
    /// Rows, each a cell per column (empty = missing).
    pub rows: Vec<Vec<String>>,
}

/// The fixed columns after the parameters.
const TAIL: [&str; 7] = [
    "status",
    "exit_code",
    "message",
    "location",
    "what",
    "value",
    "unit",
];

impl Table {
    /// Gathers every point's outcome and report.
    pub fn gather(sweep: &Sweep) -> Result<Table> {
        let mut columns = vec!["point".to_string(), "command".to_string()];
        columns.extend(sweep.parameters.iter().cloned());
        columns.extend(TAIL.iter().map(|c| c.to_string()));
        let mut rows = Vec::new();
        for point in &sweep.points {
            let folder = sweep.point_folder(point);
            let mut head = vec![point.id.clone(), point.command.clone()];
            head.extend(point.values.iter().cloned());
            let outcome = recorded(&folder);
            let (status, code, message) = match &outcome {
                Some(o) => (
                    o.status.clone(),
                    o.exit_code.map_or(String::new(), |c| c.to_string()),
                    o.message.clone(),
                ),
                None => ("not run".into(), String::new(), String::new()),
            };
            let report = match &outcome {
                Some(o) if o.is_ok() => read_report(&folder.join(REPORT))?,
                _ => Vec::new(),
            };
            let mut cells = head.clone();
            cells.extend([status.clone(), code.clone(), message.clone()]);
            if report.is_empty() {
                cells.extend([String::new(), String::new(), String::new(), String::new()]);
                rows.push(cells);
            }
            for r in report {
                let mut cells = head.clone();
                cells.extend([
                    status.clone(),
                    code.clone(),
                    message.clone(),
                    r.location,
                    r.what,
                    r.value.map_or(String::new(), number),
                    r.unit,
                ]);
                rows.push(cells);
            }
        }
        Ok(Table { columns, rows })
    }

    /// The table as CSV (RFC 4180 quoting).
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        for line in std::iter::once(&self.columns).chain(&self.rows) {
            let cells: Vec<String> = line.iter().map(|c| csv_field(c)).collect();
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        out
    }

    /// Reads a table written by [`Table::to_csv`].
    pub fn from_csv(text: &str) -> Result<Table> {
        let mut lines = parse_csv(text).into_iter();
        let columns = lines.next().context("the table is empty")?;
        let rows: Vec<Vec<String>> = lines.collect();
        if let Some(bad) = rows.iter().position(|r| r.len() != columns.len()) {
            anyhow::bail!(
                "row {} has {} cells, the header {}",
                bad + 2,
                rows[bad].len(),
                columns.len()
            );
        }
        Ok(Table { columns, rows })
    }

    /// The index of a column.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }

    /// Writes the table as Parquet: `value` a double, `exit_code` an int32, parameters
    /// whose values are all whole numbers int64, every other column a string; empty
    /// cells are nulls.
    pub fn write_parquet(&self, path: &Path) -> Result<()> {
        let kinds: Vec<Kind> = (0..self.columns.len()).map(|i| self.kind(i)).collect();
        let fields = self
            .columns
            .iter()
            .zip(&kinds)
            .map(|(name, kind)| {
                let (physical, logical) = match kind {
                    Kind::Text => (PhysicalType::BYTE_ARRAY, Some(LogicalType::String)),
                    Kind::Double => (PhysicalType::DOUBLE, None),
                    Kind::Int32 => (PhysicalType::INT32, None),
                    Kind::Int64 => (PhysicalType::INT64, None),
                };
                Type::primitive_type_builder(name, physical)
                    .with_repetition(Repetition::OPTIONAL)
                    .with_logical_type(logical)
                    .build()
                    .map(Arc::new)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let schema = Arc::new(
            Type::group_type_builder("gcnsim_sweep")
                .with_fields(fields)
                .build()?,
        );
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        let mut writer =
            SerializedFileWriter::new(file, schema, Arc::new(WriterProperties::builder().build()))?;
        let mut group = writer.next_row_group()?;
        let mut index = 0;
        while let Some(mut column) = group.next_column()? {
            let cells: Vec<&str> = self.rows.iter().map(|r| r[index].as_str()).collect();
            let levels: Vec<i16> = cells.iter().map(|c| i16::from(!c.is_empty())).collect();
            let present = cells.iter().filter(|c| !c.is_empty());
            match kinds[index] {
                Kind::Text => {
                    let values: Vec<ByteArray> = present.map(|c| ByteArray::from(*c)).collect();
                    column
                        .typed::<ByteArrayType>()
                        .write_batch(&values, Some(&levels), None)?;
                }
                Kind::Double => {
                    let values: Vec<f64> = present.map(|c| c.parse().unwrap_or(f64::NAN)).collect();
                    column
                        .typed::<DoubleType>()
                        .write_batch(&values, Some(&levels), None)?;
                }
                Kind::Int32 => {
                    let values: Vec<i32> = present.map(|c| c.parse().unwrap_or(0)).collect();
                    column
                        .typed::<Int32Type>()
                        .write_batch(&values, Some(&levels), None)?;
                }
                Kind::Int64 => {
                    let values: Vec<i64> = present.map(|c| c.parse().unwrap_or(0)).collect();
                    column
                        .typed::<Int64Type>()
                        .write_batch(&values, Some(&levels), None)?;
                }
            }
            column.close()?;
            index += 1;
        }
        group.close()?;
        writer.close()?;
        Ok(())
    }

    fn kind(&self, index: usize) -> Kind {
        match self.columns[index].as_str() {
            "value" => Kind::Double,
            "exit_code" => Kind::Int32,
            "point" | "command" | "status" | "message" | "location" | "what" | "unit" => Kind::Text,
            _ if self
                .rows
                .iter()
                .all(|r| r[index].is_empty() || r[index].parse::<i64>().is_ok()) =>
            {
                Kind::Int64
            }
            _ => Kind::Text,
        }
    }
}

/// How a column is stored in Parquet.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Text,
    Double,
    Int32,
    Int64,
}

/// A number as the report writes it: whole numbers without a fraction.
fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Splits CSV text into rows of fields (quoted fields may hold commas, quotes, newlines).
pub fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, '\r') => {}
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use parquet::file::reader::{FileReader, SerializedFileReader};

    fn table() -> Table {
        let mut columns: Vec<String> = ["point", "command", "gpu.l2.size_bytes"]
            .map(String::from)
            .to_vec();
        columns.extend(TAIL.map(String::from));
        Table {
            columns,
            rows: vec![
                [
                    "a-1",
                    "fir",
                    "65536",
                    "ok",
                    "0",
                    "",
                    "gpu0.launch0.fir",
                    "duration",
                    "1234.5",
                    "ns",
                ]
                .map(String::from)
                .to_vec(),
                [
                    "b-2",
                    "fir",
                    "131072",
                    "failed",
                    "3",
                    "exit status 3, \"bad\"",
                    "",
                    "",
                    "",
                    "",
                ]
                .map(String::from)
                .to_vec(),
            ],
        }
    }

    #[test]
    fn csv_round_trips_with_quoting() {
        let t = table();
        let text = t.to_csv();
        assert!(text.contains("\"exit status 3, \"\"bad\"\"\""), "{text}");
        assert_eq!(Table::from_csv(&text).unwrap(), t);
    }

    #[test]
    fn parquet_holds_every_cell_with_types_and_nulls() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.parquet");
        table().write_parquet(&path).unwrap();
        let reader = SerializedFileReader::new(std::fs::File::open(&path).unwrap()).unwrap();
        assert_eq!(reader.metadata().file_metadata().num_rows(), 2);
        let rows: Vec<String> = reader
            .get_row_iter(None)
            .unwrap()
            .map(|r| r.unwrap().to_string())
            .collect();
        assert_eq!(
            rows[0],
            "{point: \"a-1\", command: \"fir\", gpu.l2.size_bytes: 65536, status: \"ok\", \
             exit_code: 0, message: null, location: \"gpu0.launch0.fir\", what: \"duration\", \
             value: 1234.5, unit: \"ns\"}"
        );
        assert!(
            rows[1].contains("exit_code: 3") && rows[1].contains("value: null"),
            "{}",
            rows[1]
        );
    }
}
