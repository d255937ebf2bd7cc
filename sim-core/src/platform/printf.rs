//! Kernel `printf` (OpenCL C 1.2 §6.12.13): the printf buffer a launch passes in its
//! `hidden_printf_buffer` argument, and the text of the records kernels wrote to it.
//!
//! clang-15's printf lowering (LLVM's `AMDGPUPrintfRuntimeBinding`) turns each call into
//! a record in the buffer: the format's id, then every argument's bytes (sizes and format
//! strings are in the code object's `amdhsa.printf` metadata). The buffer starts with two
//! 32-bit words, as ROCm's `__printf_alloc` reads them: the bytes used so far (advanced
//! atomically by each call) and the buffer's size; records follow from byte 8.

use std::ffi::CString;

use crate::loader::PrintfFormat;

/// Bytes of a launch's printf buffer (`CL_DEVICE_PRINTF_BUFFER_SIZE`: 1 MiB).
pub const PRINTF_BUFFER_BYTES: u64 = 1 << 20;

/// Bytes before the first record.
const HEADER_BYTES: usize = 8;

/// The initial contents of a printf buffer's header: nothing used, its size.
pub fn buffer_header() -> [u8; HEADER_BYTES] {
    let mut header = [0u8; HEADER_BYTES];
    header[4..].copy_from_slice(&(PRINTF_BUFFER_BYTES as u32).to_le_bytes());
    header
}

/// The bytes of records used, from a buffer's header.
pub fn used_bytes(header: &[u8; HEADER_BYTES]) -> usize {
    u32::from_le_bytes([header[0], header[1], header[2], header[3]]) as usize
}

/// The text of the records in `records` (the buffer from byte 8, as far as used), in the
/// order the kernel's calls reserved them. A record with an unknown id ends the text.
pub fn format_records(records: &[u8], formats: &[PrintfFormat]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(id) = records.get(at..at + 4) {
        let id = u32::from_le_bytes([id[0], id[1], id[2], id[3]]);
        let Some(format) = formats.iter().find(|f| f.id == id) else {
            break;
        };
        at += 4;
        let mut args = Vec::with_capacity(format.arg_sizes.len());
        for &size in &format.arg_sizes {
            let Some(bytes) = records.get(at..at + size as usize) else {
                return out;
            };
            args.push(bytes);
            at += size as usize;
        }
        out.extend(format_one(&unescape(&format.format), &args));
    }
    out
}

/// The format string as the kernel wrote it: the metadata keeps C escapes (`\n`, `\t`,
/// `\\`, octal `\ooo`, ...) for the characters it cannot hold as they are.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'v' => out.push('\x0b'),
            '0'..='7' => {
                let mut value = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            value = value * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(value).unwrap_or('?'));
            }
            other => out.push(other),
        }
    }
    out
}

/// One conversion specification: `%[flags][width][.precision][vN][length]conversion`.
struct Spec<'a> {
    /// Flags, width and precision as written (passed on to C).
    head: &'a str,
    /// Vector components (1 for a scalar).
    components: usize,
    /// Length modifier as written (`hh`, `h`, `hl`, `l` or empty).
    length: &'a str,
    conversion: char,
}

/// Parses the specification after a `%` at the start of `text`; returns it and the bytes
/// it spans.
fn parse_spec(text: &str) -> Option<(Spec<'_>, usize)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() && b"-+ #0".contains(&bytes[i]) {
        i += 1;
    }
    while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
        i += 1;
    }
    let head = &text[..i];
    let mut components = 1;
    if bytes.get(i) == Some(&b'v') {
        let start = i + 1;
        let mut end = start;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        components = text[start..end].parse().ok()?;
        i = end;
    }
    let length_start = i;
    while i < bytes.len() && (bytes[i] == b'h' || bytes[i] == b'l') {
        i += 1;
    }
    let length = &text[length_start..i];
    let conversion = text[i..].chars().next()?;
    Some((
        Spec {
            head,
            components,
            length,
            conversion,
        },
        i + conversion.len_utf8(),
    ))
}

/// The text of one call: `format` with `args` (each argument's bytes).
fn format_one(format: &str, args: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut args = args.iter();
    let mut rest = format;
    while let Some(percent) = rest.find('%') {
        out.extend_from_slice(&rest.as_bytes()[..percent]);
        rest = &rest[percent + 1..];
        if let Some(tail) = rest.strip_prefix('%') {
            out.push(b'%');
            rest = tail;
            continue;
        }
        let Some((spec, len)) = parse_spec(rest) else {
            out.push(b'%');
            continue;
        };
        rest = &rest[len..];
        let Some(arg) = args.next() else {
            break;
        };
        out.extend(convert(&spec, arg));
    }
    out.extend_from_slice(rest.as_bytes());
    out
}

/// One argument converted as `spec` says: each component, separated by commas.
fn convert(spec: &Spec<'_>, arg: &[u8]) -> Vec<u8> {
    if spec.conversion == 's' {
        let end = arg.iter().position(|&b| b == 0).unwrap_or(arg.len());
        let text = CString::new(&arg[..end]).unwrap_or_default();
        return c_format(&format!("%{}s", spec.head), CArg::Str(&text));
    }
    // A 3-component vector takes the room of 4.
    let slots = if spec.components == 3 {
        4
    } else {
        spec.components
    };
    let width = (arg.len() / slots.max(1)).max(1);
    let mut out = Vec::new();
    for c in 0..spec.components {
        if c > 0 {
            out.push(b',');
        }
        let bytes = arg.get(c * width..(c + 1) * width).unwrap_or(&[]);
        out.extend(component(spec, bytes));
    }
    out
}

