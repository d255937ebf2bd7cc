//! The host program's standard output, as its C code sees it: kernel printf text is
//! written through C's `stdout` stream, so that it keeps its place among the program's
//! own `printf` output however that stream is buffered (as AMD's runtime prints it).

use std::sync::Mutex;

extern "C" {
    /// glibc's standard output stream.
    static mut stdout: *mut libc::FILE;
}

/// Serialises the output of kernels that finish at the same time on different queues.
static PRINT: Mutex<()> = Mutex::new(());

/// Writes a kernel's printf output to the program's standard output and flushes it.
pub fn print_kernel_output(text: &[u8]) {
    if text.is_empty() {
        return;
    }
    let _one_at_a_time = PRINT.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: FFI: `stdout` is glibc's stream, valid for the process's lifetime and
    // locked by fwrite itself; `text` is `text.len()` readable bytes.
    unsafe {
        let stream = stdout;
        libc::fwrite(text.as_ptr().cast(), 1, text.len(), stream);
        libc::fflush(stream);
    }
}
