import type { InferenceSession, Tensor } from "onnxruntime-node";
import { boxesFromMap, DB_DEFAULTS, type Quad } from "./boxes";
import { cellBoxes, textAngle } from "./cells";
import { fromCrop, halfTurn, quadSize, quarterTurn, type Rgb, sampleQuad } from "./crop";
import { alphabetOf, ctcDecode, type DecodedChar } from "./ctc";
import { findGrid } from "./grid";
import { MODEL_FILES, recogniserCharacters } from "./models";

/**
 * PP-OCRv4 on decoded pixels: the detector finds the text boxes, the classifier turns the upside-down ones, the
 * recogniser reads each. Pre- and post-processing follow PaddleOCR's own (its inference defaults): the detector
 * sees the image in BGR with ImageNet's mean and deviation, its side a multiple of 32; the recogniser a crop 48
 * pixels high in [-1, 1], crops of like shape batched together. Runs in a child process (process.ts): native
 * code is kept away from the server.
 */

export interface ReadChar extends DecodedChar {
  /** Where it stands on the image (the middle of its step along the box). */
  x: number;
  y: number;
}
export interface ReadBox {
  /** Corners on the image, in reading order: top-left, top-right, bottom-right, bottom-left. */
  quad: Quad;
  /** Characters read, with " " where the recogniser saw a space. */
  chars: ReadChar[];
}

export interface Recogniser {
  /** Find the text on an image and read it; `side` is the long side the detector looks at. */
  read(img: Rgb, side: number): Promise<ReadBox[]>;
  /** Where the text is on an image, in its pixels; `side` is the long side the detector looks at. */
  detect(img: Rgb, side: number): Promise<Quad[]>;
  /** Read the text in boxes `detect` found (in `img`'s pixels): turned upright, a ruled table cell by cell. */
  readFound(img: Rgb, found: Quad[]): Promise<ReadBox[]>;
  /** Read given boxes (cells of a ruled table), each one line of text, turning none. */
  readBoxes(img: Rgb, quads: Quad[]): Promise<ReadBox[]>;
}

const REC_HEIGHT = 48;
/** The recogniser was trained on crops padded to 320 wide: shorter ones are padded to it too. */
const REC_MIN_WIDTH = 320;
const REC_BATCH = 6;
const CLS_SIZE = { width: 192, height: 48 };
/** A box this much taller than wide holds text running up or down the page. */
const TALL = 1.5;
/** A space the recogniser nearly read is a space: between words it often loses to the blank by a little. */
const SPACE_P = 0.15;
/** The detector never enlarges an image more than this (a small photo's grain is not text). */
const MAX_DET_ZOOM = 3;
/** Characters a work order, its label, a date or the words around them can hold: printable ASCII. */
const PLAIN = (ch: string) => ch >= " " && ch <= "~";

export async function createRecogniser(threads = 1): Promise<Recogniser> {
  const m = await loadModels(threads);
  const readFound = async (img: Rgb, quads: Quad[]): Promise<ReadBox[]> => {
    const found = quads.map((q) => {
      const { width, height } = quadSize(q);
      return height >= width * TALL ? quarterTurn(q) : q;
    });
    // Nothing found, nothing to turn, rule or read: a blank page costs its detection alone.
    if (!found.length) return [];
    const flip = await upsideDown(m, img, found);
    const upright = found.map((q) => (flip ? halfTurn(q) : q));
    const grid = findGrid(img, textAngle(upright));
    return (await recognise(m, img, grid ? cellBoxes(grid, upright) : upright)).filter((b) => b.chars.length);
  };
  return {
    detect: (img, side) => detect(m, img, side),
    readFound,
    async read(img, side) {
      return readFound(img, await detect(m, img, side));
    },
    async readBoxes(img, quads) {
      return (await recognise(m, img, quads)).filter((b) => b.chars.length);
    },
  };
}

/** The three models' sessions, the recogniser's alphabet, and how a session is run on one input. */
interface Models {
  det: InferenceSession;
  rec: InferenceSession;
  cls: InferenceSession;
  alphabet: ReturnType<typeof alphabetOf>;
  run(session: InferenceSession, data: Float32Array, dims: number[]): Promise<Tensor>;
}

async function loadModels(threads: number): Promise<Models> {
  const ort = await import("onnxruntime-node");
  const options: InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: "all",
    // Without the arena and memory patterns a process holds about half the memory, for a few percent more time.
    enableCpuMemArena: false,
    enableMemPattern: false,
  };
  const [det, rec, cls] = await Promise.all([
    ort.InferenceSession.create(MODEL_FILES.detector, options),
    ort.InferenceSession.create(MODEL_FILES.recogniser, options),
    ort.InferenceSession.create(MODEL_FILES.classifier, options),
  ]);
  const alphabet = alphabetOf(recogniserCharacters(), PLAIN);
  const run = async (session: InferenceSession, data: Float32Array, dims: number[]): Promise<Tensor> => {
    const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor("float32", data, dims) });
    return out[session.outputNames[0]!]!;
  };
  return { det, rec, cls, alphabet, run };
}

/** The text boxes the detector finds, on the image's own scale. */
async function detect(m: Models, img: Rgb, side: number): Promise<Quad[]> {
  const zoom = Math.min(side / Math.max(img.width, img.height), MAX_DET_ZOOM);
  const w = Math.max(32, Math.round((img.width * zoom) / 32) * 32);
  const h = Math.max(32, Math.round((img.height * zoom) / 32) * 32);
  const input = await detectorInput(img, w, h);
  const map = (await m.run(m.det, input, [1, 3, h, w])).data as Float32Array;
  const sx = img.width / w;
  const sy = img.height / h;
  return boxesFromMap(map, w, h, DB_DEFAULTS).map(
    (b) => b.quad.map((p) => ({ x: p.x * sx, y: p.y * sy })) as Quad,
  );
}

