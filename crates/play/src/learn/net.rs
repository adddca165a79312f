//! A network of one hidden layer: sparse inputs, sigmoid hidden units, a
//! `tanh` output.

use crate::rng::Rng;
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// The weights of a network.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Net {
    /// Inputs.
    pub inputs: usize,
    /// Hidden units.
    pub hidden: usize,
    /// Input to hidden, input-major: `w1[i * hidden + h]`.
    pub w1: Vec<f32>,
    /// Hidden biases.
    pub b1: Vec<f32>,
    /// Hidden to output.
    pub w2: Vec<f32>,
    /// Output bias.
    pub b2: f32,
}

/// The hidden units' activations of the last forward pass, reused.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    h: Vec<f32>,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A network of small random weights, drawn from `rng`.
    pub fn new(inputs: usize, hidden: usize, rng: &mut Rng) -> Net {
        let scale = 1.0 / (inputs.max(1) as f32).sqrt();
        let mut draw = |n: usize, s: f32| -> Vec<f32> {
            (0..n)
                .map(|_| (rng.random::<f32>() * 2.0 - 1.0) * s)
                .collect()
        };
        Net {
            inputs,
            hidden,
            w1: draw(inputs * hidden, scale),
            b1: vec![0.0; hidden],
            w2: draw(hidden, 1.0 / (hidden.max(1) as f32).sqrt()),
            b2: 0.0,
        }
    }

    /// Adds to its weights the change from `from` to `to` (networks of its
    /// shape): the merge of what threads learned from the same weights.
    pub fn add_change(&mut self, from: &Net, to: &Net) {
        let pairs = [
            (&mut self.w1, &from.w1, &to.w1),
            (&mut self.b1, &from.b1, &to.b1),
            (&mut self.w2, &from.w2, &to.w2),
        ];
        for (w, a, b) in pairs {
            for ((w, a), b) in w.iter_mut().zip(a).zip(b) {
                *w += b - a;
            }
        }
        self.b2 += to.b2 - from.b2;
    }

    /// How many weights it has.
    pub fn weights(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + 1
    }

    /// The output, from -1 to 1, for the inputs `active` (index, value;
    /// the others 0). Leaves the hidden activations in `scratch`.
    pub fn value(&self, active: &[(u32, f32)], scratch: &mut Scratch) -> f32 {
        let h = &mut scratch.h;
        h.clear();
        h.extend_from_slice(&self.b1);
        for &(i, x) in active {
            let row = &self.w1[i as usize * self.hidden..][..self.hidden];
            for (a, w) in h.iter_mut().zip(row) {
                *a += w * x;
            }
        }
        let mut z = self.b2;
        for (a, w) in h.iter_mut().zip(&self.w2) {
            *a = sigmoid(*a);
            z += *a * w;
        }
        z.tanh()
    }

    /// Adds `scale` times the gradient of the output at the last
    /// [`Net::value`] of `active` (with its result `v` and `scratch`) to
    /// `trace`, a vector of [`Net::weights`] laid out as `w1, b1, w2, b2`.
    pub fn add_gradient(
        &self,
        active: &[(u32, f32)],
        scratch: &Scratch,
        v: f32,
        scale: f32,
        trace: &mut [f32],
    ) {
        let dz = (1.0 - v * v) * scale;
        let (t1, rest) = trace.split_at_mut(self.w1.len());
        let (tb1, rest) = rest.split_at_mut(self.hidden);
        let (tw2, tb2) = rest.split_at_mut(self.hidden);
        tb2[0] += dz;
        for (k, &a) in scratch.h.iter().enumerate() {
            tw2[k] += dz * a;
            let dh = dz * self.w2[k] * a * (1.0 - a);
            tb1[k] += dh;
        }
        for &(i, x) in active {
            let row = &mut t1[i as usize * self.hidden..][..self.hidden];
            for (k, t) in row.iter_mut().enumerate() {
                let a = scratch.h[k];
                *t += dz * self.w2[k] * a * (1.0 - a) * x;
            }
        }
    }

    /// Adds `step` times `delta` (laid out as for [`Net::add_gradient`]).
    pub fn update(&mut self, delta: &[f32], step: f32) {
        let (d1, rest) = delta.split_at(self.w1.len());
        let (db1, rest) = rest.split_at(self.hidden);
        let (dw2, db2) = rest.split_at(self.hidden);
        for (w, d) in self.w1.iter_mut().zip(d1) {
            *w += step * d;
        }
        for (w, d) in self.b1.iter_mut().zip(db1) {
            *w += step * d;
        }
        for (w, d) in self.w2.iter_mut().zip(dw2) {
            *w += step * d;
        }
        self.b2 += step * db2[0];
    }
}
