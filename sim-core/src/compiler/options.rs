//! OpenCL build options (`clBuildProgram`, `clCompileProgram`, `clLinkProgram`) turned into
//! clang arguments and device-library choices.

use std::path::Path;

use super::error::CompileError;

/// Which API call the options were given to; each accepts a different set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// `clBuildProgram`: compile and link.
    Build,
    /// `clCompileProgram`: compile to an object.
    Compile,
    /// `clLinkProgram`: link objects.
    Link,
}

/// Math options that choose the `oclc_*` control libraries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MathOptions {
    /// `-cl-denorms-are-zero`.
    pub denorms_are_zero: bool,
    /// `-cl-finite-math-only`.
    pub finite_math_only: bool,
    /// `-cl-unsafe-math-optimizations`.
    pub unsafe_math: bool,
    /// `-cl-fast-relaxed-math` (implies the three above).
    pub fast_relaxed_math: bool,
    /// `-cl-fp32-correctly-rounded-divide-sqrt`.
    pub correctly_rounded_sqrt: bool,
}

/// Parsed build options.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BuildOptions {
    /// Arguments passed on to clang's front end, in order (`-D`, `-I`, `-cl-*`, `-w`, …).
    pub clang_args: Vec<String>,
    /// Optimisation level 0–3 (`-cl-opt-disable` gives 0; default 3).
    pub opt_level: u8,
    /// Math options for the device libraries.
    pub math: MathOptions,
    /// `-create-library` (link stage): produce a library, not an executable.
    pub create_library: bool,
}

/// Options accepted as written and passed to clang, per stage that accepts them.
const PASSED_FLAGS: &[&str] = &[
    "-cl-single-precision-constant",
    "-cl-fp32-correctly-rounded-divide-sqrt",
    "-cl-mad-enable",
    "-cl-no-signed-zeros",
    "-cl-unsafe-math-optimizations",
    "-cl-finite-math-only",
    "-cl-fast-relaxed-math",
    "-cl-denorms-are-zero",
    "-cl-strict-aliasing",
    "-cl-uniform-work-group-size",
    "-cl-kernel-arg-info",
    "-w",
    "-Werror",
    "-g",
];

/// Options a link accepts (OpenCL 3.0 §5.8.5.7).
const LINK_FLAGS: &[&str] = &[
    "-create-library",
    "-enable-link-options",
    "-cl-denorms-are-zero",
    "-cl-no-signed-zeros",
    "-cl-unsafe-math-optimizations",
    "-cl-finite-math-only",
    "-cl-fast-relaxed-math",
    "-cl-no-subgroup-ifp",
];

/// `-cl-std=` values clang-15 compiles.
const CL_STD_VALUES: &[&str] = &["CL1.0", "CL1.1", "CL1.2", "CL2.0", "CL3.0"];

impl BuildOptions {
    /// Parses an options string; relative `-I` directories are made absolute against `cwd`
    /// (the application's working directory), since clang runs elsewhere.
    pub fn parse(options: &str, stage: Stage, cwd: &Path) -> Result<Self, CompileError> {
        let words = split_words(options)?;
        let mut out = BuildOptions {
            opt_level: 3,
            ..Default::default()
        };
        let mut words = words.into_iter();
        while let Some(word) = words.next() {
            let invalid = |why: &str| CompileError::InvalidOptions(format!("`{word}`: {why}"));
            if stage == Stage::Link {
                if !LINK_FLAGS.contains(&word.as_str()) {
                    return Err(invalid("not a link option"));
                }
                out.note_math(&word);
                out.create_library |= word == "-create-library";
                continue;
            }
            match word.as_str() {
                "-D" | "-I" => {
                    let value = words.next().ok_or_else(|| invalid("missing value"))?;
                    out.push_joined(&word, &value, cwd)?;
                }
                w if w.starts_with("-D") || w.starts_with("-I") => {
                    let (flag, value) = w.split_at(2);
                    out.push_joined(flag, value, cwd)?;
                }
                w if w.starts_with("-cl-std=") => {
                    if !CL_STD_VALUES.contains(&&w["-cl-std=".len()..]) {
                        return Err(invalid("unsupported OpenCL C version"));
                    }
                    out.clang_args.push(word.clone());
                }
                "-cl-opt-disable" | "-O0" => out.opt_level = 0,
                "-O1" | "-O2" | "-O3" | "-O" => {
                    out.opt_level = word.as_bytes().get(2).map_or(2, |d| d - b'0')
                }
                // A hint that sub-groups need no independent forward progress: nothing to do.
                "-cl-no-subgroup-ifp" => {}
                w if PASSED_FLAGS.contains(&w) => {
                    out.note_math(w);
                    out.clang_args.push(word.clone());
                }
                _ => return Err(invalid("unknown option")),
            }
        }
        Ok(out)
    }

