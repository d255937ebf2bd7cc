//! The loader's view of clang-built code objects (v2, v4, v5) checked against LLVM's own
//! tools: `llvm-readelf-15 -n` (metadata), `llvm-readelf-15 -s` (symbols) and
//! `llvm-objdump-15 -D` (kernel descriptors and instruction bytes).

use std::path::{Path, PathBuf};
use std::process::Command;

use sim_core::compiler::{Compiler, CompilerSettings};
use sim_core::loader::{
    AddressSpace, CodeObject, CodeObjectVersion, FloatDenormMode, FloatRoundMode, Kernel,
    SgprValue, SymbolKind,
};
use yaml_rust2::{Yaml, YamlLoader};

/// A kernel source and the options to build it with.
struct Program {
    name: String,
    source: String,
    options: &'static str,
}

/// The test programs, plus the project's test-app kernels when they exist.
fn programs() -> Vec<Program> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = cl_files(&root.join("tests/data/programs"));
    files.extend(cl_files(&root.join("../test-apps")));
    files
        .into_iter()
        .map(|path| Program {
            name: path.display().to_string(),
            source: std::fs::read_to_string(&path).unwrap(),
            options: if path.to_string_lossy().contains("cl20") {
                "-cl-std=CL2.0"
            } else {
                "-cl-kernel-arg-info"
            },
        })
        .collect()
}

fn cl_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(cl_files(&path));
        } else if path.extension().is_some_and(|e| e == "cl") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn compiler(version: CodeObjectVersion) -> Compiler {
    Compiler::new(CompilerSettings {
        code_object_version: version,
        ..Default::default()
    })
    .unwrap()
}

