//! A generated library of about 20,000 lines in the style of big one-crate competitive
//! programming libraries: algebra traits implemented for every integer type by macros that
//! call each other by their bare names, module-level macro calls that define a struct and
//! implement the library's traits for it (monoids, modints), and 150 modules of data
//! structures and algorithms, with a prelude of glob re-exports. Written by code so that no
//! 20,000 lines are committed; the same `modules` always gives the same bytes.

use std::fmt::Write;

/// The library's files, relative to its crate folder, for `modules` generated modules.
pub fn library(modules: usize) -> Vec<(String, String)> {
    let mut files = vec![
        ("Cargo.toml".to_string(), manifest("biglib", &[])),
        ("src/lib.rs".to_string(), lib_rs(modules)),
        ("src/macros.rs".to_string(), MACROS.to_string()),
        ("src/algebra.rs".to_string(), ALGEBRA.to_string()),
        ("src/modint.rs".to_string(), MODINT.to_string()),
        ("src/prelude.rs".to_string(), prelude(modules)),
        ("src/family.rs".to_string(), FAMILY.to_string()),
        ("src/shapes.rs".to_string(), SHAPES.to_string()),
    ];
    for i in 0..modules {
        files.push((format!("src/m{i:03}.rs"), module(i)));
    }
    files
}

/// A package's manifest, depending on `deps` (by path, beside it).
pub fn manifest(name: &str, deps: &[&str]) -> String {
    let mut text = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n"
    );
    for dep in deps {
        writeln!(text, "{dep} = {{ path = \"../{dep}\" }}").expect("a String");
    }
    text
}

fn lib_rs(modules: usize) -> String {
    let mut text = String::from(
        "//! A big generated library: algebra, modints, and many modules.\n\n\
         #[macro_use]\nmod macros;\npub mod algebra;\npub mod family;\npub mod modint;\npub mod shapes;\npub mod prelude;\n",
    );
    for i in 0..modules {
        writeln!(text, "pub mod m{i:03};").expect("a String");
    }
    text.push_str("\npub use algebra::{Monoid, One, Zero};\n");
    text
}

fn prelude(modules: usize) -> String {
    let mut text = String::from(
        "//! Everything, by glob.\n\npub use crate::algebra::*;\npub use crate::modint::*;\n",
    );
    for i in (0..modules).step_by(7) {
        writeln!(text, "pub use crate::m{i:03}::*;").expect("a String");
    }
    text
}

const MACROS: &str = r#"//! Macros that call each other by their bare names (textual scope: this module is the
//! first the crate declares, with `#[macro_use]`).

macro_rules! impl_zero_one {
    ($($t:ty)*) => {$(
        impl Zero for $t {
            fn zero() -> Self { 0 as $t }
            fn is_zero(&self) -> bool { *self == 0 as $t }
        }
        impl One for $t {
            fn one() -> Self { 1 as $t }
        }
        impl_additive!($t);
        impl_multiplicative!($t);
    )*};
}

macro_rules! impl_additive {
    ($t:ty) => {
        impl Additive for $t {
            fn add_id() -> Self { <$t as Zero>::zero() }
            fn add_op(a: &Self, b: &Self) -> Self { a.wrapping_add(*b) }
        }
    };
}

macro_rules! impl_multiplicative {
    ($t:ty) => {
        impl Multiplicative for $t {
            fn mul_id() -> Self { <$t as One>::one() }
            fn mul_op(a: &Self, b: &Self) -> Self { a.wrapping_mul(*b) }
        }
    };
}

macro_rules! forward_binop {
    ($name:ident, $trait:ident, $method:ident, $assign:ident, $assign_method:ident, $f:ident) => {
        impl std::ops::$trait for $name {
            type Output = $name;
            fn $method(self, rhs: $name) -> $name { self.$f(rhs) }
        }
        impl std::ops::$assign for $name {
            fn $assign_method(&mut self, rhs: $name) { *self = self.$f(rhs); }
        }
    };
}

macro_rules! modint_ops {
    ($name:ident) => {
        forward_binop!($name, Add, add, AddAssign, add_assign, add_mod);
        forward_binop!($name, Sub, sub, SubAssign, sub_assign, sub_mod);
        forward_binop!($name, Mul, mul, MulAssign, mul_assign, mul_mod);
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, "{}", self.0) }
        }
    };
}

/// A modint type for a prime modulus: a struct, its arithmetic and the algebra traits.
#[macro_export]
macro_rules! def_modint {
    ($name:ident, $m:expr) => {
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
        pub struct $name(pub u32);
        impl $name {
            pub const MOD: u32 = $m;
            pub fn new(x: i64) -> Self { $name(x.rem_euclid($m as i64) as u32) }
            pub fn add_mod(self, r: Self) -> Self { $name(((self.0 as u64 + r.0 as u64) % $m as u64) as u32) }
            pub fn sub_mod(self, r: Self) -> Self { $name(((self.0 as u64 + $m as u64 - r.0 as u64) % $m as u64) as u32) }
            pub fn mul_mod(self, r: Self) -> Self { $name((self.0 as u64 * r.0 as u64 % $m as u64) as u32) }
            pub fn pow(self, mut e: u64) -> Self {
                let (mut b, mut r) = (self, $name(1));
                while e > 0 {
                    if e & 1 == 1 { r = r.mul_mod(b); }
                    b = b.mul_mod(b);
                    e >>= 1;
                }
                r
            }
            pub fn inv(self) -> Self { self.pow($m as u64 - 2) }
        }
        modint_ops!($name);
        impl $crate::algebra::Zero for $name {
            fn zero() -> Self { $name(0) }
            fn is_zero(&self) -> bool { self.0 == 0 }
        }
        impl $crate::algebra::One for $name {
            fn one() -> Self { $name(1) }
        }
        impl $crate::algebra::Additive for $name {
            fn add_id() -> Self { $name(0) }
            fn add_op(a: &Self, b: &Self) -> Self { a.add_mod(*b) }
        }
        impl $crate::algebra::Multiplicative for $name {
            fn mul_id() -> Self { $name(1) }
            fn mul_op(a: &Self, b: &Self) -> Self { a.mul_mod(*b) }
        }
    };
}