/// One scalar (or vector component) of `bytes`, little-endian, as C's printf shows it.
fn component(spec: &Spec<'_>, bytes: &[u8]) -> Vec<u8> {
    let mut raw = [0u8; 8];
    raw[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
    let bits = u64::from_le_bytes(raw);
    let size = bytes.len();
    let head = spec.head;
    let conversion = spec.conversion;
    match conversion {
        'd' | 'i' => {
            let shift = 64 - 8 * size.clamp(1, 8) as u32;
            let value = ((bits << shift) as i64) >> shift;
            c_format(&format!("%{head}ll{conversion}"), CArg::Int(value as u64))
        }
        'o' | 'u' | 'x' | 'X' => c_format(&format!("%{head}ll{conversion}"), CArg::Int(bits)),
        'c' => c_format(&format!("%{head}c"), CArg::Int(bits & 0xff)),
        'p' => c_format(&format!("%{head}p"), CArg::Int(bits)),
        'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => {
            let value = match size {
                2 => half_to_f64(bits as u16),
                4 => f64::from(f32::from_bits(bits as u32)),
                _ => f64::from_bits(bits),
            };
            c_format(&format!("%{head}{conversion}"), CArg::Float(value))
        }
        // Not a conversion OpenCL C has: shown as written.
        _ => format!("%{head}{}{}", spec.length, conversion).into_bytes(),
    }
}

/// A half-precision value as a double.
fn half_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let mant = f64::from(h & 0x3ff);
    sign * match exp {
        0 => mant * 2f64.powi(-24),
        31 if mant == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + mant / 1024.0) * 2f64.powi(exp - 15),
    }
}

/// The one argument of a C conversion.
enum CArg<'a> {
    Int(u64),
    Float(f64),
    Str(&'a CString),
}

/// C's `snprintf` of one conversion: OpenCL C's printf is C99's, so C formats it.
fn c_format(spec: &str, arg: CArg<'_>) -> Vec<u8> {
    let Ok(spec) = CString::new(spec) else {
        return Vec::new();
    };
    let mut buf = vec![0u8; 512];
    loop {
        let (ptr, len) = (buf.as_mut_ptr().cast::<libc::c_char>(), buf.len());
        // SAFETY: FFI: `spec` is a NUL-terminated format with exactly one conversion,
        // whose argument type the match gives it (a long long for integer conversions and
        // %c, a pointer for %p, a double for floating-point ones, a C string for %s);
        // snprintf writes at most `len` bytes into `buf`.
        let n = unsafe {
            match arg {
                CArg::Int(v) if spec.as_bytes().ends_with(b"p") => {
                    libc::snprintf(ptr, len, spec.as_ptr(), v as usize as *const libc::c_void)
                }
                CArg::Int(v) if spec.as_bytes().ends_with(b"c") => {
                    libc::snprintf(ptr, len, spec.as_ptr(), v as libc::c_int)
                }
                CArg::Int(v) => libc::snprintf(ptr, len, spec.as_ptr(), v as libc::c_longlong),
                CArg::Float(v) => libc::snprintf(ptr, len, spec.as_ptr(), v),
                CArg::Str(s) => libc::snprintf(ptr, len, spec.as_ptr(), s.as_ptr()),
            }
        };
        let Ok(n) = usize::try_from(n) else {
            return Vec::new();
        };
        if n < len {
            buf.truncate(n);
            return buf;
        }
        buf.resize(n + 1, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(id: u32, sizes: &[u32], text: &str) -> PrintfFormat {
        PrintfFormat {
            id,
            arg_sizes: sizes.to_vec(),
            format: text.to_string(),
        }
    }

    #[test]
    fn records_become_c_formatted_text_in_order() {
        let formats = [
            format(1, &[4, 4, 16], "a %d %5.2f %v4hld\n"),
            format(2, &[8, 8, 4], "b %lx %e %s|\n"),
        ];
        let mut records = Vec::new();
        records.extend(1u32.to_le_bytes());
        records.extend((-7i32).to_le_bytes());
        records.extend(1.5f32.to_le_bytes());
        for v in [1i32, -2, 3, 4] {
            records.extend(v.to_le_bytes());
        }
        records.extend(2u32.to_le_bytes());
        records.extend(0xabcdu64.to_le_bytes());
        records.extend(0.25f64.to_le_bytes());
        records.extend(*b"hi\0\0");
        records.extend(9u32.to_le_bytes()); // an unknown id ends the text
        let text = String::from_utf8(format_records(&records, &formats)).unwrap();
        assert_eq!(text, "a -7  1.50 1,-2,3,4\nb abcd 2.500000e-01 hi|\n");
    }

    #[test]
    fn escapes_in_the_metadata_become_characters() {
        assert_eq!(unescape(r"a\n\tb\\c\101\0"), "a\n\tb\\cA\0");
    }

    #[test]
    fn vectors_of_three_take_four_slots_and_short_components_sign_extend() {
        let arg: Vec<u8> = [-1i16, 2, -3, 0]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let text = format_one("%v3hd %%", &[&arg]);
        assert_eq!(String::from_utf8(text).unwrap(), "-1,2,-3 %");
    }
}