/// Runs an LLVM tool on `binary` and returns its standard output.
fn run_tool(tool: &str, args: &[&str], binary: &[u8]) -> String {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), binary).unwrap();
    let out = Command::new(tool)
        .args(args)
        .arg(file.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{tool} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The metadata document `llvm-readelf -n` prints (YAML, for v2 and v3+ alike).
fn readelf_metadata(binary: &[u8]) -> Yaml {
    let text = run_tool("llvm-readelf-15", &["-n"], binary);
    let start = text.find("---").expect("readelf printed no metadata");
    let end = start + text[start..].find("\n...").expect("unterminated metadata");
    YamlLoader::load_from_str(&text[start..end])
        .unwrap()
        .remove(0)
}

fn num(y: &Yaml) -> Option<u64> {
    y.as_i64().map(|v| v as u64)
}

fn text(y: &Yaml) -> Option<String> {
    match y {
        Yaml::String(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        _ => None,
    }
}

fn dims(y: &Yaml) -> Option<[u32; 3]> {
    let v = y.as_vec()?;
    Some([num(&v[0])? as u32, num(&v[1])? as u32, num(&v[2])? as u32])
}

fn space_name(s: AddressSpace) -> String {
    format!("{s:?}").to_lowercase()
}

/// `HiddenGlobalOffsetX` → `hidden_global_offset_x`.
fn snake(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The loader's kernel of that name, and a context string for assertion messages.
fn our_kernel<'a>(co: &'a CodeObject, name: &str, what: &str) -> (&'a Kernel, String) {
    let kernel = co
        .kernel(name)
        .unwrap_or_else(|| panic!("{what}: kernel {name} missing"));
    (kernel, format!("{what}: {name}"))
}

/// Checks kernels and arguments against the v3+ msgpack metadata as readelf prints it.
fn check_v3_metadata(co: &CodeObject, doc: &Yaml, what: &str) {
    let kernels = doc["amdhsa.kernels"].as_vec().unwrap();
    assert_eq!(kernels.len(), co.kernels.len(), "{what}");
    for k in kernels {
        let name = text(&k[".name"]).unwrap();
        let (ours, ctx) = our_kernel(co, &name, what);
        let m = &ours.metadata;
        assert_eq!(
            Some(m.kernarg_segment_size as u64),
            num(&k[".kernarg_segment_size"]),
            "{ctx}"
        );
        assert_eq!(
            Some(m.kernarg_segment_align as u64),
            num(&k[".kernarg_segment_align"]),
            "{ctx}"
        );
        assert_eq!(
            Some(m.group_segment_fixed_size as u64),
            num(&k[".group_segment_fixed_size"]),
            "{ctx}"
        );
        assert_eq!(
            Some(m.private_segment_fixed_size as u64),
            num(&k[".private_segment_fixed_size"]),
            "{ctx}"
        );
        assert_eq!(Some(m.sgpr_count as u64), num(&k[".sgpr_count"]), "{ctx}");
        assert_eq!(Some(m.vgpr_count as u64), num(&k[".vgpr_count"]), "{ctx}");
        assert_eq!(
            Some(m.wavefront_size as u64),
            num(&k[".wavefront_size"]),
            "{ctx}"
        );
        assert_eq!(
            m.max_flat_workgroup_size.map(u64::from),
            num(&k[".max_flat_workgroup_size"]),
            "{ctx}"
        );
        assert_eq!(
            m.reqd_workgroup_size,
            dims(&k[".reqd_workgroup_size"]),
            "{ctx}"
        );
        assert_eq!(
            m.workgroup_size_hint,
            dims(&k[".workgroup_size_hint"]),
            "{ctx}"
        );
        assert_eq!(m.vec_type_hint, text(&k[".vec_type_hint"]), "{ctx}");
        assert_eq!(m.symbol, text(&k[".symbol"]).unwrap(), "{ctx}");
        let args = k[".args"].as_vec().cloned().unwrap_or_default();
        assert_eq!(args.len(), ours.args().len(), "{ctx}");
        for (a, o) in args.iter().zip(ours.args()) {
            let ctx = format!("{ctx} arg at {}", o.offset);
            assert_eq!(Some(o.offset as u64), num(&a[".offset"]), "{ctx}");
            assert_eq!(Some(o.size as u64), num(&a[".size"]), "{ctx}");
            assert_eq!(
                Some(o.kind.name().to_string()),
                text(&a[".value_kind"]),
                "{ctx}"
            );
            assert_eq!(o.type_name, text(&a[".type_name"]), "{ctx}");
            assert_eq!(o.name, text(&a[".name"]), "{ctx}");
            assert_eq!(
                o.address_space.map(space_name),
                text(&a[".address_space"]),
                "{ctx}"
            );
            assert_eq!(
                o.pointee_align.map(u64::from),
                num(&a[".pointee_align"]),
                "{ctx}"
            );
            assert_eq!(
                o.access.map(|q| snake(&format!("{q:?}"))),
                text(&a[".access"]),
                "{ctx}"
            );
            assert_eq!(
                o.is_const,
                a[".is_const"].as_bool().unwrap_or(false),
                "{ctx}"
            );
            assert_eq!(
                o.is_restrict,
                a[".is_restrict"].as_bool().unwrap_or(false),
                "{ctx}"
            );
            assert_eq!(
                o.is_volatile,
                a[".is_volatile"].as_bool().unwrap_or(false),
                "{ctx}"
            );
        }
    }
}

/// Checks kernels and arguments against the v2 YAML metadata as readelf prints it.
fn check_v2_metadata(co: &CodeObject, doc: &Yaml, what: &str) {
    let kernels = doc["Kernels"].as_vec().unwrap();
    assert_eq!(kernels.len(), co.kernels.len(), "{what}");
    for k in kernels {
        let name = text(&k["Name"]).unwrap();
        let (ours, ctx) = our_kernel(co, &name, what);
        let m = &ours.metadata;
        let props = &k["CodeProps"];
        let prop = |key: &str| num(&props[key]).unwrap_or(0);
        assert_eq!(
            m.kernarg_segment_size as u64,
            prop("KernargSegmentSize"),
            "{ctx}"
        );
        assert_eq!(
            m.group_segment_fixed_size as u64,
            prop("GroupSegmentFixedSize"),
            "{ctx}"
        );
        assert_eq!(
            m.private_segment_fixed_size as u64,
            prop("PrivateSegmentFixedSize"),
            "{ctx}"
        );
        assert_eq!(m.sgpr_count as u64, prop("NumSGPRs"), "{ctx}");
        assert_eq!(m.vgpr_count as u64, prop("NumVGPRs"), "{ctx}");
        assert_eq!(
            m.reqd_workgroup_size,
            dims(&k["Attrs"]["ReqdWorkGroupSize"]),
            "{ctx}"
        );
        let args = k["Args"].as_vec().cloned().unwrap_or_default();
        assert_eq!(args.len(), ours.args().len(), "{ctx}");
        for (a, o) in args.iter().zip(ours.args()) {
            let ctx = format!("{ctx} arg at {}", o.offset);
            assert_eq!(Some(o.size as u64), num(&a["Size"]), "{ctx}");
            assert_eq!(o.align.map(u64::from), num(&a["Align"]), "{ctx}");
            assert_eq!(o.offset % o.align.unwrap(), 0, "{ctx}");
            assert_eq!(
                o.kind.name(),
                // The one v2 name whose v3 spelling is not its snake case.
                snake(&text(&a["ValueKind"]).unwrap()).replace("multi_grid", "multigrid"),
                "{ctx}"
            );
            assert_eq!(o.type_name, text(&a["TypeName"]), "{ctx}");
            assert_eq!(o.name, text(&a["Name"]), "{ctx}");
            assert_eq!(
                o.address_space.map(space_name),
                text(&a["AddrSpaceQual"]).map(|s| s.to_lowercase()),
                "{ctx}"
            );
            assert_eq!(o.is_const, a["IsConst"].as_bool().unwrap_or(false), "{ctx}");
        }
    }
}

/// `llvm-readelf -s`: (name, value, type) of every symbol.
fn readelf_symbols(binary: &[u8]) -> Vec<(String, u64, String)> {
    run_tool("llvm-readelf-15", &["-s"], binary)
        .lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() == 8 && f[0].ends_with(':') {
                Some((
                    f[7].to_string(),
                    u64::from_str_radix(f[1], 16).ok()?,
                    f[3].to_string(),
                ))
            } else {
                None
            }
        })
        .collect()
}

