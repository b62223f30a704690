//! The seeded generator of driver inputs (for the stress tests, testdata and the benchmark).
//!
//! Every test case is cut from a whole solved (N+2) x (N+2) puzzle, each piece with four
//! different edges: the ring goes to `init`, and the puts are mostly inner pieces next to what
//! was already put (in random rotations), mixed with pieces from anywhere, copies of earlier
//! pieces and made-up pieces, so that some fit nowhere (-1) and some fit in several places.
//!
//! - `random`: edge codes drawn from a small alphabet (many ties) or at random (few ties).
//! - `adversarial`: every border edge facing the inside is the self-fitting code `55..5` where
//!   the four-different-edges rule allows, the inner edges come from a handful of codes that
//!   include it, and many puts show it, so thousands of cells wait on one code and every put
//!   that shows it makes the bucket-scan baseline look at all of them.

use judge_io::Rng;

use super::{partner, rotate, Edge, Piece, MAX_M, MAX_N, MAX_PUTS, MIN_M, MIN_N};

/// What kind of test cases to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Random codes or a small random alphabet.
    Random,
    /// Many cells waiting on one self-fitting code.
    Adversarial,
}

/// The generator's settings; ranges are inclusive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The kind of test cases.
    pub mode: Mode,
    /// T, the number of test cases.
    pub tests: usize,
    /// N is drawn from this range.
    pub n: (usize, usize),
    /// M is drawn from this range.
    pub m: (usize, usize),
    /// Q is drawn from this range.
    pub q: (usize, usize),
    /// The size of the inner edge alphabet (0: fresh random codes, no alphabet); `None` lets
    /// the mode choose per test case.
    pub codes: Option<usize>,
}

impl Config {
    /// Small test cases of `mode`: T = 5, N 4..=8, M 3..=8, Q 0..=80.
    pub fn small(mode: Mode) -> Config {
        Config { mode, tests: 5, n: (MIN_N, 8), m: (MIN_M, MAX_M), q: (0, 80), codes: None }
    }
}

/// The usage line of the generator binary.
pub const USAGE: &str = "usage: ts-big-puzzle-gen SEED random|adversarial [--tests T] \
     [--n LO[..HI]] [--m LO[..HI]] [--q LO[..HI]] [--codes K]   (K = 0: random codes, else K >= 4 codes)";

/// Parses `SEED MODE [options]` (the arguments after the program name).
pub fn parse_args(args: &[String]) -> Result<(u64, Config), String> {
    if args.len() < 2 {
        return Err(format!("expected SEED and MODE; {}", USAGE));
    }
    let seed: u64 = args[0]
        .parse()
        .map_err(|_| format!("SEED must be a non-negative integer, got {:?}", args[0]))?;
    let mode = match args[1].as_str() {
        "random" => Mode::Random,
        "adversarial" => Mode::Adversarial,
        other => return Err(format!("MODE must be random or adversarial, got {:?}", other)),
    };
    let mut config = Config::small(mode);
    let mut rest = args[2..].iter();
    while let Some(option) = rest.next() {
        let value = match rest.next() {
            Some(value) => value,
            None => return Err(format!("option {} needs a value; {}", option, USAGE)),
        };
        match option.as_str() {
            "--tests" => config.tests = number(option, value)?,
            "--n" => config.n = range(option, value, MIN_N, MAX_N)?,
            "--m" => config.m = range(option, value, MIN_M, MAX_M)?,
            "--q" => config.q = range(option, value, 0, MAX_PUTS)?,
            "--codes" => {
                let codes = number(option, value)?;
                if codes != 0 && codes < 4 {
                    return Err(format!(
                        "--codes must be 0 (random codes) or at least 4, got {}",
                        codes
                    ));
                }
                config.codes = Some(codes);
            }
            _ => return Err(format!("unknown option {:?}; {}", option, USAGE)),
        }
    }
    Ok((seed, config))
}

/// `value` as a number for `option`.
fn number(option: &str, value: &str) -> Result<usize, String> {
    value.parse().map_err(|_| format!("{} needs a non-negative integer, got {:?}", option, value))
}

/// `LO` or `LO..HI` within `min..=max`.
fn range(option: &str, value: &str, min: usize, max: usize) -> Result<(usize, usize), String> {
    let (lo, hi) = match value.find("..") {
        Some(at) => (number(option, &value[..at])?, number(option, &value[at + 2..])?),
        None => {
            let v = number(option, value)?;
            (v, v)
        }
    };
    if lo > hi || lo < min || hi > max {
        return Err(format!("{} must be a range within {}..{}, got {:?}", option, min, max, value));
    }
    Ok((lo, hi))
}

/// A random M-digit edge code with digits 1..9.
fn random_code(rng: &mut Rng, m: usize) -> Edge {
    (0..m).fold(0, |code, _| code * 10 + rng.range(1, 9) as Edge)
}

