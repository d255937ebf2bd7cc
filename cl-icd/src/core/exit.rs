//! At program exit: the metrics report (`GCNSIM_REPORT`) and the trace (`GCNSIM_TRACE`)
//! are written, if the program ever used the platform.

use super::platform::Platform;

/// Writes the report and the trace; a failure prints one message and nothing else.
///
/// Runs from the library's destructor (`.fini_array`, called by `exit()` after `main`
/// returns). Only Rust code runs here: no unwinding can cross into the C runtime because
/// everything that may fail returns a `Result`.
#[ctor::dtor]
fn write_outputs_at_exit() {
    // A platform nobody asked for is not built now just to write an empty report.
    if let Some(platform) = Platform::get_if_built() {
        write_outputs(platform);
    }
}

/// Writes the report and the trace the settings ask for, saying on stderr what failed.
pub fn write_outputs(platform: &Platform) {
    let Some(simulator) = &platform.simulator else {
        return;
    };
    let settings = simulator.settings();
    if let Err(e) = simulator
        .metrics()
        .write_files(settings.report.as_deref(), settings.trace.as_deref())
    {
        eprintln!("gcnsim: {e}");
    }
}