/// A monoid: a unit struct and its `Monoid` impl.
#[macro_export]
macro_rules! def_monoid {
    ($name:ident, $t:ty, $id:expr, $op:expr) => {
        #[derive(Clone, Copy, Debug)]
        pub struct $name;
        impl $crate::algebra::Monoid for $name {
            type S = $t;
            fn id() -> $t { $id }
            fn op(a: &$t, b: &$t) -> $t {
                let f: fn(&$t, &$t) -> $t = $op;
                f(a, b)
            }
        }
    };
}

/// `max` and `min` that say whether they changed the value.
#[macro_export]
macro_rules! chmax {
    ($a:expr, $b:expr) => {{
        let b = $b;
        if $a < b { $a = b; true } else { false }
    }};
}
"#;

/// What made a real 22,000-line library cost hundreds of compiler runs: algebraic structures
/// declared by a macro that munches `key: value;` pairs and calls itself for the rest (one
/// `impl` of a marker or operation trait per step), applied by another macro to wrappers over
/// every integer type, whose operations call a trait that a third macro implements for the
/// integers. A program that folds one `Sum` leaves the rest for the pruning: the wrappers,
/// their macro-made `impl`s and the integer trait go, and what goes first breaks what the
/// macro calls still make.
/// What made a real 36,000-line library's pruning bisect for minutes (each round's removals,
/// taken together, did not compile, and the repairs did not converge): traits declared in
/// one module and implemented by macros elsewhere, a trait whose methods only the `impl`s of
/// another macro call, in a module that empties (so it goes whole), blanket `impl`s and
/// trait aliases made by a macro, traits with associated types implemented for a type the
/// program keeps (`Self::Value` is "ambiguous" once the trait goes), and a glob import of a
/// module that empties.
const SHAPES: &str = r#"//! Algebra over modules: the shapes of a big library's macros, traits and globs.

pub mod traits {
    pub trait Set {
        type Element: Copy;
    }

    pub trait Op: Set {
        fn op(&self, a: Self::Element, b: Self::Element) -> Self::Element;
    }

    pub trait Unit: Set {
        fn unit(&self) -> Self::Element;
    }

    pub trait Assoc {}

    pub trait Commu {}

    pub trait Semigroup: Op + Assoc {}

    impl<T: Op + Assoc> Semigroup for T {}

    pub trait Monoid: Semigroup + Unit {}

    impl<T: Semigroup + Unit> Monoid for T {}

    macro_rules! alias {
        ($name:ident: $($t:tt)+) => {
            pub trait $name: $($t)+ {}
            impl<T: $($t)+> $name for T {}
        };
    }

    alias!(CommutativeMonoid: Monoid + Commu);
    alias!(CommutativeSemigroup: Semigroup + Commu);
}

pub mod divisors {
    pub trait Divisors: Copy {
        fn gcd(self, other: Self) -> Self;
        fn lcm(self, other: Self) -> Self;
    }

    macro_rules! impl_divisors {
        ($($t:ty),*) => {
            $(impl Divisors for $t {
                fn gcd(self, other: Self) -> Self {
                    let (mut a, mut b) = (self, other);
                    while b != 0 {
                        let r = a % b;
                        a = b;
                        b = r;
                    }
                    a
                }
                fn lcm(self, other: Self) -> Self {
                    if self == 0 || other == 0 { 0 } else { self / self.gcd(other) * other }
                }
            })*
        };
    }

    impl_divisors!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
}

pub mod structures {
    use crate::shapes::divisors::*;
    use crate::shapes::traits::*;
    use std::marker::PhantomData;

    macro_rules! structure {
        ($t:ty;) => {};
        ($t:ty; set: $e:ty; $($rest:tt)*) => {
            impl Set for $t {
                type Element = $e;
            }
            structure!($t; $($rest)*);
        };
        ($t:ty; op: $f:expr; $($rest:tt)*) => {
            impl Op for $t {
                fn op(&self, a: Self::Element, b: Self::Element) -> Self::Element {
                    $f(a, b)
                }
            }
            structure!($t; $($rest)*);
        };
        ($t:ty; unit: $f:expr; $($rest:tt)*) => {
            impl Unit for $t {
                fn unit(&self) -> Self::Element {
                    $f
                }
            }
            structure!($t; $($rest)*);
        };
        ($t:ty; commu; $($rest:tt)*) => {
            impl Commu for $t {}
            structure!($t; $($rest)*);
        };
        ($t:ty; assoc; $($rest:tt)*) => {
            impl Assoc for $t {}
            structure!($t; $($rest)*);
        };
    }