fn check_symbols(co: &CodeObject, binary: &[u8], what: &str) {
    let syms = readelf_symbols(binary);
    let find = |name: &str, kind: &str| {
        syms.iter()
            .find(|(n, _, t)| n == name && t == kind)
            .map(|s| s.1)
            .unwrap_or_else(|| panic!("{what}: readelf shows no {kind} {name}"))
    };
    for k in &co.kernels {
        if co.version == CodeObjectVersion::V2 {
            assert_eq!(
                k.descriptor_address,
                find(k.name(), "AMDGPU_HSA_KERNEL"),
                "{what}"
            );
        } else {
            assert_eq!(
                k.descriptor_address,
                find(&format!("{}.kd", k.name()), "OBJECT"),
                "{what}"
            );
            assert_eq!(k.entry_address, find(k.name(), "FUNC"), "{what}");
        }
    }
    for (name, value, kind) in &syms {
        if kind == "FUNC" {
            let ours = co
                .symbols
                .iter()
                .find(|s| &s.name == name && s.address == *value);
            assert!(
                ours.is_some_and(|s| s.kind == SymbolKind::Function),
                "{what}: function {name}"
            );
        }
    }
}

/// The `.amdhsa_*` directives `llvm-objdump -D` prints for one kernel descriptor.
fn objdump_descriptor(dump: &str, kernel: &str) -> Vec<(String, u64)> {
    let start = dump
        .find(&format!(".amdhsa_kernel {kernel}\n"))
        .unwrap_or_else(|| panic!("objdump shows no descriptor for {kernel}"));
    dump[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.contains(".end_amdhsa_kernel"))
        .filter_map(|l| {
            let (key, value) = l.trim().split_once(' ')?;
            Some((
                key.trim_start_matches(".amdhsa_").to_string(),
                value.trim().parse().ok()?,
            ))
        })
        .collect()
}

