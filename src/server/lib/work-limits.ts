import type { Env } from "../env";
import { photoReaderShape } from "../ocr/photos/ppocr/host";
import { createFairGate } from "./fair-gate";
import { createPersonRate } from "./person-rate";

/** How long a refused person is told to wait before asking again when a queue is full. */
const BUSY_RETRY_S = 5;
const MB = 1024 * 1024;

/**
 * What keeps one person's costly requests from stalling everyone else's (issue 52): gates that let a few pieces of
 * work run at once and the rest in turn, round-robin by person, and a per-person rate for each kind of work.
 */
export function createWorkLimits(env: Env) {
  return {
    answers: createFairGate({
      concurrency: env.ANSWERS_AT_ONCE,
      maxWaiting: env.ANSWERS_QUEUE_MAX,
      busyMessage: "Many questions are being answered right now. Please ask again in a few seconds.",
      retryAfterS: BUSY_RETRY_S,
    }),
    /**
     * In front of the photo readers: as many photos read at once as there are reader processes, so their own
     * queue holds no more than this lets in; waiting photos are bounded in count and in the bytes they hold.
     */
    photos: createFairGate({
      concurrency: photoReaderShape(env.OCR_WORKERS).size,
      maxWaiting: env.OCR_QUEUE_MAX,
      maxWaitingBytes: Math.round(env.OCR_QUEUE_MB * MB),
      busyMessage: "Many photos are waiting to be read right now. Please send yours again in a few seconds.",
      retryAfterS: BUSY_RETRY_S,
    }),
    imports: createFairGate({
      concurrency: env.IMPORTS_AT_ONCE,
      maxWaiting: env.IMPORTS_QUEUE_MAX,
      busyMessage: "Many spreadsheets are being imported right now. Please try again in a few seconds.",
      retryAfterS: BUSY_RETRY_S,
    }),
    rate: {
      photos: createPersonRate({ perMinute: env.RATE_PHOTOS_PER_MIN, what: "photos" }),
      questions: createPersonRate({ perMinute: env.RATE_QUESTIONS_PER_MIN, what: "questions" }),
      imports: createPersonRate({ perMinute: env.RATE_IMPORTS_PER_MIN, what: "imports" }),
      uploads: createPersonRate({ perMinute: env.RATE_UPLOADS_PER_MIN, what: "uploads" }),
    },
  };
}

export type WorkLimits = ReturnType<typeof createWorkLimits>;
