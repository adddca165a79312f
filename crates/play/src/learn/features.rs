//! The inputs of a learned evaluation: a position seen by one player.

use crate::engine::{Engine, State};

/// Inputs per track position in dice games: at least 1, 2 and 3 men, the
/// men past 3 (halved), and a man of the player's pinned there.
const PER_POSITION: usize = 5;

/// How positions of one game are encoded.
#[derive(Clone, Debug)]
pub struct Features {
    /// Dice games: each player's track, as sites in his order.
    tracks: Option<[Vec<u8>; 2]>,
    /// Sites of the board.
    sites: usize,
    /// Kinds of piece.
    kinds: usize,
    /// Games without dice: the most pieces of each kind in a hand, for
    /// scaling (0 where none is in a hand).
    hand: Vec<f32>,
    len: usize,
}

impl Features {
    /// The encoding of the engine's game.
    pub fn new(engine: &Engine) -> Features {
        let sites = engine.sites();
        let kinds = engine.game().kinds.len();
        if engine.has_tracks() {
            let tracks = [engine.track(0).to_vec(), engine.track(1).to_vec()];
            let len = (tracks[0].len() + tracks[1].len()) * PER_POSITION;
            return Features {
                tracks: Some(tracks),
                sites,
                kinds,
                hand: Vec::new(),
                len,
            };
        }
        let start = engine.start();
        let hand: Vec<f32> = (0..kinds)
            .map(|k| f32::from(start.hand[0][k].max(start.hand[1][k])))
            .collect();
        let in_hand = hand.iter().filter(|&&h| h > 0.0).count();
        Features {
            tracks: None,
            sites,
            kinds,
            len: 2 * kinds * sites + 2 * in_hand + 1,
            hand,
        }
    }

    /// How many inputs there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none (never: every game has sites).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The inputs of `st` seen by `player` that are not 0, as (index,
    /// value), in `out` (cleared first).
    pub fn encode(&self, engine: &Engine, st: &State, player: usize, out: &mut Vec<(u32, f32)>) {
        out.clear();
        if let Some(tracks) = &self.tracks {
            let mut base = 0;
            for p in [player, 1 - player] {
                let track = &tracks[p];
                for (i, &site) in track.iter().enumerate() {
                    let at = (base + i * PER_POSITION) as u32;
                    let site = site as usize;
                    if let Some((owner, _)) = st.piece(site)
                        && owner == p
                    {
                        let n = engine.men(st, site);
                        out.push((at, 1.0));
                        if n >= 2 {
                            out.push((at + 1, 1.0));
                        }
                        if n >= 3 {
                            out.push((at + 2, 1.0));
                        }
                        if n > 3 {
                            out.push((at + 3, f32::from(n - 3) / 2.0));
                        }
                    }
                    if engine.pins() && engine.pinned_man(st, site) == Some(p) {
                        out.push((at + 4, 1.0));
                    }
                }
                base += track.len() * PER_POSITION;
            }
            return;
        }
        let (sites, kinds) = (self.sites, self.kinds);
        for site in 0..sites {
            if let Some((owner, kind)) = st.piece(site) {
                let rel = usize::from(owner != player);
                out.push((((rel * kinds + kind) * sites + site) as u32, 1.0));
            }
        }
        let mut at = 2 * kinds * sites;
        for (kind, &most) in self.hand.iter().enumerate() {
            if most > 0.0 {
                for (rel, p) in [player, 1 - player].into_iter().enumerate() {
                    let n = f32::from(st.hand[p][kind]);
                    if n > 0.0 {
                        out.push(((at + rel) as u32, n / most));
                    }
                }
                at += 2;
            }
        }
        if player == 1 {
            out.push((at as u32, 1.0));
        }
    }
}
