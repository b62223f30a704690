//! The seeded generator of settled fields, and the small-domain enumerator for stress tests.
//!
//! Modes (`boj-11559-gen SEED MODE [H W]`, 12 x 6 unless given):
//! - `random`: random column heights, 2 to 4 random letters, so groups happen;
//! - `judge`: the judge's 12 x 6, heights random, 3 to 5 of the letters `RGBPY`;
//! - `full`: every column full, 2 to 4 letters;
//! - `quiet`: no puyo shares a colour with a neighbour, so nothing ever pops (answer 0);
//! - `chain`: [`wells`], a long chain built column after column (about h·w/5 steps);
//! - `stairs`: [`stairs`], a staircase along the floor (w - 1 steps);
//! - `twin`: [`twin`], two staircases side by side that pop at the same steps.
//!
//! The constructions use letters drawn by the seed for their roles and return the number of
//! steps they are built to make; the stress tests check it against both solvers.

use judge_io::Rng;

use super::field::{Colour, Field};

/// The field size when the arguments give none: the judge's.
const DEFAULT_SIZE: (usize, usize) = (12, 6);
/// More cells than this is refused (it would only exhaust memory).
const MAX_CELLS: usize = 100_000_000;

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Random,
    Judge,
    Full,
    Quiet,
    Chain,
    Stairs,
    Twin,
}

const MODES: [(&str, Mode); 7] = [
    ("random", Mode::Random),
    ("judge", Mode::Judge),
    ("full", Mode::Full),
    ("quiet", Mode::Quiet),
    ("chain", Mode::Chain),
    ("stairs", Mode::Stairs),
    ("twin", Mode::Twin),
];

/// The generator's arguments: `SEED MODE [H W]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    pub seed: u64,
    pub mode: Mode,
    pub height: usize,
    pub width: usize,
}

/// Reads `SEED MODE [H W]`.
///
/// # Errors
/// A usage message naming the bad argument, or a size the mode cannot build.
pub fn parse_args(args: &[String]) -> Result<Spec, String> {
    let usage =
        "usage: boj-11559-gen SEED MODE [H W]   MODE: random judge full quiet chain stairs twin";
    let number = |text: &str, what: &str| -> Result<u64, String> {
        text.parse().map_err(|_| {
            format!("{} must be a non-negative integer, found {:?}; {}", what, text, usage)
        })
    };
    if args.len() != 2 && args.len() != 4 {
        return Err(usage.to_string());
    }
    let seed = number(&args[0], "SEED")?;
    let mode = match MODES.iter().find(|(name, _)| *name == args[1]) {
        Some(&(_, mode)) => mode,
        None => return Err(format!("unknown MODE {:?}; {}", args[1], usage)),
    };
    let (height, width) = if args.len() == 4 {
        if mode == Mode::Judge {
            return Err("judge fields are always 12 x 6: give no H W".to_string());
        }
        (number(&args[2], "H")? as usize, number(&args[3], "W")? as usize)
    } else {
        DEFAULT_SIZE
    };
    let spec = Spec { seed, mode, height, width };
    check_size(&spec)?;
    Ok(spec)
}

/// Whether `spec`'s mode can build a field of its size.
fn check_size(spec: &Spec) -> Result<(), String> {
    let (h, w) = (spec.height, spec.width);
    let (min_h, min_w) = match spec.mode {
        Mode::Chain => (8, 1),
        Mode::Stairs => (4, 2),
        Mode::Twin => (4, 4),
        _ => (1, 1),
    };
    if h < min_h || w < min_w {
        return Err(format!(
            "{:?} needs H >= {} and W >= {}, got {} x {}",
            spec.mode, min_h, min_w, h, w
        ));
    }
    if h.saturating_mul(w) > MAX_CELLS {
        return Err(format!("{} x {} is more than {} cells", h, w, MAX_CELLS));
    }
    Ok(())
}

