//! GNU Backgammon's Match ID, read and written: the doubling cube, the
//! match score and length, whose turn it is, the dice and any double or
//! resignation offered, as gnubg prints them beside the Position ID
//! (`src/position_id.rs`).
//!
//! The ID (GNU Backgammon manual, "A technical description of the Match
//! ID") is 12 characters of base64 holding a 9-byte key, the first bit in
//! the least significant bit of the first byte, as in the Position ID. The
//! manual numbers the key's bits from 1:
//!
//! | bits  | field |
//! |-------|-------|
//! | 1-4   | log2 of the cube value |
//! | 5-6   | cube owner: 0, 1, or 3 when centred |
//! | 7     | the player on roll, or who has rolled (gnubg's `fMove`) |
//! | 8     | the Crawford game |
//! | 9-11  | game state: 0 no game, 1 playing, 2 over, 3 resigned, 4 ended by a dropped cube |
//! | 12    | whose turn it is to act (gnubg's `fTurn`): the other player while a double or a resignation is offered |
//! | 13    | a double offered |
//! | 14-15 | a resignation offered: 0 none, else the game's value it gives, 1, 2 or 3 times the cube |
//! | 16-18 | die 1 (0: not rolled) |
//! | 19-21 | die 2 |
//! | 22-36 | match length (0: a money game) |
//! | 37-51 | score of player 0 |
//! | 52-66 | score of player 1 |
//! | 67    | not in the manual: gnubg's code writes its `fJacoby` flag negated, so 1 in every match |
//!
//! Bits 68 to 72 are zero. gnubg writes the larger die first whatever the
//! order rolled, and reads either order.
//!
//! Players are numbered as gnubg numbers them. gnubg's player 0 is the
//! first player of its match: by default named `gnubg` and drawn `O`, at
//! the top of its text board, his score printed first ("gnubg 2, root 4");
//! player 1 is the second, by default the user, drawn `X` at the bottom.
//! ludus's player index is gnubg's player number: gnubg's player 0 is the
//! first `player` of the game file and player 1 the second (where the first
//! player's men are marked `o` and the second's `x`, the marks match
//! gnubg's). The Position ID beside a Match ID is keyed on the player on
//! roll of bit 7 (gnubg lists the other player's men first; the Position ID
//! stays the same when that player offers a double and bit 12 passes to his
//! opponent): it is read with `turn` the ludus player
//! [`MatchId::position_turn`].

/// The characters of an ID.
const ID_CHARS: usize = 12;
/// The largest match length and score: 15 bits.
const MAX_POINTS: u32 = (1 << 15) - 1;
use crate::ir::MAX_CUBE;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The state of the game a Match ID describes (bits 9-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// 0: no game started.
    NoGame,
    /// 1: a game being played.
    Playing,
    /// 2: the game over, played to its end.
    Over,
    /// 3: the game ended by a resignation accepted.
    Resigned,
    /// 4: the game ended by a double dropped.
    Dropped,
}

impl GameState {
    /// The state's number in the ID.
    pub fn code(self) -> u8 {
        match self {
            GameState::NoGame => 0,
            GameState::Playing => 1,
            GameState::Over => 2,
            GameState::Resigned => 3,
            GameState::Dropped => 4,
        }
    }

    /// The state numbered `code` in the ID, if there is one (0 to 4).
    pub fn from_code(code: u8) -> Option<GameState> {
        Some(match code {
            0 => GameState::NoGame,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            _ => return None,
        })
    }
}