/**
 * Whether the page is upside down: each box's classifier says how likely it is turned, weighted by its
 * length. One page turns as a whole, so the boxes vote rather than each turning on its own (the classifier
 * is often unsure of a line of handwriting, and a line read upside down is lost).
 */
async function upsideDown(m: Models, img: Rgb, quads: Quad[]): Promise<boolean> {
  const { width: W, height: H } = CLS_SIZE;
  let vote = 0;
  for (let i = 0; i < quads.length; i += REC_BATCH) {
    const batch = quads.slice(i, i + REC_BATCH);
    const input = new Float32Array(batch.length * 3 * W * H);
    const lengths = batch.map((q, b) => {
      const { width, height } = quadSize(q);
      const w = Math.min(W, Math.max(1, Math.ceil((H * width) / Math.max(1, height))));
      putCrop(input, b, sampleQuad(img, q, w, H), w, H, W);
      return width / Math.max(1, height);
    });
    const p = (await m.run(m.cls, input, [batch.length, 3, H, W])).data as Float32Array;
    lengths.forEach((len, b) => {
      vote += len * (p[b * 2 + 1]! - p[b * 2]!);
    });
  }
  return vote > 0;
}

/** Read each box, crops of like shape batched together: its characters, spaces included, and where they stand. */
async function recognise(m: Models, img: Rgb, quads: Quad[]): Promise<ReadBox[]> {
  const ratios = quads.map((q) => {
    const { width, height } = quadSize(q);
    return width / Math.max(1, height);
  });
  // Crops of like shape together: each batch is padded to its widest.
  const order = quads.map((_, i) => i).sort((a, b) => ratios[a]! - ratios[b]!);
  const out: ReadBox[] = new Array(quads.length);
  for (let i = 0; i < order.length; i += REC_BATCH) {
    const ids = order.slice(i, i + REC_BATCH);
    const W = Math.ceil(REC_HEIGHT * Math.max(REC_MIN_WIDTH / REC_HEIGHT, ...ids.map((k) => ratios[k]!)));
    const input = new Float32Array(ids.length * 3 * REC_HEIGHT * W);
    const widths = ids.map((k, b) => {
      const w = Math.min(W, Math.max(1, Math.ceil(REC_HEIGHT * ratios[k]!)));
      putCrop(input, b, sampleQuad(img, quads[k]!, w, REC_HEIGHT), w, REC_HEIGHT, W);
      return w;
    });
    const t = await m.run(m.rec, input, [ids.length, 3, REC_HEIGHT, W]);
    const [, steps, classes] = t.dims as [number, number, number];
    const probs = t.data as Float32Array;
    const perStep = W / steps;
    ids.forEach((k, b) => {
      const quad = quads[k]!;
      const used = Math.min(steps, Math.ceil(widths[b]! / perStep));
      const offset = b * steps * classes;
      const decoded = withSpaces(ctcDecode(probs, offset, used, classes, m.alphabet), probs, offset, classes);
      const chars = decoded.map((c) => ({
        ...c,
        ...fromCrop(quad, widths[b]!, REC_HEIGHT, (c.step + 0.5) * perStep, REC_HEIGHT / 2),
      }));
      out[k] = { quad, chars };
    });
  }
  return out;
}

/** The class after the characters is the space (PaddleOCR's "use space char"). */
function withSpaces(chars: DecodedChar[], probs: Float32Array, offset: number, classes: number) {
  const space = classes - 1;
  const out: DecodedChar[] = [];
  chars.forEach((c, i) => {
    const prev = chars[i - 1];
    if (prev && prev.char !== " " && c.char !== " ") {
      let p = 0;
      for (let s = prev.step + 1; s < c.step; s++) p = Math.max(p, probs[offset + s * classes + space]!);
      if (p > SPACE_P) out.push({ ...c, char: " ", p });
    }
    out.push(c);
  });
  return out;
}

/** The detector's input: resized to w × h, BGR planes, ImageNet mean and deviation (PaddleOCR's DB input). */
async function detectorInput(img: Rgb, w: number, h: number): Promise<Float32Array> {
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  const px = await resize(img, w, h);
  const plane = w * h;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) input[c * plane + i] = (px[i * 3 + 2 - c]! / 255 - mean[c]!) / std[c]!;
  }
  return input;
}

/** The whole image resized to w × h (libvips: the detector's input is the largest image handled). */
async function resize(img: Rgb, w: number, h: number): Promise<Uint8Array> {
  const sharp = (await import("sharp")).default;
  const raw = { width: img.width, height: img.height, channels: 3 as const };
  return sharp(img.data, { raw }).resize(w, h, { fit: "fill" }).raw().toBuffer();
}

/** Crop pixels (RGB) into slot `b` of an N×3×H×W batch: BGR, scaled to [-1, 1], the rest of each row left 0. */
function putCrop(input: Float32Array, b: number, px: Uint8Array, w: number, h: number, W: number) {
  const plane = h * W;
  const base = b * 3 * plane;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) input[base + c * plane + y * W + x] = (px[s + 2 - c]! / 255 - 0.5) / 0.5;
    }
  }
}
