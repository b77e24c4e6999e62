#!/usr/bin/env node
/**
 * Writes the demo call recordings public/recordings/sample-1.wav … sample-3.wav:
 * mono, 8 kHz, 16-bit PCM (telephone quality), 4–5.5 seconds each, well under
 * 100 KB. They are not speech but sound like it: voiced "syllables" (a gliding
 * pitch with its harmonics shaped by two formants), short hisses for
 * consonants and pauses between words. Deterministic: the same bytes on every
 * run. Usage: node scripts/make-sample-recordings.mjs
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const RATE = 8000;
const OUT_DIR = path.join(import.meta.dirname, "..", "public", "recordings");

/** A small deterministic PRNG (mulberry32), so the files never change between runs. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Vowel formants (Hz): a, e, i, o, u. */
const VOWELS = [
  [730, 1090],
  [530, 1840],
  [270, 2290],
  [570, 840],
  [300, 870],
];

/** One voiced syllable of `n` samples at pitch `f0`, gliding by `glide`, with a vowel's two formants. */
function syllable(n, f0, glide, [f1, f2], rnd) {
  const out = new Float64Array(n);
  let phase = 0;
  const jitter = 0.02 * rnd();
  for (let i = 0; i < n; i++) {
    const t = i / n;
    const pitch = f0 * (1 + glide * (t - 0.5)) * (1 + jitter * Math.sin(2 * Math.PI * 5 * (i / RATE)));
    phase += (2 * Math.PI * pitch) / RATE;
    let s = 0;
    for (let h = 1; h * pitch < RATE / 2 - 200; h++) {
      const f = h * pitch;
      // Each harmonic's weight: the sum of two resonances, falling with frequency.
      const w = Math.exp(-(((f - f1) / 180) ** 2)) + 0.6 * Math.exp(-(((f - f2) / 250) ** 2)) + 0.05 / h;
      s += w * Math.sin(h * phase);
    }
    // Quick attack, slower decay.
    const env = Math.min(1, t / 0.12) * Math.min(1, (1 - t) / 0.35);
    out[i] = s * env;
  }
  return out;
}

/** A consonant's hiss: band-limited noise with a short envelope. */
function hiss(n, rnd) {
  const out = new Float64Array(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const white = rnd() * 2 - 1;
    // A first difference pushes the noise towards the high frequencies, like "s" or "f".
    const s = white - 0.7 * prev;
    prev = white;
    const t = i / n;
    out[i] = 0.35 * s * Math.sin(Math.PI * t);
  }
  return out;
}

/** `seconds` of speech-like sound for one speaker (`f0`: their pitch), normalised to about -3 dBFS. */
function speech(seconds, f0, seed) {
  const rnd = random(seed);
  const total = Math.round(seconds * RATE);
  const samples = new Float64Array(total);
  let at = Math.round(0.15 * RATE);
  while (at < total - 0.25 * RATE) {
    // A word: 1 to 3 syllables, some starting with a consonant.
    const syllables = 1 + Math.floor(rnd() * 3);
    for (let s = 0; s < syllables && at < total - 0.25 * RATE; s++) {
      if (rnd() < 0.4) {
        const n = Math.round((0.04 + 0.05 * rnd()) * RATE);
        samples.set(hiss(Math.min(n, total - at), rnd), at);
        at += n;
      }
      const n = Math.min(Math.round((0.12 + 0.18 * rnd()) * RATE), total - at);
      const vowel = VOWELS[Math.floor(rnd() * VOWELS.length)];
      const voiced = syllable(n, f0 * (0.85 + 0.3 * rnd()), 0.3 * (rnd() - 0.5), vowel, rnd);
      for (let i = 0; i < n; i++) samples[at + i] += voiced[i];
      at += n;
    }
    // The pause between words, longer now and then (the end of a phrase).
    at += Math.round((rnd() < 0.25 ? 0.35 + 0.3 * rnd() : 0.06 + 0.1 * rnd()) * RATE);
  }
  // A faint line noise under everything, as on a phone line.
  for (let i = 0; i < total; i++) samples[i] += 0.004 * (rnd() * 2 - 1);
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const gain = peak > 0 ? 0.7 / peak : 0;
  return samples.map((s) => s * gain);
}

/** The samples as a RIFF/WAVE file: PCM, mono, 16-bit, RATE Hz. */
function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(s * 32767))), i * 2));
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const SAMPLES = [
  { name: "sample-1.wav", seconds: 4, f0: 120, seed: 1 },
  { name: "sample-2.wav", seconds: 5, f0: 210, seed: 2 },
  { name: "sample-3.wav", seconds: 5.5, f0: 165, seed: 3 },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const s of SAMPLES) {
  const file = wav(speech(s.seconds, s.f0, s.seed));
  writeFileSync(path.join(OUT_DIR, s.name), file);
  console.log(`${path.relative(process.cwd(), path.join(OUT_DIR, s.name))}: ${s.seconds} s, ${file.length} bytes`);
}
