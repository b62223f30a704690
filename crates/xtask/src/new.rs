//! `xtask new NAME --judge PROFILE`: placeholder.

pub enum NewError {
    BadArgument(String),
    Failed(String),
}

pub fn create(_root: &std::path::Path, _name: &str, _judge: &str) -> Result<(), NewError> {
    Err(NewError::Failed("not yet".into()))
}
