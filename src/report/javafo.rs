//! The JaVaFo / bbpPairings pairing output (`trfcheck pair`): the number of pairs, then one
//! `white black` line per board in board order, the pairing-allocated bye as `player 0`.

use std::io::{self, Write};

use crate::systems::pairing::RoundPairing;

pub fn write(out: &mut dyn Write, pairing: &RoundPairing) -> io::Result<()> {
    writeln!(out, "{}", pairing.boards.len())?;
    for board in &pairing.boards {
        let [white, black] = board.as_pair();
        writeln!(out, "{white} {black}")?;
    }
    Ok(())
}
