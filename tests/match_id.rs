//! GNU Backgammon's Match ID (`src/match_id.rs`), read and written.
//!
//! The encoding is the one the GNU Backgammon manual describes ("A
//! technical description of the Match ID",
//! https://www.gnu.org/software/gnubg/manual/html_node/A-technical-description-of-the-Match-ID.html),
//! with one bit more that gnubg's code writes (`matchid.c`: bit 67, its
//! `fJacoby` flag negated) and the larger die first.
//!
//! The reference IDs below were printed by GNU Backgammon 1.07.001 (the
//! Debian package `gnubg`), run as `gnubg -t -q` with commands on standard
//! input: first `set player 0 human`, `set player 1 human` (so that gnubg
//! plays neither side) and `set seed 7`, then the commands given with each
//! ID, then `show board`, whose `Match ID` line is the ID. gnubg is not
//! needed to run these tests. gnubg's player 0 is `gnubg` (drawn `O`, his
//! score printed first), player 1 is `root` (drawn `X`).

use crate::common;

use ludus::engine::Engine;
use ludus::match_id::{GameState, MatchId};
use ludus::notation::{parse_position, position_text};
use ludus::playout::rng;
use rand::RngExt;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// A money game being played, the cube centred, player `p` on roll and to
/// act, the dice not rolled, the Jacoby rule on (gnubg's default).
fn money(p: u8) -> MatchId {
    MatchId {
        cube: 1,
        cube_owner: None,
        on_roll: p,
        crawford: false,
        state: GameState::Playing,
        turn: p,
        double_offered: false,
        resign: 0,
        dice: [0, 0],
        length: 0,
        score: [0, 0],
        jacoby: true,
    }
}

/// A game of a match to `length` at `score`, otherwise as [`money`]:
/// gnubg writes the Jacoby flag off in a match.
fn in_match(length: u32, score: [u32; 2], p: u8) -> MatchId {
    MatchId {
        length,
        score,
        jacoby: false,
        ..money(p)
    }
}

/// Reads `id` and writes it back, checking both ways against `fields`.
fn check(id: &str, fields: MatchId) {
    assert_eq!(MatchId::decode(id), Ok(fields), "{id}");
    assert_eq!(fields.encode().as_deref(), Ok(id), "{fields:?}");
}

/// The manual's example: "the score is 2-4 in a 9 point match with player
/// 0 holding a 2-cube, and player 1 has just rolled 52", `QYkqASAAIAAA`
/// (its bit 67 clear). gnubg itself, set to that state, prints the same ID
/// with bit 67 set, as it writes every match:
/// `new match 9`, `set score 2 4`, `set turn 1`, `set cube value 2`,
/// `set cube owner 0`, `set dice 5 2` -> `QYkqASAAIAAE`.
#[test]
fn the_manual_example() {
    let fields = MatchId {
        cube: 2,
        cube_owner: Some(0),
        dice: [5, 2],
        ..in_match(9, [2, 4], 1)
    };
    check("QYkqASAAIAAE", fields);
    check(
        "QYkqASAAIAAA",
        MatchId {
            jacoby: true,
            ..fields
        },
    );
}

