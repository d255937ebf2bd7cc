//! A chart as data (title, axes, series) and its drawing as SVG and PNG with plotters.

use anyhow::{anyhow, Context, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// What kind of chart: lines over a numeric x axis, or (stacked) bars over categories.
#[derive(Debug, Clone, PartialEq)]
pub enum Axis {
    /// Numeric x values (e.g. a swept parameter).
    Numeric,
    /// Named categories, in order; series values stack on each other.
    Categories(Vec<String>),
}

/// One series: a name for the legend and its (x, y) points; for categories, x is the
/// category's index.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Legend entry.
    pub name: String,
    /// Points, in x order.
    pub points: Vec<(f64, f64)>,
}

/// A chart ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// File stem of the chart's files.
    pub name: String,
    /// Caption.
    pub title: String,
    /// Description of the x axis.
    pub x_label: String,
    /// Description of the y axis.
    pub y_label: String,
    /// The x axis.
    pub axis: Axis,
    /// The series drawn.
    pub series: Vec<Series>,
}

const SIZE: (u32, u32) = (900, 560);

/// An axis value for people: whole numbers without a fraction, others to 3 digits.
fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{}", (v * 1000.0).round() / 1000.0)
    }
}

/// Makes the DejaVu Sans font (Debian's fonts-dejavu-core) plotters' sans-serif font.
pub fn load_font() -> Result<()> {
    const PATHS: [&str; 2] = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    ];
    let path = PATHS
        .iter()
        .find(|p| Path::new(p).is_file())
        .ok_or_else(|| {
            anyhow!(
                "no font for chart text: install fonts-dejavu-core ({} missing)",
                PATHS[0]
            )
        })?;
    let bytes: &'static [u8] = Box::leak(std::fs::read(path)?.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, bytes)
        .map_err(|_| anyhow!("{path} is not a usable font"))
}

/// The legend box of a chart: one entry per labelled series, top right.
fn draw_legend<'a, B: DrawingBackend + 'a, C: CoordTranslate>(
    chart: &mut ChartContext<'a, B, C>,
) -> Result<(), DrawingAreaErrorKind<B::ErrorType>> {
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .draw()
}

impl Chart {
    /// Writes `<dir>/<name>.svg` and `<dir>/<name>.png`.
    pub fn write(&self, dir: &Path) -> Result<()> {
        let svg = dir.join(format!("{}.svg", self.name));
        self.draw(SVGBackend::new(&svg, SIZE).into_drawing_area())
            .with_context(|| format!("cannot draw {}", svg.display()))?;
        let png = dir.join(format!("{}.png", self.name));
        self.draw(BitMapBackend::new(&png, SIZE).into_drawing_area())
            .with_context(|| format!("cannot draw {}", png.display()))?;
        Ok(())
    }

    fn draw<B: DrawingBackend>(&self, area: DrawingArea<B, Shift>) -> Result<()>
    where
        B::ErrorType: 'static,
    {
        area.fill(&WHITE).map_err(|e| anyhow!("{e}"))?;
        match &self.axis {
            Axis::Numeric => self.draw_lines(&area),
            Axis::Categories(names) => self.draw_bars(&area, names),
        }
        .map_err(|e| anyhow!("{e}"))?;
        area.present().map_err(|e| anyhow!("{e}"))
    }

    fn y_range(&self, stacked: bool) -> (f64, f64) {
        let top = if stacked {
            let mut sums: Vec<f64> = Vec::new();
            for s in &self.series {
                for &(x, y) in &s.points {
                    let i = x as usize;
                    if sums.len() <= i {
                        sums.resize(i + 1, 0.0);
                    }
                    sums[i] += y;
                }
            }
            sums.into_iter().fold(0.0, f64::max)
        } else {
            self.series
                .iter()
                .flat_map(|s| s.points.iter().map(|p| p.1))
                .fold(0.0, f64::max)
        };
        (0.0, if top > 0.0 { top * 1.1 } else { 1.0 })
    }