    #[derive(Clone, Copy, Default)]
    pub struct Add<T>(PhantomData<T>);
    #[derive(Clone, Copy, Default)]
    pub struct Gcd<T>(PhantomData<T>);
    #[derive(Clone, Copy, Default)]
    pub struct Lcm<T>(PhantomData<T>);

    macro_rules! every_integer {
        ($($t:ty),*) => {
            $(
                structure!(Add<$t>; set: $t; op: |a: $t, b: $t| a.wrapping_add(b); unit: 0; commu; assoc;);
                structure!(Gcd<$t>; set: $t; op: |a: $t, b: $t| a.gcd(b); unit: 0; commu; assoc;);
                structure!(Lcm<$t>; set: $t; op: |a: $t, b: $t| a.lcm(b); unit: 1; commu; assoc;);
            )*
        };
    }

    every_integer!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

    /// The fold of `v` by the monoid `m`.
    pub fn fold<M: Monoid>(m: &M, v: &[M::Element]) -> M::Element {
        v.iter().fold(m.unit(), |acc, &x| m.op(acc, x))
    }
}

pub mod poly {
    /// A polynomial by its coefficients, lowest first.
    #[derive(Clone, Debug, Default)]
    pub struct Poly(pub Vec<i64>);

    impl Poly {
        pub fn eval(&self, x: i64) -> i64 {
            self.0.iter().rev().fold(0, |acc, &c| acc * x + c)
        }
    }

    pub mod shift {
        use crate::shapes::poly::Poly;

        pub trait Shift {
            type Value;
            fn shift(self, c: Self::Value) -> Self;
        }

        impl Shift for Poly {
            type Value = i64;

            fn shift(self, c: Self::Value) -> Self {
                let n = self.0.len();
                let mut out = vec![0; n];
                for (i, &a) in self.0.iter().enumerate() {
                    let mut binomial = 1i64;
                    let mut power = 1i64;
                    for j in (0..=i).rev() {
                        out[j] += a * binomial * power;
                        binomial = binomial * j as i64 / (i - j + 1) as i64;
                        power *= c;
                    }
                }
                Poly(out)
            }
        }
    }

    pub mod derivative {
        use crate::shapes::poly::Poly;

        pub trait Derivative {
            type Output;
            fn derivative(&self) -> Self::Output;
        }

        impl Derivative for Poly {
            type Output = Poly;

            fn derivative(&self) -> Self::Output {
                Poly(self.0.iter().enumerate().skip(1).map(|(i, &c)| c * i as i64).collect())
            }
        }
    }
}

pub mod merge {
    /// Two sorted slices as one.
    pub fn merge_sorted(a: &[i64], b: &[i64]) -> Vec<i64> {
        let (mut i, mut j, mut out) = (0, 0, Vec::with_capacity(a.len() + b.len()));
        while i < a.len() || j < b.len() {
            if j == b.len() || (i < a.len() && a[i] <= b[j]) {
                out.push(a[i]);
                i += 1;
            } else {
                out.push(b[j]);
                j += 1;
            }
        }
        out
    }
}

pub mod evaluate {
    use crate::shapes::{merge::*, poly::*};

    /// The values of `p` at each of `xs`.
    pub fn values(p: &Poly, xs: &[i64]) -> Vec<i64> {
        xs.iter().map(|&x| p.eval(x)).collect()
    }

    /// The values of `p` at the points of two sorted lists, in order.
    pub fn merged_values(p: &Poly, a: &[i64], b: &[i64]) -> Vec<i64> {
        values(p, &merge_sorted(a, b))
    }
}
"#;

const FAMILY: &str = r#"//! Algebraic structures declared by a recursive macro, for every integer type.

use std::marker::PhantomData;

pub trait Set {
    type Element: Copy;
}

pub trait BinaryOp: Set {
    fn op(&self, a: Self::Element, b: Self::Element) -> Self::Element;
}

pub trait Identity: Set {
    fn id(&self) -> Self::Element;
}

pub trait Commutative {}

pub trait Associative {}

pub trait Idempotent {}

/// A monoid: everything a fold needs (named apart from the algebra module's `Monoid`, so
/// that the other programs' figures do not change with this module).
pub trait Foldable: BinaryOp + Identity + Associative {}

impl<T: BinaryOp + Identity + Associative> Foldable for T {}

/// Greatest common divisor and least common multiple of integers.
pub trait GcdLcm: Copy {
    fn gcd(self, other: Self) -> Self;
    fn lcm(self, other: Self) -> Self;
}

macro_rules! impl_gcd_lcm {
    ($($t:ty),*) => {
        $(impl GcdLcm for $t {
            fn gcd(self, other: Self) -> Self {
                let (mut a, mut b) = (self, other);
                while b != 0 {
                    let r = a % b;
                    a = b;
                    b = r;
                }
                a
            }
            fn lcm(self, other: Self) -> Self {
                if self == 0 || other == 0 { 0 } else { self / self.gcd(other) * other }
            }
        })*
    };
}

impl_gcd_lcm!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