/// IDs gnubg printed, each after the commands in its comment.
#[test]
fn ids_printed_by_gnubg() {
    let cases = [
        // new session; set turn 1
        ("cAkAAAAAAAAA", money(1)),
        // new session; set turn 1; set cube value 2; set cube owner 0;
        // set dice 6 4
        (
            "QQkTAAAAAAAA",
            MatchId {
                cube: 2,
                cube_owner: Some(0),
                dice: [6, 4],
                ..money(1)
            },
        ),
        // new session; set turn 0; set cube value 4; set cube owner 1
        (
            "EgEAAAAAAAAA",
            MatchId {
                cube: 4,
                cube_owner: Some(1),
                ..money(0)
            },
        ),
        // new session; set turn 0; set cube value 8; set cube owner 0;
        // set dice 3 1
        (
            "A4EFAAAAAAAA",
            MatchId {
                cube: 8,
                cube_owner: Some(0),
                dice: [3, 1],
                ..money(0)
            },
        ),
        // set jacoby off; new session; set turn 0
        (
            "MAEAAAAAAAAE",
            MatchId {
                jacoby: false,
                ..money(0)
            },
        ),
        // new match 5; set turn 0; set dice 5 2
        (
            "MIGqAAAAAAAE",
            MatchId {
                dice: [5, 2],
                ..in_match(5, [0, 0], 0)
            },
        ),
        // new match 5; set score 3 1; set turn 1; set cube value 2;
        // set cube owner 1; set dice 2 2
        (
            "UQmpADAACAAE",
            MatchId {
                cube: 2,
                cube_owner: Some(1),
                dice: [2, 2],
                ..in_match(5, [3, 1], 1)
            },
        ),
        // new match 5; set score 4 2; set crawford on; set turn 0
        (
            "sAGgAEAAEAAE",
            MatchId {
                crawford: true,
                ..in_match(5, [4, 2], 0)
            },
        ),
        // new match 5; set score 2 4; set turn 1; set dice 6 6 (gnubg:
        // "post-Crawford play")
        (
            "cAm7ACAAIAAE",
            MatchId {
                dice: [6, 6],
                ..in_match(5, [2, 4], 1)
            },
        ),
        // new match 5; set score 1 2; set turn 0; double ("gnubg doubles")
        (
            "MBmgABAAEAAE",
            MatchId {
                turn: 1,
                double_offered: true,
                ..in_match(5, [1, 2], 0)
            },
        ),
        // new session; set turn 1; set cube value 2; set cube owner 1; double
        (
            "UREAAAAAAAAA",
            MatchId {
                cube: 2,
                cube_owner: Some(1),
                turn: 0,
                double_offered: true,
                ..money(1)
            },
        ),
        // new session; set turn 1; resign gammon ("root has offered to
        // resign a gammon")
        (
            "cEEAAAAAAAAA",
            MatchId {
                turn: 0,
                resign: 2,
                ..money(1)
            },
        ),
        // new match 7; set score 2 5; set turn 0; set dice 4 3;
        // resign backgammon
        (
            "MGnuACAAKAAE",
            MatchId {
                turn: 1,
                resign: 3,
                dice: [4, 3],
                ..in_match(7, [2, 5], 0)
            },
        ),
        // set automatic game off; new session; set turn 0; resign single;
        // accept ("root accepts and wins a single game")
        (
            "MCsAAAAACAAA",
            MatchId {
                state: GameState::Resigned,
                turn: 1,
                resign: 1,
                score: [0, 1],
                ..money(0)
            },
        ),
        // set automatic game off; new match 7; set turn 1; double; drop
        // ("root wins a single game and 1 point")
        (
            "cATgAAAACAAE",
            MatchId {
                state: GameState::Dropped,
                turn: 0,
                ..in_match(7, [0, 1], 1)
            },
        ),
        // set automatic game off; new match 5; set score 3 1; set turn 0;
        // set board 4P8PAAABAAAAAA; set dice 2 1; move 1/off ("gnubg wins
        // a gammon and 2 points", "gnubg has won the match")
        (
            "cAqgAFAACAAE",
            MatchId {
                state: GameState::Over,
                ..in_match(5, [5, 1], 1)
            },
        ),
        // new match 25; set score 17 23; set turn 1; set cube value 16;
        // set cube owner 0; set dice 1 6
        (
            "RAknAxABuAAE",
            MatchId {
                cube: 16,
                cube_owner: Some(0),
                dice: [6, 1],
                ..in_match(25, [17, 23], 1)
            },
        ),
    ];
    for (id, fields) in cases {
        check(id, fields);
    }
}

