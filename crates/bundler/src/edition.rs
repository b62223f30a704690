//! Rust's editions, as the judges' profiles name them and the bundle is written for.

/// A Rust edition (Rust 2015 by default, as cargo reads a manifest without `edition`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Edition {
    #[default]
    E2015,
    E2018,
    E2021,
    E2024,
}

impl Edition {
    /// `"2021"` -> `Edition::E2021`.
    pub fn parse(text: &str) -> Result<Edition, String> {
        match text {
            "2015" => Ok(Edition::E2015),
            "2018" => Ok(Edition::E2018),
            "2021" => Ok(Edition::E2021),
            "2024" => Ok(Edition::E2024),
            _ => Err(format!("unknown edition {text:?}")),
        }
    }

    pub fn year(self) -> &'static str {
        match self {
            Edition::E2015 => "2015",
            Edition::E2018 => "2018",
            Edition::E2021 => "2021",
            Edition::E2024 => "2024",
        }
    }
}
