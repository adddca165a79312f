//! Evaluations learned by self-play from the game file alone.
//!
//! A position is encoded ([`Features`]) from the view of the player to
//! move, from what every game file gives: in dice games each player's men
//! along his own track (so both players' views are alike), elsewhere each
//! site's piece by player and kind, the pieces in hand and whose turn it
//! is. A small network ([`Net`]: one hidden layer of sigmoid units, a
//! `tanh` output) maps it to the points the position is worth to the
//! player to move, as a share of the most a game is worth. [`train`]
//! learns the weights by TD(λ) from games the network plays against
//! itself (Tesauro's TD-Gammon, 1992, over the raw board), and
//! [`Evaluation`] keeps them in a file with what made them.

mod features;
mod file;
mod net;
mod train;

pub use features::Features;
pub use file::{Evaluation, FORMAT, MAX_EVALUATION_BYTES};
pub use net::{Net, Scratch};
pub use train::{Judge, MAX_TRAINING_TURNS, Options, Progress, ROUND_GAMES, greedy_choice, train};