/// gnubg writes the larger die first whatever the order set or rolled:
/// new session; set turn 0; set cube value 64; set cube owner 1;
/// set dice 2 5 ("gnubg has rolled 2 and 5") -> `FoEKAAAAAAAA`. An ID with
/// the smaller die first is read as it is, and written back gnubg's way.
#[test]
fn the_larger_die_is_written_first() {
    let rolled = MatchId {
        cube: 64,
        cube_owner: Some(1),
        dice: [2, 5],
        ..money(0)
    };
    assert_eq!(rolled.encode().as_deref(), Ok("FoEKAAAAAAAA"));
    let read = MatchId::decode("FoEKAAAAAAAA").unwrap();
    assert_eq!(read.dice, [5, 2]);
    // Bits 16-18 and 19-21 swapped: 2 then 5.
    let swapped = with_bits(&with_bits("FoEKAAAAAAAA", 15, 3, 2), 18, 3, 5);
    let read = MatchId::decode(&swapped).unwrap();
    assert_eq!(read, rolled);
    assert_eq!(read.encode().as_deref(), Ok("FoEKAAAAAAAA"));
}

fn engine() -> Engine {
    common::engine_at(&common::root().join("games/backgammon.game"))
}

/// The Position ID beside a Match ID is keyed on the player on roll (bit
/// 7), also while the other answers a double; gnubg's player 0 is ludus's
/// first player (White) and player 1 the second (Black).
///
/// gnubg: new session; set turn 0; set board 4P8PAAD/fwAAAA; show pipcount
/// ("gnubg 15, root 90"); double ("gnubg doubles"), after which the
/// Position ID is still `4P8PAAD/fwAAAA`, the Match ID `MBkAAAAAAAAA` and
/// the pip counts the same. White on roll, as `position_turn` says, with
/// 15 men on his ace point (15 pips), Black with 15 on his 6-point (90).
///
/// gnubg, the end of a match: `cAqgAFAACAAE` above, Position ID
/// `AAAAwP8fAAAAAA`: player 1 on roll, player 0 (White) has borne off all
/// his men and won.
#[test]
fn the_position_id_is_read_with_the_player_on_roll() {
    let engine = engine();
    let id = MatchId::decode("MBkAAAAAAAAA").unwrap();
    assert_eq!(
        id,
        MatchId {
            turn: 1,
            double_offered: true,
            ..money(0)
        }
    );
    let turn = &engine.game().players[id.position_turn()].name;
    let st = parse_position(&engine, &format!("4P8PAAD/fwAAAA; turn: {turn}")).unwrap();
    assert_eq!(
        position_text(&engine, &st),
        "white: 1*15; black: 6*15; turn: white; idle: 0"
    );

    let id = MatchId::decode("cAqgAFAACAAE").unwrap();
    assert_eq!((id.position_turn(), id.score), (1, [5, 1]));
    let turn = &engine.game().players[id.position_turn()].name;
    let st = parse_position(&engine, &format!("AAAAwP8fAAAAAA; turn: {turn}")).unwrap();
    assert_eq!(
        position_text(&engine, &st),
        "white: off*15; black: 6*15; turn: black; idle: 0"
    );
}

/// `id` with the `bits` bits from bit `at` (counted from 0) set to
/// `value`.
fn with_bits(id: &str, at: usize, bits: usize, value: u32) -> String {
    let mut key = [false; 72];
    for (c, b) in id.bytes().enumerate() {
        let v = BASE64.iter().position(|&x| x == b).unwrap();
        for i in 0..6 {
            // Base64 takes each byte's high bit first; the key, its low bit.
            let bit = c * 6 + i;
            key[bit / 8 * 8 + 7 - bit % 8] = v & (1 << (5 - i)) != 0;
        }
    }
    for i in 0..bits {
        key[at + i] = value & (1 << i) != 0;
    }
    (0..12)
        .map(|c| {
            let v = (0..6).fold(0, |v, i| {
                let bit = c * 6 + i;
                v | usize::from(key[bit / 8 * 8 + 7 - bit % 8]) << (5 - i)
            });
            BASE64[v] as char
        })
        .collect()
}