/// The field `spec` describes; the same spec always gives the same field.
///
/// # Panics
/// If the size is one [`parse_args`] refuses.
pub fn generate(spec: &Spec) -> Field {
    check_size(spec).expect("a size parse_args accepts");
    let mut rng = Rng::new(spec.seed);
    let (h, w) = (spec.height, spec.width);
    match spec.mode {
        Mode::Random => {
            let n_colours = rng.range(2, 4) as usize;
            random(&mut rng, h, w, n_colours, false)
        }
        Mode::Judge => judge(&mut rng),
        Mode::Full => {
            let n_colours = rng.range(2, 4) as usize;
            random(&mut rng, h, w, n_colours, true)
        }
        Mode::Quiet => quiet(&mut rng, h, w),
        Mode::Chain => wells(&mut rng, h, w).0,
        Mode::Stairs => stairs(&mut rng, h, w).0,
        Mode::Twin => twin(&mut rng, h, w).0,
    }
}

/// `n` distinct letters in random order.
fn letters(rng: &mut Rng, n: usize) -> Vec<Colour> {
    let mut all: Vec<Colour> =
        (b'A'..=b'Z').map(|b| Colour::from_letter(b).expect("A-Z")).collect();
    rng.shuffle(&mut all);
    all.truncate(n);
    all
}

/// Random settled columns in `n_colours` random letters: full height if `full`, else each of
/// a uniform height in `0..=h`.
pub fn random(rng: &mut Rng, h: usize, w: usize, n_colours: usize, full: bool) -> Field {
    let palette = letters(rng, n_colours);
    let columns: Vec<Vec<Colour>> = (0..w)
        .map(|_| {
            let height = if full { h } else { rng.index(h + 1) };
            (0..height).map(|_| palette[rng.index(palette.len())]).collect()
        })
        .collect();
    Field::from_columns(h, &columns)
}

/// A judge-sized field: 12 x 6, random heights, 3 to 5 of the letters `RGBPY`.
pub fn judge(rng: &mut Rng) -> Field {
    let mut palette: Vec<Colour> =
        b"RGBPY".iter().map(|&b| Colour::from_letter(b).expect("A-Z")).collect();
    rng.shuffle(&mut palette);
    palette.truncate(rng.range(3, 5) as usize);
    let (h, w) = DEFAULT_SIZE;
    let columns: Vec<Vec<Colour>> = (0..w)
        .map(|_| (0..rng.index(h + 1)).map(|_| palette[rng.index(palette.len())]).collect())
        .collect();
    Field::from_columns(h, &columns)
}

/// A field where nothing pops: every puyo differs from the ones left of and below it (so
/// every group has one puyo), in 3 to 5 random letters.
pub fn quiet(rng: &mut Rng, h: usize, w: usize) -> Field {
    let n_colours = rng.range(3, 5) as usize;
    let palette = letters(rng, n_colours);
    let mut columns: Vec<Vec<Colour>> = Vec::with_capacity(w);
    for x in 0..w {
        let height = rng.index(h + 1);
        let mut column: Vec<Colour> = Vec::with_capacity(height);
        for y in 0..height {
            let left = if x > 0 { columns[x - 1].get(y).copied() } else { None };
            let below = column.last().copied();
            let allowed: Vec<Colour> =
                palette.iter().copied().filter(|&c| Some(c) != left && Some(c) != below).collect();
            column.push(allowed[rng.index(allowed.len())]);
        }
        columns.push(column);
    }
    Field::from_columns(h, &columns)
}