/// `structure!(Type; set: T; op: f; id: g; assoc; ...)`: one `impl` per clause.
macro_rules! structure {
    ($t:ty;) => {};
    ($t:ty; set: $e:ty; $($rest:tt)*) => {
        impl Set for $t {
            type Element = $e;
        }
        structure!($t; $($rest)*);
    };
    ($t:ty; op: $f:expr; $($rest:tt)*) => {
        impl BinaryOp for $t {
            fn op(&self, a: Self::Element, b: Self::Element) -> Self::Element {
                $f(a, b)
            }
        }
        structure!($t; $($rest)*);
    };
    ($t:ty; id: $f:expr; $($rest:tt)*) => {
        impl Identity for $t {
            fn id(&self) -> Self::Element {
                $f
            }
        }
        structure!($t; $($rest)*);
    };
    ($t:ty; commu; $($rest:tt)*) => {
        impl Commutative for $t {}
        structure!($t; $($rest)*);
    };
    ($t:ty; assoc; $($rest:tt)*) => {
        impl Associative for $t {}
        structure!($t; $($rest)*);
    };
    ($t:ty; idem; $($rest:tt)*) => {
        impl Idempotent for $t {}
        structure!($t; $($rest)*);
    };
}

#[derive(Clone, Copy, Default)]
pub struct Sum<T>(PhantomData<T>);
#[derive(Clone, Copy, Default)]
pub struct Gcd<T>(PhantomData<T>);
#[derive(Clone, Copy, Default)]
pub struct Lcm<T>(PhantomData<T>);
#[derive(Clone, Copy, Default)]
pub struct Max<T>(PhantomData<T>);
#[derive(Clone, Copy, Default)]
pub struct Min<T>(PhantomData<T>);

macro_rules! every_integer {
    ($($t:ty),*) => {
        $(
            structure!(Sum<$t>; set: $t; op: |a: $t, b: $t| a.wrapping_add(b); id: 0; commu; assoc;);
            structure!(Gcd<$t>; set: $t; op: |a: $t, b: $t| a.gcd(b); id: 0; commu; assoc; idem;);
            structure!(Lcm<$t>; set: $t; op: |a: $t, b: $t| a.lcm(b); id: 1; commu; assoc; idem;);
            structure!(Max<$t>; set: $t; op: |a: $t, b: $t| a.max(b); id: <$t>::MIN; commu; assoc; idem;);
            structure!(Min<$t>; set: $t; op: |a: $t, b: $t| a.min(b); id: <$t>::MAX; commu; assoc; idem;);
        )*
    };
}

every_integer!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

/// Folds slices with a monoid.
pub struct Fold<M: Foldable> {
    monoid: M,
}

impl<M: Foldable> Fold<M> {
    pub fn new(monoid: M) -> Self {
        Fold { monoid }
    }

    pub fn all(&self, v: &[M::Element]) -> M::Element {
        v.iter().fold(self.monoid.id(), |acc, &x| self.monoid.op(acc, x))
    }

    /// Every prefix's fold.
    pub fn prefixes(&self, v: &[M::Element]) -> Vec<M::Element> {
        let mut acc = self.monoid.id();
        v.iter().map(|&x| { acc = self.monoid.op(acc, x); acc }).collect()
    }
}

/// The fold of an idempotent monoid over any overlapping ranges: a sparse table.
pub fn range_folds<M: Foldable + Idempotent>(monoid: &M, v: &[M::Element]) -> Vec<Vec<M::Element>> {
    let mut table = vec![v.to_vec()];
    let mut width = 1;
    while 2 * width <= v.len() {
        let last = table.last().expect("a row");
        let row = (0..=v.len() - 2 * width).map(|i| monoid.op(last[i], last[i + width])).collect();
        table.push(row);
        width *= 2;
    }
    table
}
"#;

const ALGEBRA: &str = r#"//! Algebra traits, implemented for every integer type.

pub trait Zero: Sized {
    fn zero() -> Self;
    fn is_zero(&self) -> bool;
}

pub trait One: Sized {
    fn one() -> Self;
}

pub trait Additive: Sized {
    fn add_id() -> Self;
    fn add_op(a: &Self, b: &Self) -> Self;
}

pub trait Multiplicative: Sized {
    fn mul_id() -> Self;
    fn mul_op(a: &Self, b: &Self) -> Self;
}

pub trait Monoid {
    type S: Clone;
    fn id() -> Self::S;
    fn op(a: &Self::S, b: &Self::S) -> Self::S;
}

pub trait Group: Monoid {
    fn inv(a: &Self::S) -> Self::S;
}

pub trait Semiring: Additive + Multiplicative + Clone {}

impl<T: Additive + Multiplicative + Clone> Semiring for T {}

impl_zero_one!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

def_monoid!(AddI64, i64, 0, |a, b| a + b);
def_monoid!(MaxI64, i64, i64::MIN, |a, b| *a.max(b));
def_monoid!(MinI64, i64, i64::MAX, |a, b| *a.min(b));
def_monoid!(XorU64, u64, 0, |a, b| a ^ b);

impl Group for AddI64 {
    fn inv(a: &i64) -> i64 { -a }
}
"#;

const MODINT: &str = r#"//! The usual moduli.

def_modint!(Mod998244353, 998_244_353);
def_modint!(Mod1000000007, 1_000_000_007);
def_modint!(Mod1000000009, 1_000_000_009);
def_modint!(Mod167772161, 167_772_161);
def_modint!(Mod469762049, 469_762_049);
"#;