/// The fields of a Match ID. Players are gnubg's player 0 and 1, which are
/// ludus's player indexes 0 and 1 (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchId {
    /// The cube's value: 1, 2, 4, ... up to 2^15.
    pub cube: u32,
    /// The player who owns the cube (0 or 1); `None` when it is centred.
    pub cube_owner: Option<u8>,
    /// The player on roll, or who has rolled `dice` (bit 7, gnubg's
    /// `fMove`): the player the Position ID is keyed on.
    pub on_roll: u8,
    /// Whether this is the Crawford game (only in a match).
    pub crawford: bool,
    /// The state of the game.
    pub state: GameState,
    /// The player to act (bit 12, gnubg's `fTurn`): `on_roll`, except while
    /// a double or a resignation is offered, when it is his opponent, who
    /// answers it.
    pub turn: u8,
    /// Whether a double is offered (to `turn`).
    pub double_offered: bool,
    /// The resignation offered (by the player who is not `turn`): 0 none,
    /// else the game's value it gives, 1, 2 or 3 times the cube.
    pub resign: u8,
    /// The dice rolled, each 1 to 6; `[0, 0]` when not rolled.
    pub dice: [u8; 2],
    /// The match length; 0 in a money game.
    pub length: u32,
    /// The scores of players 0 and 1 (in a money game, points won so far).
    pub score: [u32; 2],
    /// gnubg's `fJacoby` flag, stored negated in bit 67: gnubg writes
    /// `false` in a match, and in a money game its setting of that name.
    pub jacoby: bool,
}

impl MatchId {
    /// The 12-character Match ID of these fields, or why they cannot be
    /// written (a value that does not fit its bits, or that gnubg would not
    /// read, such as a score past the match length). The larger die is
    /// written first, as gnubg writes it.
    pub fn encode(&self) -> Result<String, String> {
        self.check()
            .map_err(|why| format!("cannot write a GNU Backgammon Match ID: {why}"))?;
        let mut dice = self.dice;
        if dice[0] < dice[1] {
            dice.swap(0, 1);
        }
        let fields: [(u32, u32); 14] = [
            (self.cube.trailing_zeros(), 4),
            (self.cube_owner.map_or(3, u32::from), 2),
            (self.on_roll.into(), 1),
            (self.crawford.into(), 1),
            (self.state.code().into(), 3),
            (self.turn.into(), 1),
            (self.double_offered.into(), 1),
            (self.resign.into(), 2),
            (dice[0].into(), 3),
            (dice[1].into(), 3),
            (self.length, 15),
            (self.score[0], 15),
            (self.score[1], 15),
            ((!self.jacoby).into(), 1),
        ];
        let mut key = 0u128;
        let mut at = 0;
        for (value, bits) in fields {
            key |= u128::from(value) << at;
            at += bits;
        }
        let bytes = key.to_le_bytes();
        // 72 bits as 12 characters of 6 bits, each byte's high bit first.
        Ok((0..ID_CHARS)
            .map(|c| {
                let value = (0..6).fold(0usize, |v, i| {
                    let b = c * 6 + i;
                    let set = bytes[b / 8] & (1 << (7 - b % 8)) != 0;
                    v | usize::from(set) << (5 - i)
                });
                BASE64[value] as char
            })
            .collect())
    }

    /// The fields of the Match ID `text`, or why it is not one: not 12
    /// base64 characters, or a field that no match can have, named.
    /// Re-encoding gives `text` back, but with the larger die first.
    pub fn decode(text: &str) -> Result<MatchId, String> {
        // Garbage is quoted by its start only.
        let shown: String = match text.char_indices().nth(ID_CHARS + 4) {
            Some((end, _)) => format!("{}...", &text[..end]),
            None => text.to_string(),
        };
        let not = |why: String| format!("`{shown}` is not a GNU Backgammon Match ID: {why}");
        if !text.bytes().all(|b| BASE64.contains(&b)) {
            return Err(not(
                "its characters are not all A-Z, a-z, 0-9, + and /".to_string()
            ));
        }
        if text.len() != ID_CHARS {
            return Err(not(format!("it has {} characters, not 12", text.len())));
        }
        let mut bytes = [0u8; 16];
        for (c, b) in text.bytes().enumerate() {
            let value = BASE64.iter().position(|&x| x == b).unwrap_or(0);
            for i in 0..6 {
                if value & (1 << (5 - i)) != 0 {
                    let bit = c * 6 + i;
                    bytes[bit / 8] |= 1 << (7 - bit % 8);
                }
            }
        }
        let key = u128::from_le_bytes(bytes);
        let mut at = 0;
        let mut take = |bits: u32| {
            let value = (key >> at) & ((1 << bits) - 1);
            at += bits;
            // At most 15 bits.
            value as u32
        };
        let (log_cube, owner, on_roll, crawford, state) =
            (take(4), take(2), take(1), take(1), take(3));
        let (turn, double_offered, resign) = (take(1), take(1), take(2));
        let dice = [take(3) as u8, take(3) as u8];
        let (length, score) = (take(15), [take(15), take(15)]);
        let (not_jacoby, unused) = (take(1), take(5));
        let cube_owner = match owner {
            0 | 1 => Some(owner as u8),
            3 => None,
            _ => {
                return Err(not(
                    "its cube owner (bits 5-6) is 2, not 0, 1 or 3 (centred)".to_string(),
                ));
            }
        };
        let Some(state) = GameState::from_code(state as u8) else {
            return Err(not(format!(
                "its game state (bits 9-11) is {state}, not 0 to 4"
            )));
        };
        if unused != 0 {
            return Err(not("its bits 68 to 72 are not all zero".to_string()));
        }
        let id = MatchId {
            cube: 1 << log_cube,
            cube_owner,
            on_roll: on_roll as u8,
            crawford: crawford == 1,
            state,
            turn: turn as u8,
            double_offered: double_offered == 1,
            resign: resign as u8,
            dice,
            length,
            score,
            jacoby: not_jacoby == 0,
        };
        id.check().map_err(not)?;
        Ok(id)
    }