/// The long chain: full columns ("wells") that each run a nested chain of `b = (h - 3) / 5`
/// steps, and then pass it on to the next column. Returns the field and its number of steps,
/// `w * (b + 1) - 1` (199 999 at 1000 x 1000).
///
/// Column `x`, from the floor, with `c = h - 3 - 4b` (so `c >= b`):
/// ```text
/// levels c-b .. c-1   below part: level c-k is puyo b_k, colour k mod 2 of the column's pair
/// level  c            the trigger t_x (column 0: colour 1 of its pair)
/// levels c+1 .. c+3b  above part: three puyos a_k of colour k mod 2, k = 1..b, upward
/// top 3 levels        the relay, in the trigger colour of column x + 1
/// the rest            filler, two letters alternating
/// ```
/// Why it chains: when `t_x` pops, `a_1` lands on `b_1` (1 + 3 = 4 of a colour: pop), then `a_2`
/// lands on `b_2`, and so on: `b` steps that each pop 4 puyos below the relay. The relay falls
/// 4b + 1 levels in all, to `c-1 ..= c+1`, beside `t_{x+1}` at level `c` — only after the
/// last step, since it falls 4 at a time and is 3 tall. The relay and `t_{x+1}` (4 puyos) pop
/// next, which starts column `x + 1`. Column 0 starts itself: its trigger has `b_1`'s colour,
/// a run of 5. Nothing else ever pops: even and odd columns use disjoint letters (chain pair,
/// filler pair) for everything but the two trigger letters; a column's runs alternate
/// colours, so at most three alike touch until a merge; triggers alternate between two
/// letters, so neighbouring triggers differ; and a relay meets a trigger of its letter only
/// at its end (the other one it could touch, `t_x` of its own column, is gone by then).
///
/// # Panics
/// If `h < 8` (no room for one step).
pub fn wells(rng: &mut Rng, h: usize, w: usize) -> (Field, u64) {
    let b = h.saturating_sub(3) / 5;
    assert!(b >= 1, "the wells need h >= 8");
    let c = h - 3 - 4 * b;
    let roles = letters(rng, 10);
    let pair = |parity: usize, k: usize| roles[parity * 2 + k % 2];
    let filler = |parity: usize, k: usize| roles[4 + parity * 2 + k % 2];
    let trigger = |x: usize| roles[8 + x % 2];
    let columns: Vec<Vec<Colour>> = (0..w)
        .map(|x| {
            let parity = x % 2;
            let mut column = Vec::with_capacity(h);
            column.extend((0..c - b).map(|y| filler(parity, y)));
            column.extend((1..=b).rev().map(|k| pair(parity, k)));
            column.push(if x == 0 { pair(parity, 1) } else { trigger(x) });
            for k in 1..=b {
                column.extend([pair(parity, k); 3]);
            }
            column.extend((0..b - 1).map(|y| filler(parity, y)));
            column.extend([trigger(x + 1); 3]);
            debug_assert_eq!(column.len(), h, "a well fills its column");
            column
        })
        .collect();
    (Field::from_columns(h, &columns), (w * (b + 1) - 1) as u64)
}

/// A staircase along the floor: column 0 holds one puyo of colour `c_0`; column `x >= 1`
/// holds three of `c_{x-1}` and one of `c_x` on them; filler up to a random height above.
/// Returns the field and its `w - 1` steps.
///
/// Step `x` pops the `c_{x-1}` puyo of column `x - 1` (now on the floor) with the three of
/// column `x`, which drops column `x`'s `c_x` puyo to the floor beside column `x + 1`'s
/// three. The `c` cycle through 3 letters, so neighbouring columns' runs differ; fillers use
/// two letters per column parity, alternating, which no chain puyo or neighbour shares.
pub fn stairs(rng: &mut Rng, h: usize, w: usize) -> (Field, u64) {
    let roles = letters(rng, 7);
    let columns = staircases(
        rng,
        h,
        &[(w, [roles[0], roles[1], roles[2]])],
        [roles[3], roles[4], roles[5], roles[6]],
    );
    (Field::from_columns(h, &columns), w as u64 - 1)
}

/// Two staircases side by side (widths `a` and `w - a`, `a` random), in different letters:
/// they pop at the same time, so the field makes `max(a, w - a) - 1` steps, not their sum.
pub fn twin(rng: &mut Rng, h: usize, w: usize) -> (Field, u64) {
    let roles = letters(rng, 10);
    let a = rng.range(2, w as u64 - 2) as usize;
    let parts = [(a, [roles[0], roles[1], roles[2]]), (w - a, [roles[3], roles[4], roles[5]])];
    let columns = staircases(rng, h, &parts, [roles[6], roles[7], roles[8], roles[9]]);
    (Field::from_columns(h, &columns), (a.max(w - a) - 1) as u64)
}