fn round_bits(m: FloatRoundMode) -> u64 {
    match m {
        FloatRoundMode::NearestEven => 0,
        FloatRoundMode::PlusInfinity => 1,
        FloatRoundMode::MinusInfinity => 2,
        FloatRoundMode::Zero => 3,
    }
}

fn denorm_bits(m: FloatDenormMode) -> u64 {
    match m {
        FloatDenormMode::FlushSourceAndDestination => 0,
        FloatDenormMode::FlushDestination => 1,
        FloatDenormMode::FlushSource => 2,
        FloatDenormMode::FlushNone => 3,
    }
}

/// Checks a v3+ descriptor against objdump's decoding of the same 64 bytes.
fn check_descriptor(k: &Kernel, dump: &str, what: &str) {
    let d = &k.descriptor;
    let (r1, r2, p) = (
        d.compute_pgm_rsrc1,
        d.compute_pgm_rsrc2,
        d.kernel_code_properties,
    );
    let sgprs = d.initial_sgprs();
    let has = |v: SgprValue| sgprs.iter().any(|s| s.value == v) as u64;
    for (key, value) in objdump_descriptor(dump, k.name()) {
        let ours = match key.as_str() {
            "group_segment_fixed_size" => d.group_segment_fixed_size as u64,
            "private_segment_fixed_size" => d.private_segment_fixed_size as u64,
            "kernarg_size" => d.kernarg_size as u64,
            "next_free_vgpr" => r1.allocated_vgprs() as u64,
            "next_free_sgpr" => r1.allocated_sgprs() as u64,
            "float_round_mode_32" => round_bits(r1.float_round_mode_32()),
            "float_round_mode_16_64" => round_bits(r1.float_round_mode_16_64()),
            "float_denorm_mode_32" => denorm_bits(r1.float_denorm_mode_32()),
            "float_denorm_mode_16_64" => denorm_bits(r1.float_denorm_mode_16_64()),
            "dx10_clamp" => r1.dx10_clamp() as u64,
            "ieee_mode" => r1.ieee_mode() as u64,
            "system_sgpr_private_segment_wavefront_offset" => {
                has(SgprValue::PrivateSegmentWaveOffset)
            }
            "system_sgpr_workgroup_id_x" => has(SgprValue::WorkgroupId(0)),
            "system_sgpr_workgroup_id_y" => has(SgprValue::WorkgroupId(1)),
            "system_sgpr_workgroup_id_z" => has(SgprValue::WorkgroupId(2)),
            "system_sgpr_workgroup_info" => has(SgprValue::WorkgroupInfo),
            "system_vgpr_workitem_id" => r2.vgpr_workitem_id() as u64,
            "user_sgpr_private_segment_buffer" => has(SgprValue::PrivateSegmentBuffer),
            "user_sgpr_dispatch_ptr" => has(SgprValue::DispatchPtr),
            "user_sgpr_queue_ptr" => has(SgprValue::QueuePtr),
            "user_sgpr_kernarg_segment_ptr" => has(SgprValue::KernargSegmentPtr),
            "user_sgpr_dispatch_id" => has(SgprValue::DispatchId),
            "user_sgpr_flat_scratch_init" => has(SgprValue::FlatScratchInit),
            "user_sgpr_private_segment_size" => has(SgprValue::PrivateSegmentSize),
            "uses_dynamic_stack" => p.uses_dynamic_stack as u64,
            "exception_fp_ieee_invalid_op" => (r2.exception_mask() & 1) as u64,
            "exception_int_div_zero" => (r2.exception_mask() >> 6 & 1) as u64,
            _ => continue,
        };
        assert_eq!(ours, value, "{what}: {} .amdhsa_{key}", k.name());
    }
    // USER_SGPR_COUNT must equal the user SGPRs the properties enable.
    assert_eq!(
        d.enabled_user_sgprs(),
        r2.user_sgpr_count(),
        "{what}: {}",
        k.name()
    );
}

