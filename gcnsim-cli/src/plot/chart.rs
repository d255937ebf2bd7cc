//! A chart as data (title, axes, series) and its drawing as SVG and PNG with plotters.

use super::heat_map;
use anyhow::{anyhow, Context, Result};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// What kind of chart: lines over a numeric x axis, (stacked) bars over categories, or a
/// heat map with a lane per series.
#[derive(Debug, Clone, PartialEq)]
pub enum Axis {
    /// Numeric x values (e.g. a swept parameter); either axis may be logarithmic (points
    /// at or below zero are then left out, and the axis label says how many).
    Numeric {
        /// A logarithmic x axis.
        log_x: bool,
        /// A logarithmic y axis.
        log_y: bool,
    },
    /// Named categories, in order; series values stack on each other.
    Categories(Vec<String>),
    /// A heat map: a lane per series (named by it, the first on top), its points (start
    /// of an x bin, value) drawn as cells `bin` wide whose colour is the value; a colour
    /// scale beside it is labelled `value`.
    Lanes {
        /// Width of every cell on the x axis.
        bin: f64,
        /// What the colour measures.
        value: String,
    },
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

/// Width and height of every chart, in pixels.
pub const SIZE: (u32, u32) = (900, 560);

/// An axis value for people: whole numbers without a fraction, others to 3 digits.
pub fn number(v: f64) -> String {
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
            Axis::Numeric { log_x, log_y } => self.draw_lines(&area, *log_x, *log_y),
            Axis::Categories(names) => self.draw_bars(&area, names),
            Axis::Lanes { bin, value } => heat_map::draw(self, &area, *bin, value),
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

    /// Draws the series as lines with a mark per point, on linear or logarithmic axes.
    fn draw_lines<B: DrawingBackend>(
        &self,
        area: &DrawingArea<B, Shift>,
        log_x: bool,
        log_y: bool,
    ) -> Result<(), DrawingAreaErrorKind<B::ErrorType>> {
        let shown = |&(x, y): &(f64, f64)| (!log_x || x > 0.0) && (!log_y || y > 0.0);
        let series: Vec<Series> = self
            .series
            .iter()
            .map(|s| Series {
                name: s.name.clone(),
                points: s.points.iter().copied().filter(shown).collect(),
            })
            .collect();
        let hidden = |axis: &str, log: bool, value: fn(&(f64, f64)) -> f64| {
            let n = self
                .series
                .iter()
                .flat_map(|s| &s.points)
                .filter(|p| log && value(p) <= 0.0)
                .count();
            match n {
                0 => axis.to_string(),
                _ => format!("{axis} (not drawn: {n} ≤ 0)"),
            }
        };
        let lines = Lines {
            series: &series,
            x_label: hidden(&self.x_label, log_x, |p| p.0),
            y_label: hidden(&self.y_label, log_y, |p| p.1),
        };
        let xs = lines.values(|p| p.0);
        let ys = lines.values(|p| p.1);
        let (x0, x1) = padded(xs, log_x);
        let (y0, y1) = match log_y {
            true => padded(ys, true),
            false => self.y_range(false),
        };
        // A logarithmic x axis is marked at the swept values (when few), a logarithmic y
        // axis at 1, 2 and 5 times powers of ten.
        let mut swept = lines.values(|p| p.0);
        swept.sort_by(f64::total_cmp);
        swept.dedup();
        let x_ticks = match swept.len() <= 12 {
            true => swept,
            false => log_ticks(x0, x1),
        };
        let log_x_axis = || (x0..x1).log_scale().with_key_points(x_ticks.clone());
        let log_y_axis = || (y0..y1).log_scale().with_key_points(log_ticks(y0, y1));
        match (log_x, log_y) {
            (false, false) => lines.draw(self, area, x0..x1, y0..y1),
            (true, false) => lines.draw(self, area, log_x_axis(), y0..y1),
            (false, true) => lines.draw(self, area, x0..x1, log_y_axis()),
            (true, true) => lines.draw(self, area, log_x_axis(), log_y_axis()),
        }
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

/// The range of `values` with a margin on both sides (a factor on a logarithmic axis,
/// which needs positive values), or around the value if there is only one.
fn padded(values: Vec<f64>, log: bool) -> (f64, f64) {
    let lo = values.iter().copied().fold(f64::MAX, f64::min);
    let hi = values.iter().copied().fold(f64::MIN, f64::max);
    if lo > hi {
        if log {
            (1.0, 10.0)
        } else {
            (0.0, 1.0)
        }
    } else if log {
        (lo / 1.25, hi * 1.25)
    } else if lo < hi {
        let pad = (hi - lo) * 0.05;
        (lo - pad, hi + pad)
    } else {
        (lo - 1.0, lo + 1.0)
    }
}

/// Ticks of a logarithmic axis from `lo` to `hi` (both positive): 1, 2 and 5 times
/// powers of ten; where that gives fewer than three (a range within a decade), evenly
/// spaced round numbers.
fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let decades = lo.log10().floor() as i32..=hi.log10().ceil() as i32;
    let coarse: Vec<f64> = decades
        .flat_map(|d| [1.0, 2.0, 5.0].map(|m| m * 10f64.powi(d)))
        .filter(|t| (lo..=hi).contains(t))
        .collect();
    if coarse.len() >= 3 {
        return coarse;
    }
    let rough = (hi - lo) / 5.0;
    let power = 10f64.powi(rough.log10().floor() as i32);
    let step = [1.0, 2.0, 5.0, 10.0]
        .map(|m| m * power)
        .into_iter()
        .find(|s| *s >= rough)
        .unwrap_or(10.0 * power);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

/// A line chart's drawable part: the series and axis labels left after a logarithmic
/// axis dropped the points it cannot show.
struct Lines<'s> {
    series: &'s [Series],
    x_label: String,
    y_label: String,
}

impl Lines<'_> {
    fn values(&self, of: fn(&(f64, f64)) -> f64) -> Vec<f64> {
        self.series
            .iter()
            .flat_map(|s| s.points.iter().map(of))
            .collect()
    }

    /// Draws the lines of `chart` on the x and y coordinates given (linear or log).
    fn draw<B, X, Y>(
        &self,
        chart: &Chart,
        area: &DrawingArea<B, Shift>,
        x: X,
        y: Y,
    ) -> Result<(), DrawingAreaErrorKind<B::ErrorType>>
    where
        B: DrawingBackend,
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
        Y::CoordDescType: ValueFormatter<f64>,
    {
        let mut plot = ChartBuilder::on(area)
            .caption(&chart.title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(72)
            .build_cartesian_2d(x, y)?;
        plot.configure_mesh()
            .x_label_formatter(&|v| number(*v))
            .y_label_formatter(&|v| number(*v))
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .draw()?;
        for (i, s) in self.series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            plot.draw_series(LineSeries::new(
                s.points.iter().copied(),
                color.stroke_width(2),
            ))?
            .label(&s.name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
            });
            plot.draw_series(s.points.iter().map(|&p| Circle::new(p, 3, color.filled())))?;
        }
        draw_legend(&mut plot)
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
        let texts = texts(doc);
        for e in expected {
            assert!(texts.iter().any(|t| t == e), "{e} missing in {texts:?}");
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
            axis: Axis::Numeric {
                log_x: false,
                log_y: false,
            },
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

    /// The texts of an SVG document, trimmed.
    fn texts(doc: &roxmltree::Document) -> Vec<String> {
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| n.text().unwrap_or("").trim().to_string())
            .collect()
    }

    #[test]
    fn log_axes_have_decade_ticks_and_leave_out_values_at_or_below_zero() {
        let lines = |log: bool| Chart {
            name: "log".into(),
            title: "Time".into(),
            x_label: "gpu.l2.size_bytes".into(),
            y_label: "time".into(),
            axis: Axis::Numeric {
                log_x: log,
                log_y: log,
            },
            series: vec![Series {
                name: "fir".into(),
                points: vec![
                    (0.0, 5.0),
                    (1.0, 0.0),
                    (10.0, 2.0),
                    (100.0, 30.0),
                    (1000.0, 400.0),
                ],
            }],
        };
        let svg = svg_of(&lines(true));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_texts(
            &doc,
            [
                "gpu.l2.size_bytes (not drawn: 1 ≤ 0)",
                "time (not drawn: 1 ≤ 0)",
                "10",
                "100",
            ],
        );
        assert_eq!(
            count(&doc, "circle", "fill", 0),
            3,
            "x = 0 and y = 0 are left out"
        );
        let svg = svg_of(&lines(false));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(count(&doc, "circle", "fill", 0), 5);
        assert!(
            !texts(&doc).iter().any(|t| t == "10"),
            "a linear axis from 1 to 1000 has no tick at 10"
        );
    }

    #[test]
    fn log_ticks_are_decades_or_round_steps_within_a_decade() {
        assert_eq!(
            log_ticks(0.8, 1250.0),
            [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0]
        );
        assert_eq!(log_ticks(9.2, 19.0), [10.0, 12.0, 14.0, 16.0, 18.0]);
    }

    #[test]
    fn a_heat_map_has_a_named_lane_per_series_a_cell_per_nonzero_value_and_a_scale() {
        let heat = |cells: usize| Chart {
            name: "h".into(),
            title: "Resident work-groups".into(),
            x_label: "simulated time (µs)".into(),
            y_label: "compute unit (gpu0)".into(),
            axis: Axis::Lanes {
                bin: 0.5,
                value: "work-groups".into(),
            },
            series: (0..3)
                .map(|lane| Series {
                    name: format!("cu{lane}"),
                    points: (0..10)
                        .map(|b| {
                            let nonzero = lane * 10 + b < cells;
                            (b as f64 * 0.5, if nonzero { 1.0 + b as f64 } else { 0.0 })
                        })
                        .collect(),
                })
                .collect(),
        };
        let rects = |cells: usize| {
            let svg = svg_of(&heat(cells));
            let doc = roxmltree::Document::parse(&svg).unwrap();
            assert_texts(
                &doc,
                [
                    "Resident work-groups",
                    "simulated time (µs)",
                    "compute unit (gpu0)",
                    "work-groups",
                    "cu0",
                    "cu1",
                    "cu2",
                ],
            );
            doc.descendants().filter(|n| n.has_tag_name("rect")).count()
        };
        let empty = rects(0);
        assert!(empty > heat_map::SCALE_STEPS, "the colour scale is drawn");
        assert_eq!(rects(17), empty + 17, "a cell per nonzero value");
    }
}