/// Module `i`: one of six kinds, each about 130 lines.
fn module(i: usize) -> String {
    let body = match i % 6 {
        0 => SEGTREE,
        1 => FENWICK,
        2 => GRAPH,
        3 => STRING,
        4 => MATH,
        _ => MATRIX,
    };
    let mut text = format!("//! Generated module {i}.\n\n");
    text.push_str(&body.replace("NN", &format!("{i}")));
    text
}

const SEGTREE: &str = r#"use crate::algebra::Monoid;

def_monoid!(MaxNN, i64, i64::MIN, |a, b| *a.max(b));
def_monoid!(SumNN, i64, 0, |a, b| a + b);

/// A segment tree over the monoid `M`.
pub struct SegTreeNN<M: Monoid> {
    n: usize,
    size: usize,
    data: Vec<M::S>,
}

impl<M: Monoid> SegTreeNN<M> {
    pub fn new(n: usize) -> Self {
        let size = n.next_power_of_two().max(1);
        SegTreeNN { n, size, data: vec![M::id(); 2 * size] }
    }

    pub fn from_vec(v: Vec<M::S>) -> Self {
        let mut tree = Self::new(v.len());
        for (i, x) in v.into_iter().enumerate() {
            tree.data[tree.size + i] = x;
        }
        for i in (1..tree.size).rev() {
            tree.data[i] = M::op(&tree.data[2 * i], &tree.data[2 * i + 1]);
        }
        tree
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    pub fn set(&mut self, i: usize, x: M::S) {
        let mut i = i + self.size;
        self.data[i] = x;
        while i > 1 {
            i /= 2;
            self.data[i] = M::op(&self.data[2 * i], &self.data[2 * i + 1]);
        }
    }

    pub fn get(&self, i: usize) -> M::S {
        self.data[i + self.size].clone()
    }

    pub fn prod(&self, l: usize, r: usize) -> M::S {
        let (mut l, mut r) = (l + self.size, r + self.size);
        let (mut left, mut right) = (M::id(), M::id());
        while l < r {
            if l & 1 == 1 {
                left = M::op(&left, &self.data[l]);
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                right = M::op(&self.data[r], &right);
            }
            l /= 2;
            r /= 2;
        }
        M::op(&left, &right)
    }

    pub fn all_prod(&self) -> M::S {
        self.data[1].clone()
    }

    pub fn max_right<F: Fn(&M::S) -> bool>(&self, l: usize, f: F) -> usize {
        let mut r = l;
        let mut acc = M::id();
        while r < self.n {
            let next = M::op(&acc, &self.data[r + self.size]);
            if !f(&next) {
                break;
            }
            acc = next;
            r += 1;
        }
        r
    }
}

/// The prefix maxima of `v`.
pub fn prefix_max_NN(v: &[i64]) -> Vec<i64> {
    let mut out = Vec::with_capacity(v.len());
    let mut best = i64::MIN;
    for &x in v {
        chmax!(best, x);
        out.push(best);
    }
    out
}

/// Range sums through a tree of `SumNN`.
pub fn range_sums_NN(v: &[i64], queries: &[(usize, usize)]) -> Vec<i64> {
    let tree = SegTreeNN::<SumNN>::from_vec(v.to_vec());
    queries.iter().map(|&(l, r)| tree.prod(l, r)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums() {
        assert_eq!(range_sums_NN(&[1, 2, 3], &[(0, 3)]), vec![6]);
    }
}
"#;

const FENWICK: &str = r#"use crate::algebra::{Additive, Zero};

/// A Fenwick tree over an additive type.
pub struct FenwickNN<T> {
    data: Vec<T>,
}

impl<T: Additive + Clone> FenwickNN<T> {
    pub fn new(n: usize) -> Self {
        FenwickNN { data: vec![T::add_id(); n + 1] }
    }

    pub fn len(&self) -> usize {
        self.data.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn add(&mut self, i: usize, x: T) {
        let mut i = i + 1;
        while i < self.data.len() {
            self.data[i] = T::add_op(&self.data[i], &x);
            i += i & i.wrapping_neg();
        }
    }

    pub fn prefix(&self, r: usize) -> T {
        let mut acc = T::add_id();
        let mut i = r;
        while i > 0 {
            acc = T::add_op(&acc, &self.data[i]);
            i -= i & i.wrapping_neg();
        }
        acc
    }
}

/// Inversions of `v` (values below `n`).
pub fn inversions_NN(v: &[usize], n: usize) -> u64 {
    let mut tree = FenwickNN::<u64>::new(n);
    let mut count = 0;
    for (seen, &x) in v.iter().enumerate() {
        count += seen as u64 - tree.prefix(x + 1);
        tree.add(x, 1);
    }
    count
}

/// Whether every element is zero.
pub fn all_zero_NN<T: Zero>(v: &[T]) -> bool {
    v.iter().all(Zero::is_zero)
}

/// Running totals.
pub fn totals_NN(v: &[i64]) -> Vec<i64> {
    let mut acc = 0;
    v.iter()
        .map(|x| {
            acc += x;
            acc
        })
        .collect()
}

/// Counts of each value below `n`.
pub fn counts_NN(v: &[usize], n: usize) -> Vec<usize> {
    let mut out = vec![0; n];
    for &x in v {
        out[x] += 1;
    }
    out
}

/// The `k`-th smallest (0-based) in a multiset of counts.
pub fn kth_NN(counts: &[usize], mut k: usize) -> Option<usize> {
    for (x, &c) in counts.iter().enumerate() {
        if k < c {
            return Some(x);
        }
        k -= c;
    }
    None
}

/// The median of sorted `v`.
pub fn median_NN(v: &[i64]) -> Option<i64> {
    if v.is_empty() {
        None
    } else {
        Some(v[v.len() / 2])
    }
}

/// Pairs `(i, j)` with `i < j` and `v[i] + v[j] == target`.
pub fn pairs_NN(v: &[i64], target: i64) -> usize {
    let mut count = 0;
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            if v[i] + v[j] == target {
                count += 1;
            }
        }
    }
    count
}

/// The longest run of equal values.
pub fn longest_run_NN(v: &[i64]) -> usize {
    let (mut best, mut run) = (0, 0);
    for i in 0..v.len() {
        run = if i > 0 && v[i] == v[i - 1] { run + 1 } else { 1 };
        best = best.max(run);
    }
    best
}
"#;

const GRAPH: &str = r#"use std::collections::{BinaryHeap, VecDeque};
use std::cmp::Reverse;

/// A directed graph with weighted edges.
#[derive(Clone, Debug, Default)]
pub struct GraphNN {
    adj: Vec<Vec<(usize, u64)>>,
}

impl GraphNN {
    pub fn new(n: usize) -> Self {
        GraphNN { adj: vec![Vec::new(); n] }
    }