    /// Whether kernels of a program compiled with these options may run in non-uniform
    /// work-groups (OpenCL 3.0 API, `clEnqueueNDRangeKernel`): the program is OpenCL C 2.0
    /// or later (the last `-cl-std=` is `CL2.0` or `CL3.0`) and not compiled with
    /// `-cl-uniform-work-group-size`.
    pub fn non_uniform_work_groups(&self) -> bool {
        let std = self
            .clang_args
            .iter()
            .rev()
            .find_map(|a| a.strip_prefix("-cl-std="));
        matches!(std, Some("CL2.0" | "CL3.0"))
            && !self
                .clang_args
                .iter()
                .any(|a| a == "-cl-uniform-work-group-size")
    }

    fn note_math(&mut self, word: &str) {
        let m = &mut self.math;
        match word {
            "-cl-denorms-are-zero" => m.denorms_are_zero = true,
            "-cl-finite-math-only" => m.finite_math_only = true,
            "-cl-unsafe-math-optimizations" => m.unsafe_math = true,
            "-cl-fast-relaxed-math" => m.fast_relaxed_math = true,
            "-cl-fp32-correctly-rounded-divide-sqrt" => m.correctly_rounded_sqrt = true,
            _ => {}
        }
    }

    fn push_joined(&mut self, flag: &str, value: &str, cwd: &Path) -> Result<(), CompileError> {
        if value.is_empty() {
            return Err(CompileError::InvalidOptions(format!(
                "`{flag}` without a value"
            )));
        }
        let value = if flag == "-I" && Path::new(value).is_relative() {
            cwd.join(value).to_string_lossy().into_owned()
        } else {
            value.to_string()
        };
        self.clang_args.push(format!("{flag}{value}"));
        Ok(())
    }
}

/// Splits an options string into words, honouring single quotes, double quotes and
/// backslash escapes as a shell would.
fn split_words(text: &str) -> Result<Vec<String>, CompileError> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' | '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some('\\') if c == '"' => w.extend(chars.next()),
                        Some(other) => w.push(other),
                        None => {
                            return Err(CompileError::InvalidOptions("unterminated quote".into()))
                        }
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).extend(chars.next()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<BuildOptions, CompileError> {
        BuildOptions::parse(s, Stage::Build, Path::new("/app"))
    }

    #[test]
    fn non_uniform_work_groups_need_opencl_c_2_and_no_uniform_flag() {
        let allows = |s: &str| parse(s).unwrap().non_uniform_work_groups();
        assert!(!allows(""));
        assert!(!allows("-cl-std=CL1.2"));
        assert!(allows("-cl-std=CL2.0"));
        assert!(allows("-cl-std=CL1.2 -cl-std=CL3.0"));
        assert!(!allows("-cl-std=CL3.0 -cl-std=CL1.2"));
        assert!(!allows("-cl-std=CL2.0 -cl-uniform-work-group-size"));
    }

    #[test]
    fn defines_includes_and_quotes() {
        let o = parse("-D N=4 -DM -I inc -I/abs -D 'S=\"a b\"' -cl-std=CL2.0").unwrap();
        assert_eq!(
            o.clang_args,
            [
                "-DN=4",
                "-DM",
                "-I/app/inc",
                "-I/abs",
                "-DS=\"a b\"",
                "-cl-std=CL2.0"
            ]
        );
        assert_eq!(o.opt_level, 3);
    }

    #[test]
    fn math_and_optimisation_flags() {
        let o = parse("-cl-fast-relaxed-math -cl-opt-disable -cl-mad-enable").unwrap();
        assert!(o.math.fast_relaxed_math && !o.math.denorms_are_zero);
        assert_eq!(o.opt_level, 0);
        assert!(o.clang_args.contains(&"-cl-mad-enable".to_string()));
    }

    #[test]
    fn rejects_unknown_and_incomplete_options() {
        for bad in [
            "-foo",
            "-cl-std=CL9.9",
            "-D",
            "-I",
            "-fno-builtin",
            "\"open",
            "-cl-opt-disablex",
        ] {
            assert!(
                matches!(parse(bad), Err(CompileError::InvalidOptions(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn link_accepts_only_link_options() {
        let o = BuildOptions::parse(
            "-create-library -cl-finite-math-only",
            Stage::Link,
            Path::new("/"),
        )
        .unwrap();
        assert!(o.create_library && o.math.finite_math_only);
        assert!(BuildOptions::parse("-DX", Stage::Link, Path::new("/")).is_err());
    }
}
