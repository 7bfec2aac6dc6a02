//! A tie-break value: an exact fraction, ordered exactly, written as the regulations round it.

use std::cmp::Ordering;

use crate::model::Points;

/// An exact rational number (denominator positive), or no value (ARO without a game over the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Exact { numerator: i128, denominator: i128 },
    Missing,
}

/// How a value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Points and sums of points (and of products of points): one decimal, two where needed.
    Points,
    /// Counts, ratings and pairing numbers.
    Whole,
    /// Averages the text does not round (AOB): two decimals, halves up.
    Average,
}

impl Value {
    pub fn ratio(numerator: i128, denominator: i128) -> Value {
        if denominator == 0 {
            return Value::Missing;
        }
        let sign = if denominator < 0 { -1 } else { 1 };
        let (n, d) = (numerator * sign, denominator * sign);
        let g = gcd(n.unsigned_abs(), d.unsigned_abs()).max(1) as i128;
        Value::Exact { numerator: n / g, denominator: d / g }
    }

    pub fn whole(n: i64) -> Value {
        Value::ratio(i128::from(n), 1)
    }

    pub fn points(p: Points) -> Value {
        Value::ratio(i128::from(p.tenths()), 10)
    }

    /// A sum of products of two scores, each in tenths.
    pub fn hundredths(n: i64) -> Value {
        Value::ratio(i128::from(n), 100)
    }

    pub fn is_missing(self) -> bool {
        self == Value::Missing
    }

    /// The value as the regulations write it.
    pub fn show(self, shown: Shown) -> Option<String> {
        let Value::Exact { numerator, denominator } = self else { return None };
        let decimals: u32 = match shown {
            Shown::Whole => 0,
            Shown::Average => 2,
            // A third of a point (6.1.2's average of three games) is rounded at two decimals.
            Shown::Points if 10 % denominator == 0 => 1,
            Shown::Points => 2,
        };
        let scale = 10_i128.pow(decimals);
        // Halves up (towards +∞), as 10.1 rounds ratings.
        let scaled = (2 * numerator * scale + denominator).div_euclid(2 * denominator);
        let sign = if scaled < 0 { "-" } else { "" };
        let abs = scaled.abs();
        Some(if decimals == 0 {
            format!("{sign}{abs}")
        } else {
            format!("{sign}{}.{:0width$}", abs / scale, abs % scale, width = decimals as usize)
        })
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    /// No value ranks below every value.
    fn cmp(&self, other: &Value) -> Ordering {
        match (*self, *other) {
            (Value::Missing, Value::Missing) => Ordering::Equal,
            (Value::Missing, _) => Ordering::Less,
            (_, Value::Missing) => Ordering::Greater,
            (Value::Exact { numerator: a, denominator: b }, Value::Exact { numerator: c, denominator: d }) => {
                (a * d).cmp(&(c * b))
            }
        }
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_exact_and_written_as_the_regulations_round_them() {
        assert_eq!(Value::points(Points::from_tenths(115)).show(Shown::Points).as_deref(), Some("11.5"));
        assert_eq!(Value::hundredths(3725).show(Shown::Points).as_deref(), Some("37.25"));
        assert_eq!(Value::hundredths(3700).show(Shown::Points).as_deref(), Some("37.0"));
        assert_eq!(Value::ratio(3, 4).show(Shown::Points).as_deref(), Some("0.75"));
        assert_eq!(Value::ratio(7, 3).show(Shown::Average).as_deref(), Some("2.33"));
        assert_eq!(Value::ratio(4001, 2).show(Shown::Whole).as_deref(), Some("2001"));
        assert_eq!(Value::Missing.show(Shown::Whole), None);
        assert!(Value::ratio(1, 3) < Value::ratio(34, 100));
        assert!(Value::Missing < Value::whole(-5));
        assert_eq!(Value::ratio(2, 4), Value::ratio(-1, -2));
    }
}
