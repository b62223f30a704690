//! The oracle behind the solver's I/O: rejects what the solver rejects (exit status 1), so
//! `scripts/make-testdata.sh` can check generated outputs with it.

fn main() -> std::process::ExitCode {
    judge_io::run_main(boardcover::naive::run)
}