    /// The ludus player on roll whom the Position ID beside this Match ID
    /// is read with (`turn: PLAYER`): `on_roll`, also while his opponent
    /// answers a double or a resignation.
    pub fn position_turn(&self) -> usize {
        usize::from(self.on_roll)
    }

    /// Why these fields cannot be a Match ID, if they cannot: the checks
    /// `encode` and `decode` share, so that what one accepts the other does.
    fn check(&self) -> Result<(), String> {
        if !self.cube.is_power_of_two() || self.cube > MAX_CUBE {
            return Err(format!(
                "the cube value {} is not a power of two from 1 to 32768",
                self.cube
            ));
        }
        if let Some(owner) = self.cube_owner.filter(|&o| o > 1) {
            return Err(format!("the cube owner is {owner}, not player 0 or 1"));
        }
        for (name, player) in [("player on roll", self.on_roll), ("turn", self.turn)] {
            if player > 1 {
                return Err(format!("the {name} is {player}, not player 0 or 1"));
            }
        }
        if self.resign > 3 {
            return Err(format!(
                "the resignation offered is {}, not 0 (none) or a game's value of 1, 2 or 3",
                self.resign
            ));
        }
        for (i, &die) in self.dice.iter().enumerate() {
            if die > 6 {
                return Err(format!("die {} is {die}, not 0 (not rolled) to 6", i + 1));
            }
        }
        if (self.dice[0] == 0) != (self.dice[1] == 0) {
            return Err(format!(
                "the dice are {} and {}: one rolled and the other not",
                self.dice[0], self.dice[1]
            ));
        }
        if self.length > MAX_POINTS {
            return Err(format!(
                "the match length {} is more than 32767",
                self.length
            ));
        }
        for (p, &score) in self.score.iter().enumerate() {
            if score > MAX_POINTS {
                return Err(format!(
                    "the score of player {p}, {score}, is more than 32767"
                ));
            }
        }
        if self.length == 0 {
            if self.crawford {
                return Err("a money game (match length 0) is not a Crawford game".to_string());
            }
            return Ok(());
        }
        for (p, &score) in self.score.iter().enumerate() {
            if score > self.length {
                return Err(format!(
                    "the score of player {p}, {score}, is past the match length {}",
                    self.length
                ));
            }
        }
        let won = self.score.iter().filter(|&&s| s == self.length).count();
        if won == 2 {
            return Err(format!(
                "both players have the match length {} as their score",
                self.length
            ));
        }
        if won == 1 && self.state == GameState::Playing {
            return Err(format!(
                "a game is being played though a player has won the match (score {}-{} in a match to {})",
                self.score[0], self.score[1], self.length
            ));
        }
        Ok(())
    }
}