/// The self-fitting code 55..5 of M digits.
pub fn self_fitting(m: usize) -> Edge {
    (0..m).fold(0, |code, _| code * 10 + 5)
}

/// Where edge codes come from in one test case.
struct Codes {
    m: usize,
    /// The alphabet for inner edges; empty means fresh random codes.
    alphabet: Vec<Edge>,
    /// Preferred for the border's inward edges (adversarial mode).
    prefer: Option<Edge>,
}

impl Codes {
    /// A code not in `avoid` whose partner is not `partner_avoid`; `prefer` first if allowed,
    /// then the alphabet, then fresh random codes (which always succeed eventually).
    fn pick(
        &self,
        rng: &mut Rng,
        avoid: &[Edge],
        partner_avoid: Option<Edge>,
        prefer: Option<Edge>,
    ) -> Edge {
        let ok = |code: Edge| !avoid.contains(&code) && Some(partner(code)) != partner_avoid;
        if let Some(code) = prefer {
            if ok(code) {
                return code;
            }
        }
        if !self.alphabet.is_empty() {
            for _ in 0..32 {
                let code = self.alphabet[rng.index(self.alphabet.len())];
                if ok(code) {
                    return code;
                }
            }
        }
        loop {
            let code = random_code(rng, self.m);
            if ok(code) {
                return code;
            }
        }
    }
}

/// A solved (n+2) x (n+2) puzzle, `solved[y][x]`, every piece with four different edges (the
/// corners are made too and never used).
fn solved_puzzle(rng: &mut Rng, n: usize, codes: &Codes) -> Vec<Vec<Piece>> {
    let width = n + 2;
    let mut solved = vec![vec![[0; 4]; width]; width];
    for y in 0..width {
        for x in 0..width {
            let mut top = if y > 0 { partner(solved[y - 1][x][2]) } else { 0 };
            let mut left = if x > 0 { partner(solved[y][x - 1][1]) } else { 0 };
            if y == 0 {
                top = codes.pick(rng, &[left], None, None);
            }
            if x == 0 {
                left = codes.pick(rng, &[top], None, None);
            }
            // The right neighbour's top is already known (the row above is done); our right
            // edge's partner becomes its left edge, so it must differ from that top.
            let right_top =
                if y > 0 && x + 1 < width { Some(partner(solved[y - 1][x + 1][2])) } else { None };
            let inner_x = (1..=n).contains(&x);
            let inner_y = (1..=n).contains(&y);
            // The edges shared between the border and an inner cell.
            let right_inward = (x == 0 || x == n) && inner_y;
            let bottom_inward = (y == 0 || y == n) && inner_x;
            let right = codes.pick(
                rng,
                &[top, left],
                right_top,
                if right_inward { codes.prefer } else { None },
            );
            let bottom = codes.pick(
                rng,
                &[top, left, right],
                None,
                if bottom_inward { codes.prefer } else { None },
            );
            solved[y][x] = [top, right, bottom, left];
        }
    }
    solved
}

/// Four different codes, all from the alphabet and its partners when there is one.
fn made_up_piece(rng: &mut Rng, codes: &Codes, must_show: Option<Edge>) -> Piece {
    let mut piece = [0; 4];
    for i in 0..4 {
        let prefer = if i == 0 { must_show } else { None };
        let code = codes.pick(rng, &piece[..i], None, prefer);
        // Half the time show the partner, which is what a neighbour would need.
        piece[i] = if prefer.is_none() && rng.chance(1, 2) && !piece[..i].contains(&partner(code)) {
            partner(code)
        } else {
            code
        };
    }
    rotate(piece, rng.index(4))
}