    pub fn add_edge(&mut self, from: usize, to: usize, w: u64) {
        self.adj[from].push((to, w));
    }

    pub fn len(&self) -> usize {
        self.adj.len()
    }

    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    pub fn bfs(&self, s: usize) -> Vec<Option<usize>> {
        let mut dist = vec![None; self.adj.len()];
        let mut queue = VecDeque::new();
        dist[s] = Some(0);
        queue.push_back(s);
        while let Some(v) = queue.pop_front() {
            let d = dist[v].expect("queued");
            for &(to, _) in &self.adj[v] {
                if dist[to].is_none() {
                    dist[to] = Some(d + 1);
                    queue.push_back(to);
                }
            }
        }
        dist
    }

    pub fn dijkstra(&self, s: usize) -> Vec<Option<u64>> {
        let mut dist = vec![None; self.adj.len()];
        let mut heap = BinaryHeap::new();
        heap.push(Reverse((0, s)));
        while let Some(Reverse((d, v))) = heap.pop() {
            if dist[v].is_some() {
                continue;
            }
            dist[v] = Some(d);
            for &(to, w) in &self.adj[v] {
                if dist[to].is_none() {
                    heap.push(Reverse((d + w, to)));
                }
            }
        }
        dist
    }

    pub fn topological_order(&self) -> Option<Vec<usize>> {
        let n = self.adj.len();
        let mut indegree = vec![0; n];
        for edges in &self.adj {
            for &(to, _) in edges {
                indegree[to] += 1;
            }
        }
        let mut queue: VecDeque<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(v) = queue.pop_front() {
            order.push(v);
            for &(to, _) in &self.adj[v] {
                indegree[to] -= 1;
                if indegree[to] == 0 {
                    queue.push_back(to);
                }
            }
        }
        if order.len() == n {
            Some(order)
        } else {
            None
        }
    }
}

/// A union-find forest.
pub struct DsuNN {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl DsuNN {
    pub fn new(n: usize) -> Self {
        DsuNN { parent: (0..n).collect(), size: vec![1; n] }
    }

    pub fn find(&mut self, v: usize) -> usize {
        if self.parent[v] != v {
            let root = self.find(self.parent[v]);
            self.parent[v] = root;
        }
        self.parent[v]
    }

    pub fn unite(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a;
        self.size[a] += self.size[b];
        true
    }
}
"#;

const STRING: &str = r#"/// The Z-function of `s`.
pub fn z_function_NN(s: &[u8]) -> Vec<usize> {
    let n = s.len();
    let mut z = vec![0; n];
    if n == 0 {
        return z;
    }
    z[0] = n;
    let (mut l, mut r) = (0, 0);
    for i in 1..n {
        if i < r {
            z[i] = (r - i).min(z[i - l]);
        }
        while i + z[i] < n && s[z[i]] == s[i + z[i]] {
            z[i] += 1;
        }
        if i + z[i] > r {
            l = i;
            r = i + z[i];
        }
    }
    z
}

/// The prefix function (KMP failure links) of `s`.
pub fn prefix_function_NN(s: &[u8]) -> Vec<usize> {
    let mut pi = vec![0; s.len()];
    for i in 1..s.len() {
        let mut k = pi[i - 1];
        while k > 0 && s[i] != s[k] {
            k = pi[k - 1];
        }
        if s[i] == s[k] {
            k += 1;
        }
        pi[i] = k;
    }
    pi
}

/// Where `pattern` occurs in `text`.
pub fn find_all_NN(text: &[u8], pattern: &[u8]) -> Vec<usize> {
    let mut joined = pattern.to_vec();
    joined.push(0);
    joined.extend_from_slice(text);
    let pi = prefix_function_NN(&joined);
    (0..text.len())
        .filter(|&i| pi[pattern.len() + 1 + i] == pattern.len())
        .map(|i| i + 1 - pattern.len())
        .collect()
}

/// A rolling hash of every prefix.
pub struct RollingHashNN {
    prefix: Vec<u64>,
    power: Vec<u64>,
}

impl RollingHashNN {
    const MOD: u64 = (1 << 61) - 1;

