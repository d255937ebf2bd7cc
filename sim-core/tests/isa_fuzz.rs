//! Random-encoding oracle test: thousands of pseudo-random instruction words of every
//! compute encoding go through llvm-objdump-15 and through our decoder. Where llvm decodes a
//! word we must print the same text and size; where llvm rejects it we must reject it too.
//! We may reject what llvm accepts only for documented gfx8 rules llvm does not enforce.

use sim_core::isa::{decode, listing::listing};
use std::collections::HashMap;
use std::process::Command;

/// Our deliberate rejections of encodings llvm-15 still prints (hardware rules of gfx8).
const STRICTER_THAN_LLVM: &[&str] = &[
    "reserved source operand", // gfx9 apertures, pops_exiting_wave_id
    "register tuple out of range or misaligned", // null (gfx10), odd/out-of-range tuples
    "tfe on a buffer atomic",
    "lds is only valid",
    "source 0 must be a register", // v_movrels*, s_movrels*, s_setpc_b64 with a constant
    "reserved SDWA",               // dst_unused 3
    "reserved DPP control",
    "VOP3 interpolation is graphics-only",
    "FLAT bits 15:0 are reserved",
];

/// (value, width, shift) of the fixed top bits of each compute encoding.
const ENCODINGS: &[(u32, u32, u32)] = &[
    (0, 1, 31),     // VOP2
    (0x3f, 7, 25),  // VOP1
    (0x3e, 7, 25),  // VOPC
    (0x2, 2, 30),   // SOP2 (and SOPK/SOP1/SOPC/SOPP)
    (0x17d, 9, 23), // SOP1
    (0x17e, 9, 23), // SOPC
    (0x17f, 9, 23), // SOPP
    (0xb, 4, 28),   // SOPK
    (0x30, 6, 26),  // SMEM
    (0x34, 6, 26),  // VOP3
    (0x35, 6, 26),  // VINTRP
    (0x36, 6, 26),  // DS
    (0x37, 6, 26),  // FLAT
    (0x38, 6, 26),  // MUBUF
    (0x3a, 6, 26),  // MTBUF
];

const CASES: usize = 6000;

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as u32
    }
}

/// address → (text without llvm's trailing comments, encoding words)
fn by_address(listing: &str) -> HashMap<u64, (String, String)> {
    listing
        .lines()
        .filter(|l| l.starts_with('\t'))
        .filter_map(|l| {
            let (text, rest) = l.split_once("// ")?;
            let (address, rest) = rest.split_once(": ")?;
            let words = rest
                .split(" ;")
                .next()?
                .split(" <")
                .next()?
                .trim()
                .to_string();
            Some((
                u64::from_str_radix(address, 16).ok()?,
                (text.trim().to_string(), words),
            ))
        })
        .collect()
}

#[test]
fn random_encodings_agree_with_llvm() {
    let have = |t: &str| {
        Command::new(t)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !have("llvm-mc-15") || !have("llvm-objdump-15") {
        eprintln!("!!!!!!!! SKIPPING: llvm-mc-15/llvm-objdump-15 not installed !!!!!!!!");
        return;
    }
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut source = String::new();
    let mut groups = Vec::new();
    for n in 0..CASES {
        let (value, width, shift) = ENCODINGS[n % ENCODINGS.len()];
        let mask = ((1u32 << width) - 1) << shift;
        let w0 = (rng.next() & !mask) | (value << shift);
        // Half the second dwords get small fields, which keeps more of them valid.
        let w1 = if rng.next() & 1 == 0 {
            rng.next() & 0x0003_ffff
        } else {
            rng.next()
        };
        // Two s_nop 0 after each case resynchronise both decoders.
        source.push_str(&format!(
            ".long {w0:#010x}, {w1:#010x}, 0xbf800000, 0xbf800000\n"
        ));
        groups.push([w0, w1]);
    }
    let dir = std::env::temp_dir().join(format!("gcnsim-isa-{}-fuzz", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (asm, object) = (dir.join("fuzz.s"), dir.join("fuzz.o"));
    std::fs::write(&asm, source).unwrap();
    let ok = Command::new("llvm-mc-15")
        .args(["-arch=amdgcn", "-mcpu=gfx803", "-filetype=obj", "-o"])
        .arg(&object)
        .arg(&asm)
        .status()
        .unwrap();
    assert!(ok.success());
    let reference = Command::new("llvm-objdump-15")
        .args(["-d", "--mcpu=gfx803"])
        .arg(&object)
        .output()
        .unwrap();
    let theirs = by_address(&String::from_utf8_lossy(&reference.stdout));
    let ours = by_address(&listing(&std::fs::read(&object).unwrap()).unwrap());
    let _ = std::fs::remove_dir_all(&dir);

    let (mut same, mut both_reject, mut stricter) = (0, 0, 0);
    let mut mismatches = Vec::new();
    for (n, words) in groups.iter().enumerate() {
        let address = n as u64 * 16;
        let (t, o) = (&theirs[&address], &ours[&address]);
        let (llvm_ok, our_ok) = (!t.0.starts_with(".long"), !o.0.starts_with(".long"));
        match (llvm_ok, our_ok) {
            (false, false) => both_reject += 1,
            (true, true) if t == o => same += 1,
            (true, false) => {
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                let reason = decode(&bytes).unwrap_err().reason;
                if STRICTER_THAN_LLVM.iter().any(|r| reason.starts_with(r)) {
                    stricter += 1;
                } else {
                    mismatches.push(format!("llvm: {} {}\n  ours: rejected: {reason}", t.0, t.1));
                }
            }
            _ => mismatches.push(format!("llvm: {} {}\n  ours: {} {}", t.0, t.1, o.0, o.1)),
        }
    }
    println!(
        "random encodings: {CASES} cases, {same} identical, {both_reject} rejected by both, \
         {stricter} rejected only by us (documented gfx8 rules), {} mismatches",
        mismatches.len()
    );
    assert!(
        same > CASES / 3,
        "too few valid random encodings to mean anything"
    );
    assert!(
        mismatches.is_empty(),
        "{} mismatches with llvm-objdump-15, first ones:\n{}",
        mismatches.len(),
        mismatches
            .iter()
            .take(25)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