    fn draw_lines<B: DrawingBackend>(
        &self,
        area: &DrawingArea<B, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<B::ErrorType>> {
        let xs = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0));
        let (lo, hi) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        let (lo, hi) = if lo < hi {
            (lo, hi)
        } else {
            (lo - 1.0, lo + 1.0)
        };
        let pad = (hi - lo) * 0.05;
        let (y0, y1) = self.y_range(false);
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(72)
            .build_cartesian_2d(lo - pad..hi + pad, y0..y1)?;
        chart
            .configure_mesh()
            .x_label_formatter(&|v| number(*v))
            .y_label_formatter(&|v| number(*v))
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .draw()?;
        for (i, s) in self.series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().copied(),
                    color.stroke_width(2),
                ))?
                .label(&s.name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                });
            chart.draw_series(s.points.iter().map(|&p| Circle::new(p, 3, color.filled())))?;
        }
        draw_legend(&mut chart)
    }

    fn draw_bars<B: DrawingBackend>(
        &self,
        area: &DrawingArea<B, Shift>,
        names: &[String],
    ) -> Result<(), DrawingAreaErrorKind<B::ErrorType>> {
        let (y0, y1) = self.y_range(true);
        let n = names.len().max(1);
        // Long names that would overlap are drawn upright; with many categories only
        // every `step`-th is named.
        let longest = names.iter().map(|s| s.chars().count()).max().unwrap_or(1);
        let step = n.div_ceil(32);
        let upright = n.div_ceil(step) * (longest * 7 + 8) > 800;
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(if upright { 40 + 7 * longest as u32 } else { 48 })
            .y_label_area_size(72)
            // An integer range includes its end: n - 1 gives n segments (a range of one
            // value has no width, so one category gets an empty second segment).
            .build_cartesian_2d((0..(n - 1).max(1)).into_segmented(), y0..y1)?;
        let label = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(i) if i % step == 0 => {
                names.get(*i).cloned().unwrap_or_default()
            }
            _ => String::new(),
        };
        let font = ("sans-serif", 12).into_font();
        let style = if upright {
            font.transform(FontTransform::Rotate90)
        } else {
            font
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&label)
            .x_label_style(style)
            .y_label_formatter(&|v| number(*v))
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .draw()?;
        let mut base = vec![0.0; n];
        for (i, s) in self.series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            let bars: Vec<Rectangle<(SegmentValue<usize>, f64)>> = s
                .points
                .iter()
                .map(|&(x, y)| {
                    let c = x as usize;
                    let bottom = base[c];
                    base[c] += y;
                    let mut bar = Rectangle::new(
                        [
                            (SegmentValue::Exact(c), bottom),
                            (SegmentValue::Exact(c + 1), bottom + y),
                        ],
                        color.filled(),
                    );
                    bar.set_margin(0, 0, 3, 3);
                    bar
                })
                .collect();
            chart
                .draw_series(bars)?
                .label(&s.name)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled())
                });
        }
        draw_legend(&mut chart)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws `chart`, checks the PNG's signature and returns the parsed SVG's text.
    fn svg_of(chart: &Chart) -> String {
        load_font().unwrap();
        let dir = tempfile::tempdir().unwrap();
        chart.write(dir.path()).unwrap();
        let png = std::fs::read(dir.path().join(format!("{}.png", chart.name))).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        std::fs::read_to_string(dir.path().join(format!("{}.svg", chart.name))).unwrap()
    }

    fn assert_texts<'a>(doc: &roxmltree::Document, expected: impl IntoIterator<Item = &'a str>) {
        let texts: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| n.text().unwrap_or("").trim())
            .collect();
        for e in expected {
            assert!(texts.contains(&e), "{e} missing in {texts:?}");
        }
    }

    /// Elements `tag` whose attribute `paint` is the colour of series `series`.
    fn count(doc: &roxmltree::Document, tag: &str, paint: &str, series: usize) -> usize {
        let c = Palette99::pick(series).to_rgba();
        let color = format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
        doc.descendants()
            .filter(|n| n.has_tag_name(tag))
            .filter(|n| {
                n.attribute(paint)
                    .is_some_and(|v| v.eq_ignore_ascii_case(&color))
            })
            .count()
    }

    #[test]
    fn a_line_chart_has_its_axes_and_one_line_per_series() {
        let chart = Chart {
            name: "t".into(),
            title: "Kernel time".into(),
            x_label: "gpu.l2.size_bytes".into(),
            y_label: "time (µs)".into(),
            axis: Axis::Numeric,
            series: (0..3)
                .map(|s| Series {
                    name: format!("series {s}"),
                    points: vec![(1.0, s as f64), (2.0, 2.0 * s as f64), (4.0, 3.0)],
                })
                .collect(),
        };
        let svg = svg_of(&chart);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_texts(
            &doc,
            [
                "Kernel time",
                "gpu.l2.size_bytes",
                "time (µs)",
                "series 0",
                "series 2",
            ],
        );
        for s in 0..3 {
            assert_eq!(
                count(&doc, "polyline", "stroke", s),
                2,
                "series {s}: line and legend"
            );
            assert_eq!(
                count(&doc, "circle", "fill", s),
                3,
                "series {s}: a mark per point"
            );
        }
    }

    #[test]
    fn a_bar_chart_has_a_label_per_category_and_a_bar_per_value() {
        let names: Vec<String> = ["l1v", "l2", "l1tlb", "dram"].map(String::from).to_vec();
        let chart = Chart {
            name: "b".into(),
            title: "Mix".into(),
            x_label: "level".into(),
            y_label: "count".into(),
            axis: Axis::Categories(names.clone()),
            series: (0..2)
                .map(|s| Series {
                    name: format!("kind {s}"),
                    points: (0..4).map(|i| (i as f64, 1.0 + i as f64)).collect(),
                })
                .collect(),
        };
        let svg = svg_of(&chart);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let labels = names.iter().map(String::as_str);
        assert_texts(&doc, labels.chain(["level", "count", "kind 0", "kind 1"]));
        for s in 0..2 {
            assert_eq!(
                count(&doc, "rect", "fill", s),
                4 + 1,
                "series {s}: bars and legend"
            );
        }
    }
}
