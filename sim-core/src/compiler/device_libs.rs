//! The ROCm device libraries (Debian `rocm-device-libs`) a gfx803 OpenCL program links:
//! `opencl.bc`, `ocml.bc`, `ockl.bc` and the `oclc_*` control libraries, chosen as clang's
//! ROCm toolchain chooses them for OpenCL.

use std::path::PathBuf;

use sha2::{Digest, Sha256};

use super::error::CompileError;
use super::options::MathOptions;
use super::toolchain::file_identity;
use crate::loader::CodeObjectVersion;

/// Where Debian installs the device libraries.
pub const DEBIAN_DEVICE_LIB_DIR: &str = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";
/// The Debian package that provides them.
const PACKAGE: &str = "rocm-device-libs";

/// gfx803 flushes f32 denormals by default: clang enables `oclc_daz_opt` for targets
/// without both fast f32 FMA and fast f32 denormals, which gfx803 lacks.
const GFX803_FLUSHES_F32_DENORMALS: bool = true;

/// A directory of device-library bitcode files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceLibraries {
    dir: PathBuf,
}

impl DeviceLibraries {
    /// The libraries in `dir` (checked when [`Self::select`] is called).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        DeviceLibraries { dir: dir.into() }
    }

    /// The bitcode files to link for the given math options and code object version, in
    /// link order. Errors name the missing file and the package to install.
    pub fn select(
        &self,
        math: &MathOptions,
        version: CodeObjectVersion,
    ) -> Result<Vec<PathBuf>, CompileError> {
        let on_off = |on: bool| if on { "on" } else { "off" };
        let daz = math.denorms_are_zero || math.fast_relaxed_math || GFX803_FLUSHES_F32_DENORMALS;
        let unsafe_math = math.unsafe_math || math.fast_relaxed_math;
        let finite = math.finite_math_only || math.fast_relaxed_math;
        let abi = if version >= CodeObjectVersion::V5 {
            "500"
        } else {
            "400"
        };
        let names = [
            "opencl".to_string(),
            "ocml".to_string(),
            "ockl".to_string(),
            format!("oclc_daz_opt_{}", on_off(daz)),
            format!("oclc_unsafe_math_{}", on_off(unsafe_math)),
            format!("oclc_finite_only_{}", on_off(finite)),
            format!(
                "oclc_correctly_rounded_sqrt_{}",
                on_off(math.correctly_rounded_sqrt)
            ),
            "oclc_wavefrontsize64_on".to_string(),
            "oclc_isa_version_803".to_string(),
            format!("oclc_abi_version_{abi}"),
        ];
        names
            .iter()
            .map(|name| {
                let path = self.dir.join(format!("{name}.bc"));
                if path.is_file() {
                    Ok(path)
                } else {
                    Err(CompileError::ToolMissing {
                        what: format!("ROCm device library {}", path.display()),
                        package: PACKAGE,
                    })
                }
            })
            .collect()
    }
}

/// SHA-256 over the real path, size and modification time of each of `files`, for cache
/// keys: the libraries are identified without reading them, as the compiler is.
pub fn fingerprint(files: &[PathBuf]) -> Result<String, CompileError> {
    let mut hash = Sha256::new();
    for f in files {
        hash.update(file_identity(f)?.as_bytes());
        hash.update(b"\0");
    }
    Ok(hex(&hash.finalize()))
}

/// Lower-case hexadecimal of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_name(p: &std::path::Path) -> String {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    fn names(math: MathOptions, v: CodeObjectVersion) -> Vec<String> {
        let dir = tempfile::tempdir().unwrap();
        // Empty stand-ins, so that the test does not depend on the package being installed.
        for n in [
            "opencl",
            "ocml",
            "ockl",
            "oclc_wavefrontsize64_on",
            "oclc_isa_version_803",
        ] {
            std::fs::write(dir.path().join(format!("{n}.bc")), b"").unwrap();
        }
        for n in [
            "daz_opt",
            "unsafe_math",
            "finite_only",
            "correctly_rounded_sqrt",
        ] {
            for s in ["on", "off"] {
                std::fs::write(dir.path().join(format!("oclc_{n}_{s}.bc")), b"").unwrap();
            }
        }
        for a in ["400", "500"] {
            std::fs::write(dir.path().join(format!("oclc_abi_version_{a}.bc")), b"").unwrap();
        }
        DeviceLibraries::new(dir.path())
            .select(&math, v)
            .unwrap()
            .iter()
            .map(|p| file_name(p))
            .collect()
    }

    #[test]
    fn control_libraries_follow_options() {
        let plain = names(MathOptions::default(), CodeObjectVersion::V4);
        assert!(plain.contains(&"oclc_daz_opt_on.bc".into()));
        assert!(plain.contains(&"oclc_finite_only_off.bc".into()));
        assert!(plain.contains(&"oclc_abi_version_400.bc".into()));
        let fast = names(
            MathOptions {
                fast_relaxed_math: true,
                ..Default::default()
            },
            CodeObjectVersion::V5,
        );
        assert!(fast.contains(&"oclc_finite_only_on.bc".into()));
        assert!(fast.contains(&"oclc_unsafe_math_on.bc".into()));
        assert!(fast.contains(&"oclc_correctly_rounded_sqrt_off.bc".into()));
        assert!(fast.contains(&"oclc_abi_version_500.bc".into()));
        let sqrt = names(
            MathOptions {
                correctly_rounded_sqrt: true,
                ..Default::default()
            },
            CodeObjectVersion::V2,
        );
        assert!(sqrt.contains(&"oclc_correctly_rounded_sqrt_on.bc".into()));
    }

    #[test]
    fn missing_library_names_the_package() {
        let dir = tempfile::tempdir().unwrap();
        let err = DeviceLibraries::new(dir.path())
            .select(&MathOptions::default(), CodeObjectVersion::V4)
            .unwrap_err();
        assert!(err.to_string().contains("rocm-device-libs"), "{err}");
    }
}
