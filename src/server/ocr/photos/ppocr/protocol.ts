import type { ReadBox } from "./recogniser";

/** Messages between the server and a photo-reading process (process.ts). */
export interface ReadRequest {
  id: number;
  bytes: Uint8Array;
  /** Refuse to decode past this many pixels (the header was checked; this guards the decoder too). */
  maxPixels: number;
}

export interface PhotoReading {
  /** Size as a person sees it (EXIF orientation applied): the boxes are in these pixels. */
  width: number;
  height: number;
  boxes: ReadBox[];
  /** The image the reader worked on (the photo, or the photo decoded down to the reader's working size). */
  worked: { width: number; height: number };
  /** Time spent reading (not queueing), ms. */
  ms: number;
}

export type ReadReply =
  | { ready: true }
  | { id: number; ok: true; value: PhotoReading }
  | { id: number; ok: false; kind: "unreadable" | "failed"; message: string };