/// Every instruction word objdump prints must be in the image at the printed address.
fn check_code_bytes(co: &CodeObject, dump: &str, what: &str) {
    let mut words = 0;
    for line in dump.lines() {
        let Some((_, tail)) = line.split_once("// ") else {
            continue;
        };
        let Some((addr, rest)) = tail.split_once(": ") else {
            continue;
        };
        let Ok(addr) = u64::from_str_radix(addr.trim(), 16) else {
            continue;
        };
        for (i, word) in rest
            .split_whitespace()
            .take_while(|w| w.len() == 8)
            .enumerate()
        {
            let Ok(word) = u32::from_str_radix(word, 16) else {
                break;
            };
            let at = addr + 4 * i as u64;
            let bytes = co
                .image
                .read(at, 4)
                .unwrap_or_else(|| panic!("{what}: {at:#x} outside the image"));
            assert_eq!(
                u32::from_le_bytes(bytes.try_into().unwrap()),
                word,
                "{what}: word at {at:#x}"
            );
            assert!(
                co.image.code.contains(&at),
                "{what}: {at:#x} outside the code range"
            );
            words += 1;
        }
    }
    assert!(words > 0, "{what}: objdump printed no instructions");
}

/// Every instruction of every kernel, from its entry point to the end of its code symbol,
/// must decode as `llvm-mc-15 -disassemble` decodes the same bytes. (`llvm-objdump-15`
/// cannot serve here: it prints a v2 kernel's `amd_kernel_code_t` and code as one region of
/// bytes, and takes legacy `e_flags` such as `0x2` for an R600 GPU.)
fn check_disassembly(co: &CodeObject, what: &str) {
    for k in &co.kernels {
        let end = co
            .symbols
            .iter()
            .filter(|s| s.defined && s.address <= k.entry_address)
            .map(|s| s.address + s.size)
            .filter(|&end| end > k.entry_address)
            .min()
            .unwrap_or_else(|| panic!("{what}: no symbol covers {}'s code", k.name()));
        let code = co
            .image
            .read(k.entry_address, (end - k.entry_address) as usize)
            .unwrap();
        let ours: Vec<String> = sim_core::isa::decode_all(code, k.entry_address)
            .into_iter()
            .map(|d| match d.result {
                Ok(inst) => inst.to_string(),
                Err(e) => format!("undecodable {:#010x}", e.word),
            })
            .collect();
        let hex: String = code.iter().map(|b| format!("{b:#04x} ")).collect();
        let mut mc = Command::new("llvm-mc-15")
            .args(["-disassemble", "-arch=amdgcn", "-mcpu=gfx803"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            mc.stdin.take().unwrap().write_all(hex.as_bytes()).unwrap();
        }
        let out = mc.wait_with_output().unwrap();
        let theirs: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with(".text"))
            .map(String::from)
            .collect();
        assert!(!ours.is_empty(), "{what}: {} has no code", k.name());
        assert_eq!(ours, theirs, "{what}: {}", k.name());
    }
}

/// Checks one code object against the LLVM tools (metadata, symbols, descriptors, code).
fn check_binary(co: &CodeObject, binary: &[u8], what: &str) {
    let doc = readelf_metadata(binary);
    if co.version == CodeObjectVersion::V2 {
        check_v2_metadata(co, &doc, what);
    } else {
        check_v3_metadata(co, &doc, what);
        let dump = run_tool("llvm-objdump-15", &["-D", "--mcpu=gfx803"], binary);
        for k in &co.kernels {
            check_descriptor(k, &dump, what);
        }
    }
    check_symbols(co, binary, what);
    check_disassembly(co, what);
}

