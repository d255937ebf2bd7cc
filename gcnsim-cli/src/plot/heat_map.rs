//! The drawing of a heat map chart: a lane per series, a cell per point coloured by its
//! value (zero cells left blank), and a colour scale beside it.

use super::chart::{number, Chart, SIZE};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;

/// Width in pixels of the colour scale and its labels.
const SCALE_WIDTH: u32 = 150;

/// Steps the colour scale is drawn in.
pub const SCALE_STEPS: usize = 50;

/// The colour of `value` on a scale from 0 to `top`.
fn color(value: f64, top: f64) -> RGBColor {
    ViridisRGB::get_color_normalized(value, 0.0, top)
}

/// Draws `chart` (a heat map with cells `bin` wide, their colour measuring `value`).
pub fn draw<B: DrawingBackend>(
    chart: &Chart,
    area: &DrawingArea<B, Shift>,
    bin: f64,
    value: &str,
) -> Result<(), DrawingAreaErrorKind<B::ErrorType>> {
    let (cells, scale) = area.split_horizontally(SIZE.0 - SCALE_WIDTH);
    let names: Vec<&str> = chart.series.iter().map(|s| s.name.as_str()).collect();
    let n = names.len().max(1);
    let xs = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0));
    let (x0, x1) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x + bin)));
    let (x0, x1) = if x0 < x1 { (x0, x1) } else { (0.0, 1.0) };
    let top = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(0.0, f64::max);
    let top = if top > 0.0 { top } else { 1.0 };
    // The first lane is drawn on top; with many lanes only every `step`-th is named.
    let row = |lane: usize| n - 1 - lane;
    let step = n.div_ceil(32);
    let longest = names.iter().map(|s| s.chars().count()).max().unwrap_or(1) as u32;
    let mut plot = ChartBuilder::on(&cells)
        .caption(&chart.title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(40 + 7 * longest)
        .build_cartesian_2d(x0..x1, (0..(n - 1).max(1)).into_segmented())?;
    let label = |v: &SegmentValue<usize>| match v {
        SegmentValue::CenterOf(r) if *r < n && row(*r) % step == 0 => names[row(*r)].to_string(),
        _ => String::new(),
    };
    plot.configure_mesh()
        .disable_mesh()
        .y_labels(n)
        .y_label_formatter(&label)
        .x_label_formatter(&|v| number(*v))
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .draw()?;
    for (lane, s) in chart.series.iter().enumerate() {
        let r = row(lane);
        plot.draw_series(s.points.iter().filter(|p| p.1 > 0.0).map(|&(x, v)| {
            Rectangle::new(
                [
                    (x, SegmentValue::Exact(r)),
                    (x + bin, SegmentValue::Exact(r + 1)),
                ],
                color(v, top).filled(),
            )
        }))?;
    }
    let mut bar = ChartBuilder::on(&scale)
        .margin_top(52)
        .margin_bottom(60)
        .margin_right(70)
        .y_label_area_size(50)
        .build_cartesian_2d(0.0..1.0, 0.0..top)?;
    bar.configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_label_style(("sans-serif", 12))
        .axis_desc_style(("sans-serif", 12))
        .y_label_formatter(&|v| number(*v))
        .y_desc(value)
        .draw()?;
    let h = top / SCALE_STEPS as f64;
    bar.draw_series((0..SCALE_STEPS).map(|i| {
        let v = i as f64 * h;
        Rectangle::new([(0.0, v), (1.0, v + h)], color(v + h / 2.0, top).filled())
    }))?;
    Ok(())
}