/// Malformed IDs and impossible fields are refused, the field named.
#[test]
fn decode_refuses_what_no_match_has() {
    let good = "UQmpADAACAAE"; // 5-point match, 3-1, cube 2 owned by 1, 2-2 rolled
    assert!(MatchId::decode(good).is_ok());
    let cases = [
        (String::new(), "0 characters, not 12"),
        ("UQmpADAACAAEA".into(), "13 characters, not 12"),
        ("UQmpADAACAA".into(), "11 characters, not 12"),
        ("UQmpADAACAA=".into(), "not all A-Z"),
        ("UQmpADAACAAé".into(), "not all A-Z"),
        (" QmpADAACAAE".into(), "not all A-Z"),
        (with_bits(good, 4, 2, 2), "cube owner (bits 5-6) is 2"),
        (with_bits(good, 8, 3, 5), "game state (bits 9-11) is 5"),
        (with_bits(good, 8, 3, 7), "game state (bits 9-11) is 7"),
        (with_bits(good, 15, 3, 7), "die 1 is 7"),
        (with_bits(good, 18, 3, 7), "die 2 is 7"),
        (with_bits(good, 15, 3, 0), "one rolled and the other not"),
        (
            with_bits(good, 36, 15, 6),
            "player 0, 6, is past the match length 5",
        ),
        (
            with_bits(good, 51, 15, 9),
            "player 1, 9, is past the match length 5",
        ),
        (
            with_bits(&with_bits(good, 36, 15, 5), 51, 15, 5),
            "both players",
        ),
        (with_bits(good, 36, 15, 5), "a game is being played though"),
        (with_bits(good, 67, 5, 1), "bits 68 to 72"),
        (with_bits(good, 71, 1, 1), "bits 68 to 72"),
        (with_bits("cAkAAAAAAAAA", 7, 1, 1), "money game"),
    ];
    for (id, why) in cases {
        let err = MatchId::decode(&id).expect_err(&id);
        assert!(err.contains("is not a GNU Backgammon Match ID"), "{err}");
        assert!(err.contains(why), "{id}: {err}");
    }
    // A match won is written once the game is over.
    let won = with_bits(&with_bits(good, 36, 15, 5), 8, 3, 2);
    assert_eq!(MatchId::decode(&won).map(|m| m.score), Ok([5, 1]));
}

/// Values that do not fit, or that gnubg would not read, are refused.
#[test]
fn encode_refuses_what_does_not_fit() {
    let base = in_match(5, [3, 1], 1);
    let cases = [
        (
            MatchId { cube: 0, ..base },
            "cube value 0 is not a power of two",
        ),
        (MatchId { cube: 3, ..base }, "cube value 3"),
        (
            MatchId {
                cube: 1 << 16,
                ..base
            },
            "cube value 65536",
        ),
        (
            MatchId {
                cube_owner: Some(2),
                ..base
            },
            "cube owner is 2",
        ),
        (MatchId { on_roll: 2, ..base }, "player on roll is 2"),
        (MatchId { turn: 2, ..base }, "turn is 2"),
        (MatchId { resign: 4, ..base }, "resignation offered is 4"),
        (
            MatchId {
                dice: [7, 1],
                ..base
            },
            "die 1 is 7",
        ),
        (
            MatchId {
                dice: [3, 9],
                ..base
            },
            "die 2 is 9",
        ),
        (
            MatchId {
                dice: [0, 4],
                ..base
            },
            "one rolled and the other not",
        ),
        (
            MatchId {
                length: 32768,
                ..base
            },
            "match length 32768 is more than 32767",
        ),
        (
            MatchId {
                score: [40000, 0],
                ..money(0)
            },
            "player 0, 40000, is more than 32767",
        ),
        (
            MatchId {
                score: [6, 1],
                ..base
            },
            "player 0, 6, is past the match length 5",
        ),
        (
            MatchId {
                score: [5, 1],
                ..base
            },
            "a game is being played though",
        ),
        (
            MatchId {
                score: [5, 5],
                state: GameState::Over,
                ..base
            },
            "both players",
        ),
        (
            MatchId {
                crawford: true,
                ..money(0)
            },
            "money game",
        ),
    ];
    for (fields, why) in cases {
        let err = fields.encode().expect_err(why);
        assert!(
            err.starts_with("cannot write a GNU Backgammon Match ID"),
            "{err}"
        );
        assert!(err.contains(why), "{fields:?}: {err}");
    }
    // The largest values that fit.
    let most = MatchId {
        cube: 1 << 15,
        score: [32767, 32767],
        ..money(1)
    };
    assert_eq!(MatchId::decode(&most.encode().unwrap()), Ok(most));
    let most = MatchId {
        state: GameState::Over,
        ..in_match(32767, [32767, 32766], 0)
    };
    assert_eq!(MatchId::decode(&most.encode().unwrap()), Ok(most));
}