fn check_version(version: CodeObjectVersion) {
    let compiler = compiler(version);
    let mut built = 0;
    for p in programs() {
        let what = format!("{} v{}", p.name, version.number());
        let out = match compiler.build(&p.source, p.options) {
            Ok(out) => out,
            Err(e) if p.name.contains("test-apps") => {
                eprintln!("{what}: skipped, does not build without the app's options: {e}");
                continue;
            }
            Err(e) => panic!("{what}: {e}"),
        };
        let co = CodeObject::parse(&out.binary).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(co.version, version, "{what}");
        check_binary(&co, &out.binary, &what);
        let text = run_tool("llvm-objdump-15", &["-d", "--mcpu=gfx803"], &out.binary);
        check_code_bytes(&co, &text, &what);
        built += 1;
    }
    assert!(built >= 7, "only {built} programs built");
}

#[test]
fn code_object_v2_matches_llvm_tools() {
    check_version(CodeObjectVersion::V2);
}

#[test]
fn code_object_v4_matches_llvm_tools() {
    check_version(CodeObjectVersion::V4);
}

#[test]
fn code_object_v5_matches_llvm_tools() {
    check_version(CodeObjectVersion::V5);
}

/// Code objects built elsewhere, named in `LOADER_ORACLE_CODE_OBJECTS` (paths separated by
/// `:`), checked like clang's. Such files (e.g. MGPUSim's benchmarks, built by older
/// compilers, some with legacy `e_flags`) are not part of the repository, so without the
/// variable this test checks nothing. Example:
/// `git --git-dir=<mgpusim>.git show v3.0.0:benchmarks/heteromark/aes/kernels.hsaco > aes.hsaco`,
/// then `LOADER_ORACLE_CODE_OBJECTS=$PWD/aes.hsaco cargo test --release --test loader_oracle`.
#[test]
fn code_objects_named_in_the_environment_match_llvm_tools() {
    let Some(list) = std::env::var_os("LOADER_ORACLE_CODE_OBJECTS") else {
        eprintln!("LOADER_ORACLE_CODE_OBJECTS is not set: no external code objects to check");
        return;
    };
    for path in std::env::split_paths(&list) {
        let what = path.display().to_string();
        let binary = std::fs::read(&path).unwrap_or_else(|e| panic!("{what}: {e}"));
        let co = CodeObject::parse(&binary).unwrap_or_else(|e| panic!("{what}: {e}"));
        check_binary(&co, &binary, &what);
        eprintln!(
            "{what}: code object v{}, kernels {:?}: metadata, symbols and code agree",
            co.version.number(),
            co.kernels.iter().map(|k| k.name()).collect::<Vec<_>>()
        );
    }
}

/// v2 metadata has no offsets; the loader lays arguments out by alignment. The same source
/// built as v4 gives LLVM's offsets, which must agree.
#[test]
fn v2_computed_offsets_match_v4_metadata() {
    let (v2, v4) = (
        compiler(CodeObjectVersion::V2),
        compiler(CodeObjectVersion::V4),
    );
    for p in programs().iter().filter(|p| !p.name.contains("test-apps")) {
        let a = CodeObject::parse(&v2.build(&p.source, p.options).unwrap().binary).unwrap();
        let b = CodeObject::parse(&v4.build(&p.source, p.options).unwrap().binary).unwrap();
        for k in &a.kernels {
            let other = b.kernel(k.name()).unwrap();
            let layout = |k: &Kernel| {
                k.args()
                    .iter()
                    .map(|a| (a.offset, a.size, a.kind))
                    .collect::<Vec<_>>()
            };
            assert_eq!(layout(k), layout(other), "{} {}", p.name, k.name());
            assert_eq!(
                k.metadata.kernarg_segment_size,
                other.metadata.kernarg_segment_size
            );
        }
    }
}