/// Appends one test case to `text`.
fn test_case(rng: &mut Rng, config: &Config, text: &mut String) {
    let n = rng.range(config.n.0 as u64, config.n.1 as u64) as usize;
    let m = rng.range(config.m.0 as u64, config.m.1 as u64) as usize;
    let q = rng.range(config.q.0 as u64, config.q.1 as u64) as usize;
    let alphabet_size = match (config.codes, config.mode) {
        (Some(k), _) => k,
        (None, Mode::Random) if rng.chance(1, 3) => 0,
        (None, Mode::Random) => rng.range(4, 12) as usize,
        (None, Mode::Adversarial) => rng.range(4, 8) as usize,
    };
    let special = self_fitting(m);
    let mut alphabet: Vec<Edge> = Vec::new();
    if config.mode == Mode::Adversarial {
        alphabet.push(special);
    }
    while alphabet.len() < alphabet_size {
        let code = random_code(rng, m);
        if !alphabet.contains(&code) {
            alphabet.push(code);
        }
    }
    let codes = Codes {
        m,
        alphabet,
        prefer: if config.mode == Mode::Adversarial { Some(special) } else { None },
    };
    let solved = solved_puzzle(rng, n, &codes);

    push_line(text, &[n as Edge, m as Edge]);
    let last = n + 1;
    for piece in &solved[0][1..=n] {
        push_line(text, piece);
    }
    for row in &solved[1..=n] {
        push_line(text, &row[last]);
    }
    for piece in &solved[last][1..=n] {
        push_line(text, piece);
    }
    for row in &solved[1..=n] {
        push_line(text, &row[0]);
    }

    // The generator's own idea of what is placed: the pieces it meant to put, where they came
    // from. The solver may put some elsewhere; that only makes later puts more varied.
    let width = n + 2;
    let mut used = vec![false; width * width];
    let mut frontier: Vec<usize> = Vec::new();
    for i in 1..=n {
        frontier.extend_from_slice(&[width + i, n * width + i, i * width + 1, i * width + n]);
    }
    let mut put_so_far: Vec<Piece> = Vec::new();
    push_line(text, &[q as Edge]);
    for _ in 0..q {
        // Percent thresholds for: next to the placed ones, showing the self-fitting code,
        // from anywhere inside, a copy of an earlier piece; the rest are made up.
        let (next_to, showing, anywhere, copy) = match config.mode {
            Mode::Random => (70, 70, 78, 88),
            Mode::Adversarial => (50, 80, 86, 94),
        };
        let roll = rng.below(100);
        let piece = if roll < next_to {
            let mut picked = None;
            while !frontier.is_empty() {
                let at = rng.index(frontier.len());
                let cell = frontier.swap_remove(at);
                if !used[cell] {
                    picked = Some(cell);
                    break;
                }
            }
            match picked {
                Some(cell) => {
                    used[cell] = true;
                    let (x, y) = (cell % width, cell / width);
                    for &next in [cell - width, cell + 1, cell + width, cell - 1].iter() {
                        let (nx, ny) = (next % width, next / width);
                        if (1..=n).contains(&nx) && (1..=n).contains(&ny) && !used[next] {
                            frontier.push(next);
                        }
                    }
                    solved[y][x]
                }
                None => made_up_piece(rng, &codes, None),
            }
        } else if roll < showing {
            made_up_piece(rng, &codes, Some(special))
        } else if roll < anywhere {
            // Usually fits nowhere yet.
            solved[rng.range(1, n as u64) as usize][rng.range(1, n as u64) as usize]
        } else if roll < copy && !put_so_far.is_empty() {
            // Fits where a twin waits, or nowhere.
            put_so_far[rng.index(put_so_far.len())]
        } else {
            made_up_piece(rng, &codes, None)
        };
        let piece = rotate(piece, rng.index(4));
        put_so_far.push(piece);
        push_line(text, &piece);
    }
}

/// Appends the numbers of one line.
fn push_line(text: &mut String, numbers: &[Edge]) {
    for (i, number) in numbers.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(&number.to_string());
    }
    text.push('\n');
}

/// One whole driver input: the same `seed` and `config` give the same text.
pub fn generate(seed: u64, config: &Config) -> String {
    let mut rng = Rng::new(seed);
    let mut text = format!("{}\n", config.tests);
    for _ in 0..config.tests {
        test_case(&mut rng, config, &mut text);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::{generate, parse_args, Config, Mode};
    use crate::Reader;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn generated_input_is_valid_and_deterministic() {
        for &mode in [Mode::Random, Mode::Adversarial].iter() {
            for seed in 0..20 {
                let config = Config::small(mode);
                let text = generate(seed, &config);
                assert_eq!(text, generate(seed, &config));
                let mut reader = Reader::new(text.as_bytes());
                let tests = reader.tests().expect("valid T");
                for _ in 0..tests {
                    let case = reader.case().expect("valid case");
                    for _ in 0..case.q {
                        reader.piece(case.m).expect("valid piece");
                    }
                }
                reader.end().expect("nothing left");
            }
        }
    }

    #[test]
    fn arguments_parse_or_explain() {
        let (seed, config) =
            parse_args(&args("7 adversarial --tests 2 --n 5..6 --m 4 --q 100 --codes 5"))
                .expect("valid");
        assert_eq!(seed, 7);
        assert_eq!(
            config,
            Config {
                mode: Mode::Adversarial,
                tests: 2,
                n: (5, 6),
                m: (4, 4),
                q: (100, 100),
                codes: Some(5),
            }
        );
        assert!(parse_args(&args("7")).is_err());
        assert!(parse_args(&args("x random")).is_err());
        assert!(parse_args(&args("7 other")).is_err());
        assert!(parse_args(&args("7 random --n 3")).is_err());
        assert!(parse_args(&args("7 random --m 4..9")).is_err());
        assert!(parse_args(&args("7 random --q")).is_err());
        assert!(parse_args(&args("7 random --codes 2")).is_err());
        assert!(parse_args(&args("7 random --bogus 1")).is_err());
    }
}
