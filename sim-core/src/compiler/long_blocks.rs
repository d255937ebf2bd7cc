//! Very long basic blocks and LLVM 15's post-register-allocation scheduler.
//!
//! LLVM 15 builds the post-RA scheduler's dependence graph in time that grows with the
//! square of a block's length (`SUnit::addPred` searches every edge already added): a
//! straight-line kernel of about 7,000 LLVM instructions on 64-bit elements (CTS basic
//! `vector_creation`, `long16`) spends 37 of its 40 s of compilation there, against 0.7 s
//! for one of 1,700. Blocks longer than [`POST_RA_SCHEDULE_LIMIT`] are therefore compiled
//! without that scheduler (which only reorders instructions after register allocation);
//! the build log says so.

/// The longest basic block, in LLVM IR instructions, still given to the post-RA scheduler.
pub const POST_RA_SCHEDULE_LIMIT: usize = 4096;

/// The number of instructions of the longest basic block of the functions in `ir`, an LLVM
/// IR module in text form.
pub fn longest_block(ir: &str) -> usize {
    let mut longest = 0;
    let mut current = 0;
    let mut in_function = false;
    for line in ir.lines() {
        if line.starts_with("define ") {
            in_function = true;
            current = 0;
        } else if !in_function {
            continue;
        } else if line.starts_with('}') || is_label(line) {
            longest = longest.max(current);
            current = 0;
            in_function = !line.starts_with('}');
        } else if line.starts_with("  ") && !line.trim_start().starts_with(';') {
            current += 1;
        }
    }
    longest
}

/// Whether `line` starts a basic block (`name:` or `42:`, perhaps with a comment).
fn is_label(line: &str) -> bool {
    let head = line.split(';').next().unwrap_or("").trim_end();
    !line.starts_with(' ') && head.len() > 1 && head.ends_with(':')
}

/// The extra clang arguments, and the build-log note, for a module whose longest block has
/// `len` instructions: none for blocks up to [`POST_RA_SCHEDULE_LIMIT`].
pub fn scheduler_args(len: usize) -> (Vec<String>, String) {
    if len <= POST_RA_SCHEDULE_LIMIT {
        return (Vec::new(), String::new());
    }
    let args = ["-mllvm", "-enable-post-misched=false"].map(String::from);
    let note = format!(
        "gcnsim: note: a basic block of {len} LLVM instructions (over \
         {POST_RA_SCHEDULE_LIMIT}): compiled without LLVM 15's post-RA scheduler, whose time \
         grows with the square of a block's length\n"
    );
    (args.to_vec(), note)
}

#[cfg(test)]
mod tests {
    use super::*;

    const IR: &str = "\
; ModuleID = 'program.cl'
@g = global i32 0

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
entry:
  %a = load i32, ptr addrspace(1) %p, align 4
  ; a comment
  %b = add i32 %a, 1
  br label %5

5:                                                ; preds = %entry
  store i32 %b, ptr addrspace(1) %p, align 4
  ret void
}

declare void @f()

define internal void @g() {
  ret void
}
";

    #[test]
    fn counts_the_longest_block() {
        assert_eq!(longest_block(IR), 3);
        assert_eq!(longest_block("declare void @f()\n"), 0);
    }

    #[test]
    fn long_blocks_skip_the_post_ra_scheduler() {
        assert_eq!(
            scheduler_args(POST_RA_SCHEDULE_LIMIT),
            (vec![], String::new())
        );
        let (args, note) = scheduler_args(POST_RA_SCHEDULE_LIMIT + 1);
        assert_eq!(args, ["-mllvm", "-enable-post-misched=false"]);
        assert!(note.contains("4097 LLVM instructions"), "{note}");
    }
}
