// Sound shared by the game pages, made by the page with Web Audio: no file to download.

const SOUND_KEY = "golfcards.sound";
let audio = null;

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) !== "off";
}

export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
}

function context() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume();
  return audio;
}

/**
 * Make the sound machinery while the page is idle (when sound is on). Making it can take a tenth of
 * a second, which after the first move would stall that move's motion and the next tap; made before
 * any tap it waits, silent, and the first sound resumes it. Its first sound costs more again (the
 * first nodes of a context, the draw's noise: 5–7 ms of the main thread without slow-down, four
 * frames' worth at 4×): a silent one is made in a later idle moment, so the first move's is not.
 */
export function warm() {
  if (!soundOn() || audio) return;
  const idle = window.requestIdleCallback || ((task) => setTimeout(task, 500));
  idle(() => {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (audio || !Context || !soundOn()) return;
    try {
      audio = new Context();
    } catch {
      /* no sound is better than a broken page */
      return;
    }
    idle(() => {
      try {
        // The first nodes of a context and of each wave, and the draw's noise, made now; never played.
        const volume = audio.createGain();
        const filter = audio.createBiquadFilter();
        const source = audio.createBufferSource();
        source.buffer = noise(audio, DRAW_NOISE);
        source.connect(filter).connect(volume).connect(audio.destination);
        const made = [volume, filter, source];
        for (const type of ["triangle", "square"]) {
          const oscillator = audio.createOscillator();
          oscillator.type = type;
          oscillator.frequency.setValueAtTime(440, audio.currentTime);
          oscillator.frequency.exponentialRampToValueAtTime(660, audio.currentTime + 0.01);
          oscillator.connect(volume);
          made.push(oscillator);
        }
        for (const node of made) node.disconnect();
      } catch {
        /* the first sound makes them instead */
      }
    }, { timeout: 3000 });
  }, { timeout: 3000 });
}

function tone(ctx, frequency, at, length, { type = "triangle", gain = 0.12, to = null } = {}) {
  const start = ctx.currentTime + at;
  const oscillator = ctx.createOscillator();
  const volume = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, start);
  if (to) oscillator.frequency.exponentialRampToValueAtTime(to, start + length);
  volume.gain.setValueAtTime(0.0001, start);
  volume.gain.exponentialRampToValueAtTime(gain, start + 0.008);
  volume.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(volume).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.02);
}

const noises = new Map(); // length → its fading noise, made once: filling it is most of a draw's sound work

const DRAW_NOISE = 0.09;

/** A noise of `length` seconds that fades out (made once per length). */
function noise(ctx, length) {
  let buffer = noises.get(length);
  if (!buffer || buffer.sampleRate !== ctx.sampleRate) {
    const samples = Math.floor(ctx.sampleRate * length);
    buffer = ctx.createBuffer(1, samples, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < samples; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / samples) ** 2;
    noises.set(length, buffer);
  }
  return buffer;
}

function rustle(ctx, length, gain) {
  const buffer = noise(ctx, length);
  const source = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const volume = ctx.createGain();
  source.buffer = buffer;
  filter.type = "bandpass";
  filter.frequency.value = 2400;
  volume.gain.value = gain;
  source.connect(filter).connect(volume).connect(ctx.destination);
  source.start();
}

const EFFECTS = {
  draw: (ctx) => { rustle(ctx, DRAW_NOISE, 0.5); tone(ctx, 440, 0.03, 0.06, { gain: 0.05 }); },
  remove: (ctx) => tone(ctx, 660, 0, 0.1, { to: 990 }),
  undo: (ctx) => tone(ctx, 880, 0, 0.1, { to: 587, gain: 0.09 }),
  refuse: (ctx) => tone(ctx, 160, 0, 0.16, { type: "square", gain: 0.04, to: 110 }),
  win: (ctx) => [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ctx, f, i * 0.09, 0.25)),
};

/** Play one of the effects (draw, remove, undo, refuse, win) unless the player turned sound off. */
export function play(name) {
  if (!soundOn()) return;
  try {
    const ctx = context();
    if (ctx) EFFECTS[name](ctx);
  } catch {
    /* no sound is better than a broken page */
  }
}