    pub fn new(s: &[u8], base: u64) -> Self {
        let mut prefix = vec![0; s.len() + 1];
        let mut power = vec![1; s.len() + 1];
        for (i, &c) in s.iter().enumerate() {
            prefix[i + 1] = Self::mul(prefix[i], base) + c as u64;
            prefix[i + 1] %= Self::MOD;
            power[i + 1] = Self::mul(power[i], base);
        }
        RollingHashNN { prefix, power }
    }

    fn mul(a: u64, b: u64) -> u64 {
        ((a as u128 * b as u128) % Self::MOD as u128) as u64
    }

    pub fn get(&self, l: usize, r: usize) -> u64 {
        (self.prefix[r] + Self::MOD - Self::mul(self.prefix[l], self.power[r - l])) % Self::MOD
    }
}

/// Whether `s` reads the same backwards.
pub fn is_palindrome_NN(s: &[u8]) -> bool {
    s.iter().eq(s.iter().rev())
}

/// The longest common prefix of `a` and `b`.
pub fn lcp_NN(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Run-length encoding.
pub fn run_length_NN(s: &[u8]) -> Vec<(u8, usize)> {
    let mut out: Vec<(u8, usize)> = Vec::new();
    for &c in s {
        match out.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => out.push((c, 1)),
        }
    }
    out
}
"#;

const MATH: &str = r#"use crate::algebra::{One, Zero};

/// Methods on integers.
pub trait IntExtNN: Copy {
    fn is_pow2_NN(self) -> bool;
    fn digits_NN(self) -> u32;
}

macro_rules! impl_int_ext_NN {
    ($($t:ty)*) => {$(
        impl IntExtNN for $t {
            fn is_pow2_NN(self) -> bool { self != 0 && self & (self - 1) == 0 }
            fn digits_NN(self) -> u32 {
                let mut n = self;
                let mut d = 1;
                while n >= 10 { n /= 10; d += 1; }
                d
            }
        }
    )*};
}

impl_int_ext_NN!(u8 u16 u32 u64 u128 usize);

/// The greatest common divisor.
pub fn gcd_NN(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd_NN(b, a % b)
    }
}

/// The least common multiple.
pub fn lcm_NN(a: u64, b: u64) -> u64 {
    a / gcd_NN(a, b) * b
}

/// `x^e mod m`.
pub fn pow_mod_NN(mut x: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    x %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = (r as u128 * x as u128 % m as u128) as u64;
        }
        x = (x as u128 * x as u128 % m as u128) as u64;
        e >>= 1;
    }
    r
}

/// `(g, x, y)` with `a x + b y = g`.
pub fn ext_gcd_NN(a: i64, b: i64) -> (i64, i64, i64) {
    if b == 0 {
        (a, 1, 0)
    } else {
        let (g, x, y) = ext_gcd_NN(b, a % b);
        (g, y, x - a / b * y)
    }
}

/// The primes below `n`.
pub fn primes_NN(n: usize) -> Vec<usize> {
    let mut sieve = vec![true; n.max(2)];
    sieve[0] = false;
    sieve[1] = false;
    let mut i = 2;
    while i * i < n {
        if sieve[i] {
            let mut j = i * i;
            while j < n {
                sieve[j] = false;
                j += i;
            }
        }
        i += 1;
    }
    (0..n).filter(|&i| sieve[i]).collect()
}

/// A power by squaring in any multiplicative type.
pub fn power_NN<T: One + Zero + Copy + std::ops::Mul<Output = T>>(x: T, mut e: u64) -> T {
    let (mut base, mut acc) = (x, T::one());
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * base;
        }
        base = base * base;
        e >>= 1;
    }
    acc
}

/// The divisors of `n`, sorted.
pub fn divisors_NN(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d * d <= n {
        if n % d == 0 {
            small.push(d);
            if d * d != n {
                large.push(n / d);
            }
        }
        d += 1;
    }
    large.reverse();
    small.extend(large);
    small
}
"#;

const MATRIX: &str = r#"use crate::algebra::Semiring;

/// A square matrix over a semiring.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixNN<T> {
    n: usize,
    a: Vec<T>,
}

impl<T: Semiring> MatrixNN<T> {
    pub fn zero(n: usize) -> Self {
        MatrixNN { n, a: vec![T::add_id(); n * n] }
    }

    pub fn identity(n: usize) -> Self {
        let mut m = Self::zero(n);
        for i in 0..n {
            m.a[i * n + i] = T::mul_id();
        }
        m
    }

    pub fn get(&self, i: usize, j: usize) -> &T {
        &self.a[i * self.n + j]
    }

    pub fn set(&mut self, i: usize, j: usize, x: T) {
        self.a[i * self.n + j] = x;
    }

    pub fn mul_ref(&self, other: &Self) -> Self {
        let n = self.n;
        let mut out = Self::zero(n);
        for i in 0..n {
            for k in 0..n {
                let x = &self.a[i * n + k];
                for j in 0..n {
                    let p = T::mul_op(x, &other.a[k * n + j]);
                    out.a[i * n + j] = T::add_op(&out.a[i * n + j], &p);
                }
            }
        }
        out
    }