/// Columns of staircases of the given widths and colour cycles, side by side; `fillers` are
/// two letters for even columns and two for odd ones.
fn staircases(
    rng: &mut Rng,
    h: usize,
    parts: &[(usize, [Colour; 3])],
    fillers: [Colour; 4],
) -> Vec<Vec<Colour>> {
    let mut columns = Vec::new();
    for &(width, cycle) in parts {
        for i in 0..width {
            let x = columns.len();
            let mut column = Vec::with_capacity(h);
            if i > 0 {
                column.extend([cycle[(i - 1) % 3]; 3]);
            }
            column.push(cycle[i % 3]);
            let height = rng.range(column.len() as u64, h as u64) as usize;
            for y in column.len()..height {
                column.push(fillers[(x % 2) * 2 + y % 2]);
            }
            columns.push(column);
        }
    }
    columns
}

/// Calls `f` on every settled `h` x `w` field whose puyos use the first `n_colours` letters.
///
/// There are `(1 + n + ... + n^h)^w` of them (`n = n_colours`).
pub fn every_field<F: FnMut(&Field)>(h: usize, w: usize, n_colours: usize, mut f: F) {
    let palette: Vec<Colour> =
        (b'A'..).take(n_colours).map(|b| Colour::from_letter(b).expect("A-Z")).collect();
    // Every column: each height, then each colouring of it, as base-n digits.
    let mut column_kinds: Vec<Vec<Colour>> = Vec::new();
    for height in 0..=h {
        let count = n_colours.pow(height as u32);
        for mut code in 0..count {
            let column = (0..height)
                .map(|_| {
                    let colour = palette[code % n_colours];
                    code /= n_colours;
                    colour
                })
                .collect();
            column_kinds.push(column);
        }
    }
    let mut choice = vec![0; w];
    loop {
        let columns: Vec<Vec<Colour>> = choice.iter().map(|&k| column_kinds[k].clone()).collect();
        f(&Field::from_columns(h, &columns));
        // The next choice, like an odometer; done when it wraps around.
        let mut x = 0;
        while x < w && choice[x] + 1 == column_kinds.len() {
            choice[x] = 0;
            x += 1;
        }
        if x == w {
            return;
        }
        choice[x] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{every_field, generate, parse_args, Mode, Spec};

    fn args(words: &str) -> Vec<String> {
        words.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn arguments() {
        assert_eq!(
            parse_args(&args("7 chain 60 40")),
            Ok(Spec { seed: 7, mode: Mode::Chain, height: 60, width: 40 })
        );
        assert_eq!(
            parse_args(&args("7 judge")),
            Ok(Spec { seed: 7, mode: Mode::Judge, height: 12, width: 6 })
        );
        assert!(parse_args(&args("7 judge 12 6")).is_err());
        assert!(parse_args(&args("x random")).unwrap_err().contains("SEED"));
        assert!(parse_args(&args("1 nope")).unwrap_err().contains("unknown MODE"));
        assert!(parse_args(&args("1 chain 7 5")).unwrap_err().contains("H >= 8"));
        assert!(parse_args(&args("1 random 5")).is_err());
        assert!(parse_args(&args("1 random 0 5")).is_err());
    }

    #[test]
    fn deterministic_and_sized() {
        for mode in ["random", "full", "quiet", "chain", "stairs", "twin"] {
            let spec = parse_args(&args(&format!("3 {} 17 9", mode))).expect("valid");
            let field = generate(&spec);
            assert_eq!((field.height(), field.width()), (17, 9), "{}", mode);
            assert_eq!(field, generate(&spec), "{}", mode);
        }
    }

    #[test]
    fn enumerates_every_field_once() {
        let mut seen = std::collections::HashSet::new();
        every_field(2, 2, 2, |field| assert!(seen.insert(field.text())));
        assert_eq!(seen.len(), 7 * 7);
    }
}
