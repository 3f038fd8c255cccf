//! Enums known by a name: one table of names gives an enum its `name`, and
//! `FromStr` and `Display` by that name, so the command line, the save file
//! and the score tables spell it alike and a name is written once.

/// Gives the enum `$ty` a `name` from the table `Variant => "name"` (the doc
/// comments before the table document `name`), `FromStr` by those names (an
/// error `no $what is called "x"` for any other) and `Display` as the name.
macro_rules! by_name {
    (
        $ty:ident, $what:literal,
        $(#[$doc:meta])*
        { $($variant:ident => $name:literal),+ $(,)? }
    ) => {
        impl $ty {
            $(#[$doc])*
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }

        impl std::str::FromStr for $ty {
            type Err = String;

            #[doc = concat!("The ", $what, " called `name` (see [`", stringify!($ty), "::name`]).")]
            fn from_str(name: &str) -> Result<Self, String> {
                match name {
                    $($name => Ok($ty::$variant),)+
                    _ => Err(format!(concat!("no ", $what, " is called {:?}"), name)),
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

pub(crate) use by_name;

#[cfg(test)]
mod tests {
    use crate::core::engine::Border;
    use crate::core::gravity::Gravity;

    #[test]
    fn every_name_reads_back_and_another_is_refused_in_the_words_of_its_enum() {
        for g in Gravity::LEVELS {
            assert_eq!(g.to_string().parse(), Ok(g));
        }
        for b in Border::ALL {
            assert_eq!(b.to_string().parse(), Ok(b));
        }
        assert_eq!(
            "sideways".parse::<Gravity>(),
            Err("no gravity variant is called \"sideways\"".to_string())
        );
        assert_eq!(
            "Open".parse::<Border>(),
            Err("no border rule is called \"Open\"".to_string())
        );
    }
}