    pub fn pow(&self, mut e: u64) -> Self {
        let (mut base, mut acc) = (self.clone(), Self::identity(self.n));
        while e > 0 {
            if e & 1 == 1 {
                acc = acc.mul_ref(&base);
            }
            base = base.mul_ref(&base);
            e >>= 1;
        }
        acc
    }

    pub fn transpose(&self) -> Self {
        let n = self.n;
        let mut out = Self::zero(n);
        for i in 0..n {
            for j in 0..n {
                out.a[j * n + i] = self.a[i * n + j].clone();
            }
        }
        out
    }
}

impl<T: Semiring> std::ops::Mul for MatrixNN<T> {
    type Output = MatrixNN<T>;
    fn mul(self, rhs: MatrixNN<T>) -> MatrixNN<T> {
        self.mul_ref(&rhs)
    }
}

/// The `k`-th Fibonacci number modulo 2^64.
pub fn fibonacci_NN(k: u64) -> u64 {
    let mut m = MatrixNN::<u64>::zero(2);
    m.set(0, 0, 1);
    m.set(0, 1, 1);
    m.set(1, 0, 1);
    *m.pow(k).get(0, 1)
}

/// The trace of a matrix of integers.
pub fn trace_NN(m: &MatrixNN<i64>) -> i64 {
    (0..m.n).map(|i| *m.get(i, i)).sum()
}

/// Whether `m` is symmetric.
pub fn is_symmetric_NN<T: Semiring + PartialEq>(m: &MatrixNN<T>) -> bool {
    m.transpose() == *m
}

/// Walks of length `k` between every pair, counted modulo 2^64.
pub fn walks_NN(adjacency: &[Vec<bool>], k: u64) -> MatrixNN<u64> {
    let n = adjacency.len();
    let mut m = MatrixNN::<u64>::zero(n);
    for (i, row) in adjacency.iter().enumerate() {
        for (j, &edge) in row.iter().enumerate() {
            if edge {
                m.set(i, j, 1);
            }
        }
    }
    m.pow(k)
}

/// The number of paths in a grid from the corner, by dynamic programming.
pub fn grid_paths_NN(h: usize, w: usize) -> u64 {
    let mut dp = vec![vec![0u64; w]; h];
    for i in 0..h {
        for j in 0..w {
            dp[i][j] = if i == 0 || j == 0 { 1 } else { dp[i - 1][j].wrapping_add(dp[i][j - 1]) };
        }
    }
    dp[h - 1][w - 1]
}
"#;

/// Programs on the library, as the library's users write them: `(name, main.rs, stdin)`.
pub fn programs() -> Vec<(&'static str, &'static str, &'static str)> {
    vec![
        ("big-small", BIG_SMALL, "12 18\n"),
        ("big-segtree", BIG_SEGTREE, "5\n3 1 4 1 5\n"),
        ("big-prelude", BIG_PRELUDE, "7\n"),
        ("big-family", BIG_FAMILY, "4\n6 4 9 12\n"),
        ("big-shapes", BIG_SHAPES, "3\n2 0 1\n"),
    ]
}

const BIG_SMALL: &str = r#"use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let v: Vec<u64> = input.split_whitespace().map(|t| t.parse().expect("a number")).collect();
    println!("{}", biglib::m004::gcd_4(v[0], v[1]));
}
"#;

const BIG_SEGTREE: &str = r#"use biglib::m006::{Max6, SegTree6};
use biglib::modint::Mod998244353;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let mut it = input.split_whitespace().map(|t| t.parse::<i64>().expect("a number"));
    let n = it.next().expect("n") as usize;
    let v: Vec<i64> = it.take(n).collect();
    let tree = SegTree6::<Max6>::from_vec(v.clone());
    let mut product = Mod998244353::new(1);
    for &x in &v {
        product *= Mod998244353::new(x);
    }
    println!("{} {} {}", tree.prod(1, n), tree.all_prod(), product.pow(3));
}
"#;

const BIG_FAMILY: &str = r#"use biglib::family::{Fold, Sum};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let mut it = input.split_whitespace().map(|t| t.parse::<i64>().expect("a number"));
    let n = it.next().expect("n") as usize;
    let v: Vec<i64> = it.take(n).collect();
    println!("{}", Fold::new(Sum::<i64>::default()).all(&v));
}
"#;

const BIG_SHAPES: &str = r#"use biglib::shapes::evaluate::values;
use biglib::shapes::poly::Poly;
use biglib::shapes::structures::{fold, Add};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let mut it = input.split_whitespace().map(|t| t.parse::<i64>().expect("a number"));
    let n = it.next().expect("n") as usize;
    let p = Poly(it.take(n).collect());
    let at = values(&p, &[0, 1, 2, 3]);
    println!("{:?} {}", at, fold(&Add::<i64>::default(), &at));
}
"#;

const BIG_PRELUDE: &str = r#"use biglib::prelude::*;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let k: u64 = input.trim().parse().expect("a number");
    let x = Mod1000000007::new(k as i64);
    println!("{} {} {}", x.inv() * x, fibonacci_35(k), u64::one() + u64::zero());
}
"#;