/// Every field value written is read back, one field varied at a time.
#[test]
fn every_field_value_round_trips() {
    let base = in_match(11, [4, 7], 0);
    let mut all = Vec::new();
    for log in 0..16 {
        all.push(MatchId {
            cube: 1 << log,
            ..base
        });
    }
    for owner in [None, Some(0), Some(1)] {
        all.push(MatchId {
            cube_owner: owner,
            ..base
        });
    }
    for state in [
        GameState::NoGame,
        GameState::Playing,
        GameState::Over,
        GameState::Resigned,
        GameState::Dropped,
    ] {
        assert_eq!(GameState::from_code(state.code()), Some(state));
        all.push(MatchId { state, ..base });
    }
    for resign in 0..4 {
        all.push(MatchId {
            resign,
            turn: 1,
            ..base
        });
    }
    for a in 1..=6 {
        for b in 1..=a {
            all.push(MatchId {
                dice: [a, b],
                ..base
            });
        }
    }
    for (on_roll, turn, crawford, double_offered, jacoby) in
        [(0, 1, false, true, false), (1, 0, true, false, true)]
    {
        all.push(MatchId {
            on_roll,
            turn,
            crawford,
            double_offered,
            jacoby,
            ..base
        });
    }
    for fields in all {
        let id = fields.encode().unwrap();
        assert_eq!(id.len(), 12);
        assert_eq!(MatchId::decode(&id), Ok(fields), "{id}");
    }
}

/// Random strings, random base64 of every length near 12 and random keys
/// never make `decode` panic; every ID it accepts is written back as it
/// was, with its dice in gnubg's order.
#[test]
fn garbage_is_refused_without_panic() {
    let mut r = rng(29);
    let chars: Vec<char> =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= -_.\n\0é€𝄞"
            .chars()
            .collect();
    let mut accepted = 0;
    for round in 0..20_000 {
        let len = if round % 2 == 0 {
            12
        } else {
            r.random_range(0..20)
        };
        let text: String = (0..len)
            .map(|_| {
                if round % 4 == 0 {
                    BASE64[r.random_range(0..64)] as char
                } else {
                    chars[r.random_range(0..chars.len())]
                }
            })
            .collect();
        if let Ok(fields) = MatchId::decode(&text) {
            accepted += 1;
            let mut gnubg = fields;
            if gnubg.dice[0] < gnubg.dice[1] {
                gnubg.dice.swap(0, 1);
            }
            let back = fields.encode().unwrap();
            assert_eq!(MatchId::decode(&back), Ok(gnubg), "{text}");
            if fields.dice == gnubg.dice {
                assert_eq!(back, text);
            }
        }
    }
    // Random keys over the fields' usual ranges: small scores and lengths.
    for _ in 0..20_000 {
        let mut id = "AAAAAAAAAAAA".to_string();
        for (at, bits) in [(0, 4), (4, 2), (6, 1), (7, 1), (8, 3), (11, 1), (12, 1)] {
            id = with_bits(&id, at, bits, r.random_range(0..1 << bits));
        }
        for (at, bits) in [(13, 2), (15, 3), (18, 3), (66, 1)] {
            id = with_bits(&id, at, bits, r.random_range(0..1 << bits));
        }
        for at in [21, 36, 51] {
            id = with_bits(&id, at, 15, r.random_range(0..12));
        }
        if let Ok(fields) = MatchId::decode(&id) {
            accepted += 1;
            if fields.dice[0] >= fields.dice[1] {
                assert_eq!(fields.encode().as_deref(), Ok(id.as_str()));
            }
        }
    }
    assert!(accepted > 2_000, "{accepted}");
}
